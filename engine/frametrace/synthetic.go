package frametrace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// Synthetic trace kinds.
var Kinds = []string{"60hz", "144hz", "240hz", "hitches", "stall", "background", "vsync-miss"}

// Shapes of the synthetic traces.
const (
	HitchSeconds      = 0.05 // a hitch frame
	HitchEvery        = 30   // a hitch every 30th frame of 60 Hz: twice a second
	StallSeconds      = 0.25 // the one stall frame
	BackgroundSeconds = 8.0  // the one return from background
	VsyncMissEvery    = 7    // every 7th 60 Hz frame misses vsync: twice as long
)

// SyntheticDef says how long a synthetic trace runs and how much the rates
// with jitter wander.
type SyntheticDef struct {
	Seconds float64 // display time of the ordinary frames, > 0
	// Jitter is the jittered kinds' spread: each frame is the period times
	// 1 + Jitter*u, u uniform in [-1, 1]. In [0, 1).
	Jitter float64
	Seed   uint64
}

// CheckKind refuses a kind that is not one of Kinds.
func CheckKind(kind string) error {
	for _, k := range Kinds {
		if k == kind {
			return nil
		}
	}
	return fmt.Errorf("%q is not one of %s", kind, strings.Join(Kinds, ", "))
}

// Synthetic returns the frame seconds of kind: 60hz, 144hz and 240hz at that
// rate with jitter; hitches (60 Hz with every HitchEvery-th frame lasting
// HitchSeconds); stall (60 Hz with one StallSeconds frame half-way);
// background (60 Hz with one BackgroundSeconds frame half-way, as when a
// window comes back from the background); vsync-miss (60 Hz with every
// VsyncMissEvery-th frame doubled).
func Synthetic(kind string, def SyntheticDef) ([]float64, error) {
	if err := CheckKind(kind); err != nil {
		return nil, err
	}
	hz := 60.0
	switch kind {
	case "144hz":
		hz = 144
	case "240hz":
		hz = 240
	}
	period := 1 / hz
	n := int(math.Round(def.Seconds * hz))
	out := make([]float64, max(n, 1))
	// Its own PRNG per kind, so one kind's trace does not change when
	// another is added to the list.
	rng := rand.New(rand.NewPCG(def.Seed, uint64(kindIndex(kind))))
	for i := range out {
		f := period
		switch kind {
		case "60hz", "144hz", "240hz":
			f = period * (1 + def.Jitter*(2*rng.Float64()-1))
		case "hitches":
			if (i+1)%HitchEvery == 0 {
				f = HitchSeconds
			}
		case "vsync-miss":
			if (i+1)%VsyncMissEvery == 0 {
				f = 2 * period
			}
		}
		out[i] = f
	}
	switch kind {
	case "stall":
		out[len(out)/2] = StallSeconds
	case "background":
		out[len(out)/2] = BackgroundSeconds
	}
	return out, nil
}

func kindIndex(kind string) int {
	for i, k := range Kinds {
		if k == kind {
			return i
		}
	}
	return -1
}
