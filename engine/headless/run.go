// Package headless runs a scene without a window: a simulated display hands
// the fixed-step loop its frame seconds, and the run ends after a number of
// ticks or of simulated seconds. It produces the report and trace of the
// headless-run contract (DESIGN.md) and needs no GL, so tests and scripts can
// use it anywhere.
package headless

import (
	"errors"
	"fmt"
	"io"

	"sandbox/engine/interp"
	"sandbox/engine/latency"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
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
	// OnFrame, when set, is handed every frame's record after the frame
	// (with the display time so far, s); an error ends the run with it.
	OnFrame func(f *session.Frame, displaySeconds float64) error
	// Replay, when set, plays a recording: its inputs at their ticks, every
	// checkpoint hash checked, to the recording's last tick (Ticks must be
	// that tick). The first difference ends the run with a
	// *session.MismatchError, and the report so far naming every body that
	// differs (Report.Replay).
	Replay *session.Replay
	// Record, when set, is handed every frame and the final state: the
	// run is written as a record file.
	Record *session.Recorder
	// Interrupted, when not nil, is asked once per display frame, before the
	// frame runs; when it returns true the run ends at that frame boundary
	// (the trace holds whole lines only) and Run returns the report so far
	// with ErrInterrupted. It never affects state, only where the run ends.
	Interrupted func() bool
	// Policy and CatchUp pick the loop (-loop, -catch-up); the zero values
	// are the fixed loop and drop.
	Policy  loop.Policy
	CatchUp loop.CatchUp
	// Inputs synthetic inputs placed by InputsAt over the run (-inputs,
	// -inputs-at) are followed from arrival to screen for the report's
	// input_latency_ms (docs/latency.md); they change no state.
	Inputs   int
	InputsAt latency.Placement
	// MoversPerFrame: -movers per-frame, the anti-pattern
	// (session.Options.MoversPerFrame).
	MoversPerFrame bool
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
	if err := o.validateInputs(); err != nil {
		return err
	}
	if o.Replay != nil {
		return o.checkReplayWork()
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
	// The teleport detector runs for the report's undeclared_jumps: about
	// 2% of a 500-box pile's run time (240 ticks, 0.41 s against 0.40 s).
	sess, err := session.New(session.Options{Scene: o.Scene, Clock: o.Clock, StopTick: o.Ticks, DetectTeleports: true,
		Policy: o.Policy, CatchUp: o.CatchUp, MoversPerFrame: o.MoversPerFrame})
	if err != nil {
		return nil, err
	}
	defer sess.Close()
	return RunSession(sess, o)
}

// RunSession runs an already built session (a replay's, or one compare
// observes) on o's display for o's ticks or seconds; o.Scene must be the
// session's scene. Every frame's record goes to o.OnFrame, when set, after
// the trace line.
func RunSession(sess *session.Session, o Options) (*Report, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.Replay != nil {
		if err := o.Replay.Start(sess); err != nil {
			return nil, err
		}
	} else {
		sess.SetStopTick(o.Ticks)
	}
	if o.Record != nil {
		sess.SetFingerprints(true)
	}
	r := &run{opts: o, sess: sess, display: NewDisplay(o.Display)}
	if o.Inputs > 0 {
		r.inputs = latency.NewTracker(sess.StepSeconds(), latency.Lag(o.Interp), o.arrivals(sess.StepSeconds()))
	}
	if sess.World().NumMovers() > 0 {
		r.movers = &MoverMeter{Mode: o.Interp}
	}
	if o.Trace != nil {
		r.trace = NewTraceWriter(o.Trace)
		r.trace.Loop = LoopName(sess.Loop())
	}
	return r.execute()
}

// run is the state of one headless run.
type run struct {
	opts    Options
	sess    *session.Session
	display *Display
	trace   *TraceWriter

	stepTimes stepHistogram // step_micros in bounded memory
	// stages: the steps' profiles added up, and how many (stage_micros).
	stages     physics.Profile
	stageSteps uint64
	inputs     *latency.Tracker

	movers *MoverMeter // nil for a scene without movers

	elapsed, dropped float64 // display seconds run, and dropped
	slowed           float64 // seconds the world fell behind (catch-up slow)
	maxSteps         int
}

func (r *run) execute() (*Report, error) {
	s := r.sess
	interrupted := false
	for {
		if r.opts.Interrupted != nil && r.opts.Interrupted() {
			interrupted = true
			break
		}
		// The tolerance keeps a running sum of 1/60 s frames from needing
		// a 301st frame to reach 5 s.
		if r.opts.Ticks == 0 && r.elapsed >= r.opts.Seconds*(1-1e-12) {
			break
		}
		if s.Done() {
			break
		}
		frameSeconds := r.display.Next()
		f, err := s.Advance(frameSeconds)
		if err != nil {
			return nil, err
		}
		r.elapsed += frameSeconds
		if r.inputs != nil {
			r.inputs.Ran(r.elapsed, latencyFrame(f, r.elapsed))
		}
		r.dropped += f.DroppedSeconds()
		r.slowed += f.SlowedSeconds
		r.maxSteps = max(r.maxSteps, f.Steps)
		if r.movers != nil {
			r.movers.Frame(s.World(), f.Alpha, s.StepSeconds())
		}
		if r.opts.Clock != nil {
			for _, ns := range f.StepNanos {
				r.stepTimes.add(ns)
			}
			r.stages.Add(f.Profile)
			r.stageSteps += uint64(f.Steps)
		}
		if r.trace != nil {
			r.trace.Frame(f, r.elapsed, f.FrameSeconds, s.World(), r.opts.Interp, s.StepSeconds())
		}
		if r.opts.OnFrame != nil {
			if err := r.opts.OnFrame(f, r.elapsed); err != nil {
				return nil, err
			}
		}
		if r.opts.Record != nil {
			r.opts.Record.Frame(f)
		}
		if r.opts.Replay != nil {
			// A rewound recording stops at the end of each branch and
			// goes on from the tick it was rewound to.
			if err := r.opts.Replay.Check(s, f); err != nil {
				return r.mismatchReport(err)
			}
		}
		if f.Stopped && s.Done() {
			break
		}
	}
	if r.opts.Replay != nil && !interrupted {
		if err := r.opts.Replay.Finish(s); err != nil {
			return r.mismatchReport(err)
		}
	}
	if r.opts.Record != nil {
		if err := r.opts.Record.End(s.World()); err != nil {
			return nil, fmt.Errorf("writing the recording: %w", err)
		}
	}
	if r.trace != nil {
		if err := r.trace.Flush(); err != nil {
			return nil, fmt.Errorf("writing the trace: %w", err)
		}
	}
	rep := r.report()
	if err := rep.checkFinite(); err != nil {
		return nil, err
	}
	if rp := r.opts.Replay; rp != nil && !interrupted {
		rep.Replay = &ReplayReport{File: rp.File, Matches: true, Checked: rp.Checked(), EndTick: rp.EndTick()}
	}
	if interrupted {
		return rep, ErrInterrupted
	}
	return rep, nil
}

// report is the report of the frames run so far.
func (r *run) report() *Report {
	s := r.sess
	rep := newReport(r.opts, s.World(), s.Counts(), s.Loop().Config())
	rep.Frames = s.Last().Index
	rep.DisplaySeconds = r.elapsed
	rep.DroppedSeconds = r.dropped
	rep.MaxStepsInAFrame = r.maxSteps
	rep.StepMicros = r.stepTimes.summary()
	rep.StageMicros = stageMeans(r.stages, r.stageSteps)
	if r.inputs != nil {
		s := latency.Summarize(r.inputs.Done())
		rep.InputLatency = &latency.Report{Inputs: s.Inputs, Unshown: r.inputs.Unshown(), Stats: s.Total}
		rep.InputLatencySplit = &s.Split
	}
	if d := r.opts.Display; d.VRR.On() {
		rep.VRR, rep.RenderMs, rep.VRRRepeats = d.VRR.String(), d.renderMs(), r.display.Repeats()
	}
	lp := s.Loop()
	rep.Loop, rep.CatchUp = lp.Policy().String(), lp.CatchUp().String()
	rep.SlowedSeconds, rep.BehindSeconds = r.slowed, lp.Behind()
	if r.movers != nil {
		rep.Movers = &MoversReport{Mode: session.MoverModeName(s.MoversPerFrame()), MisalignedFrames: r.movers.Misaligned,
			RiderFrames: r.movers.Frames, WorstMetres: r.movers.Worst}
	}
	if lp.Policy() != loop.Fixed {
		rep.PhysicsSeconds = lp.Time() // steps of varying dt: their sum
	}
	return rep
}
