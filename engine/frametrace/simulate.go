package frametrace

import (
	"fmt"
	"math"

	"sandbox/engine/loop"
)

// Frame is what the loop did with one frame of a trace.
type Frame struct {
	// Seconds is the frame time handed to the loop: the trace's, plus the
	// previous frame's steps times the step cost when there is one.
	Seconds     float64
	Steps       int
	Alpha       float64
	Accumulator float64 // seconds owed to physics after the frame
	Clamped     float64 // seconds cut by MaxFrameSeconds
	Capped      float64 // seconds dropped by MaxStepsPerFrame
}

// Dropped is the frame's clamped plus capped seconds.
func (f Frame) Dropped() float64 { return f.Clamped + f.Capped }

// Advance runs one display frame of seconds and says what the loop did
// (Seconds is filled in by Simulate).
type Advance func(seconds float64) (Frame, error)

// Simulate feeds trace to advance frame by frame, as the window feeds it
// measured frame times, and returns every frame. cost (seconds per step,
// >= 0) turns on the feedback model (see the package doc): frame i lasts
// trace[i] + cost * steps of frame i-1.
func Simulate(trace []float64, cost float64, advance Advance) ([]Frame, error) {
	frames := make([]Frame, 0, len(trace))
	err := Stream(trace, cost, advance, func(_ int, f Frame) error {
		frames = append(frames, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return frames, nil
}

// Stream is Simulate handing each frame to emit as it is run instead of
// keeping it, so that a long trace costs no memory per frame; an error from
// emit ends the run with it.
func Stream(trace []float64, cost float64, advance Advance, emit func(i int, f Frame) error) error {
	if !(cost >= 0) || math.IsInf(cost, 0) {
		return fmt.Errorf("step cost %v: must be finite and >= 0", cost)
	}
	prevSteps := 0
	for i, d := range trace {
		sec := d + cost*float64(prevSteps)
		f, err := advance(sec)
		if err != nil {
			return fmt.Errorf("frame %d: %v", i+1, err)
		}
		f.Seconds = sec
		if err := emit(i, f); err != nil {
			return err
		}
		prevSteps = f.Steps
	}
	return nil
}

// Margin is the spiral-of-death margin of the package doc: the step cost, in
// seconds, above which trace with cfg spirals, C* = h - d_mean/s_max with
// s_max = min(N, M/h) and each frame clamped to M. It is never above h (a
// step that costs more than it simulates spirals on any trace) and may be
// 0 or less: the trace alone outruns the loop.
func Margin(trace []float64, cfg loop.Config) float64 {
	h := cfg.StepSeconds
	clamp := cfg.MaxFrameSeconds
	if clamp == 0 {
		clamp = math.Inf(1)
	}
	sMax := math.Min(float64(cfg.MaxStepsPerFrame), clamp/h)
	return h - meanClamped(trace, cfg.MaxFrameSeconds)/sMax
}
