// Package headless runs a scene without a window: a simulated display hands
// the fixed-step loop its frame seconds, and the run ends after a number of
// ticks or of simulated seconds. It produces the report and trace of the
// headless-run contract (DESIGN.md) and needs no GL, so tests and scripts can
// use it anywhere.
package headless

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// Options says what to run and what to write.
type Options struct {
	Scene   *scene.Scene
	Display DisplayDef
	// Ticks ends the run as soon as tick Ticks completes; 0 means run for
	// Seconds of simulated display time instead.
	Ticks   uint64
	Seconds float64 // simulated display seconds when Ticks is 0; > 0
	Interp  interp.Mode
	// Trace, when not nil, receives one JSON object per display frame.
	Trace io.Writer
	// Clock is a monotonic nanosecond clock used only to time physics steps
	// for step_micros; nil leaves those times zero. It never affects state.
	Clock func() int64
	// Interrupted, when not nil, is asked once per display frame, before the
	// frame runs; when it returns true the run ends at that frame boundary
	// (the trace holds whole lines only) and Run returns the report so far
	// with ErrInterrupted. It never affects state, only where the run ends.
	Interrupted func() bool
}

// DefaultSeconds is how long a run lasts when neither ticks nor seconds are given.
const DefaultSeconds = 10.0

// ErrInterrupted is returned by Run, with the report of the frames run so
// far, when Options.Interrupted asked the run to stop.
var ErrInterrupted = errors.New("interrupted")

// Validate checks the options without running anything; errors name the
// flag and the accepted range.
func (o *Options) Validate() error {
	if o.Scene == nil {
		return errors.New("no scene")
	}
	if err := o.Display.Validate(); err != nil {
		return err
	}
	if o.Ticks == 0 && (!(o.Seconds > 0) || o.Seconds > MaxSeconds) {
		return fmt.Errorf("-seconds %v: must be a time > 0 and <= %g", o.Seconds, float64(MaxSeconds))
	}
	if o.Ticks > MaxTicks {
		return fmt.Errorf("-ticks %d: must be <= %d", o.Ticks, MaxTicks)
	}
	return o.checkWork()
}

// Run runs o.Scene on the simulated display and returns the report. An error
// from a bad option is returned before anything runs; an error after that
// means the run itself failed (for example a body's state became non-finite).
func Run(o Options) (*Report, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	world, err := o.Scene.NewWorld(o.Clock)
	if err != nil {
		return nil, err
	}
	fixed, err := loop.New(o.Scene.LoopConfig())
	if err != nil {
		return nil, err
	}
	r := &run{
		opts:    o,
		world:   world,
		loop:    fixed,
		script:  o.Scene.NewScript(world),
		display: NewDisplay(o.Display),
		dt:      fixed.Config().StepSeconds,
	}
	if o.Trace != nil {
		r.trace = newTraceWriter(bufio.NewWriterSize(o.Trace, 1<<16))
	}
	return r.execute()
}

// run is the state of one headless run.
type run struct {
	opts    Options
	world   *physics.World
	loop    *loop.Loop
	script  *scene.Script
	display *Display
	trace   *traceWriter
	dt      float64

	inputs    []physics.Input
	stepTimes stepHistogram
	tickSkew  error
}

// step is the loop's fixed-step callback: this tick's scripted inputs, one
// physics step, and whether the run wants another.
func (r *run) step(tick uint64) bool {
	if tick != r.world.Tick() && r.tickSkew == nil {
		r.tickSkew = fmt.Errorf("loop tick %d and world tick %d disagree", tick, r.world.Tick())
	}
	r.inputs = r.script.InputsFor(tick, r.inputs[:0])
	var t0 int64
	if r.opts.Clock != nil {
		t0 = r.opts.Clock()
	}
	r.world.Step(r.dt, r.inputs)
	if r.opts.Clock != nil {
		r.stepTimes.add(r.opts.Clock() - t0)
	}
	return r.opts.Ticks == 0 || r.world.Tick() < r.opts.Ticks
}

func (r *run) execute() (*Report, error) {
	var (
		frames   uint64
		elapsed  float64
		dropped  float64
		maxSteps int
	)
	interrupted := false
	for {
		if r.opts.Interrupted != nil && r.opts.Interrupted() {
			interrupted = true
			break
		}
		// The tolerance keeps a running sum of 1/60 s frames from needing
		// a 301st frame to reach 5 s.
		if r.opts.Ticks == 0 && elapsed >= r.opts.Seconds*(1-1e-12) {
			break
		}
		if r.opts.Ticks > 0 && r.world.Tick() >= r.opts.Ticks {
			break
		}
		frameSeconds := r.display.Next()
		f, err := r.loop.Advance(frameSeconds, r.step)
		if err != nil {
			return nil, err
		}
		if r.tickSkew != nil {
			return nil, r.tickSkew
		}
		frames++
		elapsed += frameSeconds
		frameDropped := f.ClampedSeconds + f.CappedSeconds
		dropped += frameDropped
		maxSteps = max(maxSteps, f.Steps)
		if r.trace != nil {
			r.trace.frame(traceFrame{
				frame: frames, time: elapsed, frameSeconds: frameSeconds, steps: f.Steps,
				alpha: f.Alpha, dropped: frameDropped, tick: r.world.Tick(),
			}, r.world, r.opts.Interp, r.dt)
		}
		if f.Stopped {
			break
		}
	}
	if r.trace != nil {
		if err := r.trace.flush(); err != nil {
			return nil, fmt.Errorf("writing the trace: %w", err)
		}
	}
	rep := newReport(r.opts, r.world, r.loop.Config())
	rep.Frames = frames
	rep.DisplaySeconds = elapsed
	rep.DroppedSeconds = dropped
	rep.MaxStepsInAFrame = maxSteps
	rep.StepMicros = r.stepTimes.summary()
	if err := rep.checkFinite(); err != nil {
		return nil, err
	}
	if interrupted {
		return rep, ErrInterrupted
	}
	return rep, nil
}
