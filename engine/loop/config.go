// Package loop is the fixed-step game loop: it turns the display's frame
// seconds into whole physics steps of one fixed length, keeps the leftover
// time in a float64 accumulator, and reports how far the renderer should
// blend between the last two physics states (alpha).
//
// The loop never reads a clock: whoever owns one (a window, or a simulated
// display in headless runs and tests) hands Advance the frame seconds. That
// keeps every run reproducible and lets tests feed synthetic frame times.
//
// See Glenn Fiedler, "Fix Your Timestep!" (2004), for the pattern; this
// package adds separate accounting of every second it throws away, so that
// what was fed always equals what was stepped, kept or dropped.
package loop

import (
	"fmt"
	"math"
)

// Config holds the loop's fixed settings. Build one with DefaultConfig and
// change what you need; New validates it.
type Config struct {
	// StepSeconds is the length of one physics step in seconds. Must be
	// finite and > 0. Default 1/60.
	StepSeconds float64
	// MaxStepsPerFrame caps the steps one Advance may run (>= 1). When the
	// cap stops a frame with a whole step still owed, the accumulator is
	// dropped and reported as CappedSeconds. Use math.MaxInt for no cap.
	// Default 8.
	MaxStepsPerFrame int
	// MaxFrameSeconds clamps the (time-scaled) seconds one Advance adds to
	// the accumulator; the excess is reported as ClampedSeconds. Must be
	// >= 0 and not NaN; 0 or +Inf means no clamp. Default 0.25.
	MaxFrameSeconds float64
	// Policy is how frame seconds become steps; the zero value, Fixed, is
	// the deterministic loop.
	Policy Policy
	// CatchUp is what happens to time a frame cannot step; the zero value
	// is Drop.
	CatchUp CatchUp
}

// DefaultConfig returns the design defaults: 60 Hz physics, at most 8 steps
// per frame, frame time clamped to 0.25 s.
func DefaultConfig() Config {
	return Config{StepSeconds: 1.0 / 60.0, MaxStepsPerFrame: 8, MaxFrameSeconds: 0.25}
}

// Validate reports the first setting out of range, naming the field and the
// value.
func (c Config) Validate() error {
	if !(c.StepSeconds > 0) || math.IsInf(c.StepSeconds, 0) {
		return fmt.Errorf("loop: StepSeconds %v: must be finite and > 0", c.StepSeconds)
	}
	if c.MaxStepsPerFrame < 1 {
		return fmt.Errorf("loop: MaxStepsPerFrame %d: must be >= 1", c.MaxStepsPerFrame)
	}
	if !(c.MaxFrameSeconds >= 0) {
		return fmt.Errorf("loop: MaxFrameSeconds %v: must be >= 0 (0 = no clamp)", c.MaxFrameSeconds)
	}
	if c.Policy >= numPolicies {
		return fmt.Errorf("loop: Policy %d: unknown", c.Policy)
	}
	if c.CatchUp >= numCatchUps {
		return fmt.Errorf("loop: CatchUp %d: unknown", c.CatchUp)
	}
	return nil
}

// Time scale limits accepted by SetTimeScale.
const (
	MinTimeScale = 0.05 // slowest slow motion
	MaxTimeScale = 2.0  // fastest fast forward
)
