package latency

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Placement is how synthetic inputs are spread over a run.
type Placement int

// Placements.
const (
	Random  Placement = iota // uniform random display times from the seed
	Uniform                  // evenly spaced, each in the middle of its share
)

// ParsePlacement reads -inputs-at.
func ParsePlacement(s string) (Placement, error) {
	switch s {
	case "random":
		return Random, nil
	case "uniform":
		return Uniform, nil
	}
	return 0, fmt.Errorf("%q is not random or uniform", s)
}

// String is the flag spelling.
func (p Placement) String() string {
	if p == Uniform {
		return "uniform"
	}
	return "random"
}

// TailTicks are the last ticks of a run no input arrives in: one to reach
// the boundary, one for the step, one for interpolation's lag, one for the
// run's cut last frame.
const TailTicks = 4

// TickSpan is the display time inputs are placed over in a run of ticks
// steps of stepSeconds: all but the TailTicks; 0 or less when too short.
func TickSpan(ticks uint64, stepSeconds float64) float64 {
	return (float64(ticks) - TailTicks) * stepSeconds
}

// Arrivals places n inputs in [0, span) display seconds, ascending. Random
// ones depend on the seed only, so every display rate of a compare gets the
// same arrivals.
func Arrivals(p Placement, n int, span float64, seed uint64) []float64 {
	out := make([]float64, n)
	if p == Uniform {
		for i := range out {
			out[i] = (float64(i) + 0.5) * span / float64(n)
		}
		return out
	}
	// Its own stream, apart from the display's jitter of the same seed.
	rng := rand.New(rand.NewPCG(seed, 0x1a7e))
	for i := range out {
		out[i] = span * rng.Float64()
	}
	slices.Sort(out)
	return out
}
