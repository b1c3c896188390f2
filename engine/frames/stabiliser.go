package frames

import "math"

// DefaultStabiliserTolerance is the default snapping tolerance, as a fraction
// of a physics step.
const DefaultStabiliserTolerance = 0.1

// Stabiliser snaps frame times that lie within a small tolerance of a whole
// number of physics steps to exactly that number of steps.
//
// The problem it shows: with a display at the physics rate, measured frame
// times jitter around the step length, and the accumulator, sitting near a
// step boundary, then runs 0, 2, 0, 2 steps per frame instead of 1, 1, 1: the
// drawn motion stutters although the average is right.
//
// Snapping alone would lose or invent time (a 59.94 Hz display snapped to
// 60 Hz gains 1 ms a second), so the difference is kept as a residual and
// added to the next frame (the approach of T. Glaiel's "How to make your game
// run at 60fps", 2020): over any run, the seconds handed on equal the seconds
// measured plus the current residual, which stays within one tolerance.
// Off by default so users can see the problem and then the fix.
type Stabiliser struct {
	// Enabled turns snapping on; when false Apply returns its input.
	Enabled bool
	// Tolerance is how close to a whole number of steps a frame must be to be
	// snapped, as a fraction of a step, in (0, 0.5); default 0.1.
	Tolerance float64

	residual float64
}

// NewStabiliser returns a disabled stabiliser with the default tolerance.
func NewStabiliser() *Stabiliser {
	return &Stabiliser{Tolerance: DefaultStabiliserTolerance}
}

// Apply returns the frame seconds to hand to the loop for a measured frame of
// frameSeconds with physics steps of stepSeconds.
func (s *Stabiliser) Apply(frameSeconds, stepSeconds float64) float64 {
	if !s.Enabled || !(stepSeconds > 0) || !(frameSeconds >= 0) || math.IsInf(frameSeconds, 0) {
		s.residual = 0
		return frameSeconds
	}
	t := frameSeconds + s.residual
	k := math.Round(t / stepSeconds)
	out := t
	if k >= 1 && math.Abs(t-k*stepSeconds) <= s.Tolerance*stepSeconds {
		out = k * stepSeconds
	}
	s.residual = t - out
	return out
}

// Residual is the measured time not yet handed on, in seconds (negative when
// more was handed on than measured).
func (s *Stabiliser) Residual() float64 { return s.residual }

// Reset forgets the residual (after a pause or a scene reset).
func (s *Stabiliser) Reset() { s.residual = 0 }
