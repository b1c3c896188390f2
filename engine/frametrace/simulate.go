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

// Simulate feeds trace through a new loop.Loop with cfg, frame by frame, as
// the window feeds it measured frame times. cost (seconds per step, >= 0)
// turns on the feedback model (see the package doc): frame i lasts
// trace[i] + cost * steps of frame i-1. step is the loop's step callback (it
// runs the physics; nil only counts steps); it must return true.
func Simulate(trace []float64, cfg loop.Config, cost float64, step func(tick uint64) bool) ([]Frame, error) {
	if !(cost >= 0) || math.IsInf(cost, 0) {
		return nil, fmt.Errorf("step cost %v: must be finite and >= 0", cost)
	}
	l, err := loop.New(cfg)
	if err != nil {
		return nil, err
	}
	frames := make([]Frame, len(trace))
	prevSteps := 0
	for i, d := range trace {
		sec := d + cost*float64(prevSteps)
		f, err := l.Advance(sec, step)
		if err != nil {
			return nil, fmt.Errorf("frame %d: %v", i+1, err)
		}
		if f.Stopped {
			return nil, fmt.Errorf("frame %d: the step callback stopped the run", i+1)
		}
		frames[i] = Frame{Seconds: sec, Steps: f.Steps, Alpha: f.Alpha, Accumulator: f.Accumulator,
			Clamped: f.ClampedSeconds, Capped: f.CappedSeconds}
		prevSteps = f.Steps
	}
	return frames, nil
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
