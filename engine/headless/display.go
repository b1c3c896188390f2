package headless

import (
	"fmt"
	"math/rand/v2"
)

// DisplayDef describes the simulated display that hands the loop its frame
// seconds in a headless run: the only clock such a run has.
type DisplayDef struct {
	Hz           float64 // presentation rate, frames per second; > 0
	Jitter       float64 // each frame lasts (1 + Jitter*u)/Hz, u uniform in [-1, 1]; in [0, 1)
	HitchEvery   int     // every HitchEvery-th frame lasts HitchSeconds instead; 0 = never
	HitchSeconds float64 // seconds; > 0 when HitchEvery > 0
	Seed         uint64  // seeds the jitter PRNG: same seed, same frame times
	// VRR, when on, makes it a variable-refresh display (vrr.go) whose
	// frames last their render time, uniform in [RenderMin, RenderMax] s
	// from the seed (the jitter model around their mean), a hitch frame's
	// HitchSeconds; Hz is then VRR.Max, the bound of its frame count.
	VRR                  VRR
	RenderMin, RenderMax float64
	// RenderTrace, when set, are the VRR display's render times instead,
	// s, one a frame from a frame-time trace (-frames-from), cycled.
	RenderTrace []float64
}

// Ranges of the simulated display, refused outside by Validate (README,
// "Limits"). Below MinDisplayHz a frame lasts over 10 s and is all clamp;
// above MaxDisplayHz a run spends millions of frames per tick. A hitch
// shorter than MinHitchSeconds is no hitch, and one longer than
// MaxHitchSeconds is only ever clamped (max_frame_seconds is 0.25 s by
// default).
const (
	MinDisplayHz    = 0.1
	MaxDisplayHz    = 100000
	MinHitchSeconds = 1e-4
	MaxHitchSeconds = 60
)

// Validate names the first field that is out of range, in flag spelling,
// with the accepted range. HitchSeconds is checked whenever it is set, not
// only when HitchEvery uses it, so that a bad value never passes silently.
func (d DisplayDef) Validate() error {
	if d.VRR.On() {
		if err := d.validateVRR(); err != nil {
			return err
		}
	} else if d.RenderTrace != nil {
		return fmt.Errorf("-frames-from: render times apply to a -display vrr: display")
	}
	switch {
	case !(d.Hz >= MinDisplayHz && d.Hz <= MaxDisplayHz):
		return fmt.Errorf("-display-hz %v: must be a rate in %g..%g Hz", d.Hz, MinDisplayHz, float64(MaxDisplayHz))
	case !(d.Jitter >= 0 && d.Jitter < 1):
		return fmt.Errorf("-jitter %v: must be in [0, 1)", d.Jitter)
	case d.HitchEvery < 0:
		return fmt.Errorf("-hitch-every %d: must be >= 0", d.HitchEvery)
	case (d.HitchEvery > 0 || d.HitchSeconds != 0) &&
		!(d.HitchSeconds >= MinHitchSeconds && d.HitchSeconds <= MaxHitchSeconds):
		return fmt.Errorf("-hitch-seconds %v: must be a time in %g..%g s", d.HitchSeconds, MinHitchSeconds, float64(MaxHitchSeconds))
	}
	return nil
}

// meanFrameSeconds is the nominal length of a frame averaged over one hitch
// period (jitter averages out): what run-length bounds are estimated with.
func (d DisplayDef) meanFrameSeconds() float64 {
	normal := 1 / d.Hz
	if d.HitchEvery <= 0 {
		return normal
	}
	n := float64(d.HitchEvery)
	return ((n-1)*normal + d.HitchSeconds) / n
}

// Display is a simulated display: a deterministic sequence of frame times.
type Display struct {
	def   DisplayDef
	rng   *rand.Rand
	frame int

	lastRender  float64 // VRR: the last frame's render time
	lastRepeats int     // VRR: repeats while it rendered
	repeats     uint64  // VRR: repeats so far
}

// NewDisplay returns the display def describes; def must be valid.
func NewDisplay(def DisplayDef) *Display {
	// PCG rather than the global source: runs must repeat bit for bit, and the
	// sequence must not depend on anything but the seed.
	return &Display{def: def, rng: rand.New(rand.NewPCG(def.Seed, 0x5eed))}
}

// Next returns the length in seconds of the next frame.
func (d *Display) Next() float64 {
	d.frame++
	// Draw u every frame, hitch or not, so that adding hitches does not shift
	// the jitter of the frames around them.
	u := 2*d.rng.Float64() - 1
	hitch := d.def.HitchEvery > 0 && d.frame%d.def.HitchEvery == 0
	if d.def.VRR.On() {
		render := d.def.RenderMin + (d.def.RenderMax-d.def.RenderMin)*(u+1)/2
		if tr := d.def.RenderTrace; len(tr) > 0 {
			render = tr[(d.frame-1)%len(tr)]
		}
		if hitch {
			render = d.def.HitchSeconds
		}
		return d.vrrNext(render)
	}
	if hitch {
		return d.def.HitchSeconds
	}
	return (1 + d.def.Jitter*u) / d.def.Hz
}
