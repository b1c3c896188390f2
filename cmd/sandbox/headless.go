package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"sandbox/engine/headless"
	"sandbox/engine/scene"
)

func listScenes(stdout io.Writer) error {
	for _, name := range scene.BuiltinNames() {
		fmt.Fprintln(stdout, name)
	}
	return nil
}

// loadScene reads -scene and applies the flags that override the scene file.
func loadScene(o *options) (*scene.Scene, error) {
	sc, err := scene.Load(o.scene)
	if err != nil {
		return nil, usageError{err}
	}
	if o.set["ccd"] {
		sc.CCD = o.ccd
	}
	if o.set["physics-hz"] || o.set["substeps"] {
		sc.SetRate(o.physicsHz, o.substeps) // 0 for the flag not given: the scene's
	}
	return sc, nil
}

// headlessPlan is a -headless command line that has passed every check:
// the scene (or the recording to replay) is loaded, every flag is in range,
// every output can be written and no two files are one. Nothing has run yet.
type headlessPlan struct {
	opts          headless.Options
	o             *options
	report, trace string
}

// planHeadless checks a -headless command line without running anything.
func planHeadless(o *options) (*headlessPlan, error) {
	sc, err := loadScene(o)
	if err != nil {
		return nil, err
	}
	p := &headlessPlan{
		opts: headless.Options{
			Scene: sc,
			Display: headless.DisplayDef{
				Hz: o.displayHz, Jitter: o.jitter, HitchEvery: o.hitchEvery,
				HitchSeconds: o.hitchSeconds, Seed: o.seed,
				VRR: o.latency.vrr, RenderMin: o.latency.renderMin, RenderMax: o.latency.renderMax,
			},
			Inputs:   o.latency.inputs,
			InputsAt: o.latency.placement,
			Ticks:    o.ticks,
			Seconds:  o.seconds,
			Interp:   o.interp,
			Policy:   o.loop.policy,
			CatchUp:  o.loop.catchUp,

			MoversPerFrame: o.moversPerFrame,
		},
		o:      o,
		report: o.report,
		trace:  o.trace,
	}
	if o.replay != "" {
		// The recording holds the scene and the length of the run.
		rp, err := loadReplay(o.replay)
		if err != nil {
			return nil, err
		}
		p.opts.Scene, p.opts.Ticks, p.opts.Replay = rp.Scene, rp.EndTick(), rp
	}
	p.opts.Scene.Workers = o.workers
	if o.framesFrom != "" { // -display vrr:'s render times (parseFlags allows it no other way)
		if p.opts.Display.RenderTrace, err = readTraceFile("-frames-from", o.framesFrom); err != nil {
			return nil, err
		}
	}
	if err := p.opts.Validate(); err != nil {
		return nil, usageError{err}
	}
	var files fileList
	files.scene("-scene", o.scene)
	files.input("-replay", o.replay)
	files.input("-frames-from", o.framesFrom)
	files.output("-report", o.report)
	files.output("-trace", o.trace)
	files.output("-record", o.record)
	if err := files.check(); err != nil {
		return nil, err
	}
	return p, nil
}

func runHeadless(o *options, stdout io.Writer) error {
	sig := catchInterrupts()
	defer sig.stop()
	p, err := planHeadless(o)
	if err != nil {
		return err
	}
	defer p.opts.Replay.Close()
	return p.run(stdout, sig)
}

// run runs the plan. The report, the trace and the recording are written to
// temporary files beside their targets and committed only when the run is
// complete; a failed run leaves every target as it was. On SIGINT or SIGTERM
// the run ends at a frame boundary: no report and no recording, and the
// trace (whole lines) is kept as TRACE.partial, never over the previous
// trace.
func (p *headlessPlan) run(stdout io.Writer, sig *interrupts) error {
	start := time.Now()
	p.opts.Clock = func() int64 { return int64(time.Since(start)) }
	p.opts.Interrupted = sig.interrupted
	report, err := createOutput("-report", p.report, stdout)
	if err != nil {
		return err
	}
	defer report.abort()
	trace, err := createOutput("-trace", p.trace, stdout)
	if err != nil {
		return err
	}
	defer trace.abort()
	p.opts.Trace = trace.writer()
	rec, err := openRecord(p.o, p.opts.Scene, p.opts.Scene.CCD)
	if err != nil {
		return err
	}
	defer rec.Abort()
	if rec != nil {
		p.opts.Record = rec.Rec
	}

	rep, err := headless.Run(p.opts)
	if errors.Is(err, headless.ErrInterrupted) {
		what := "stopped at a frame boundary"
		if rep != nil {
			what = fmt.Sprintf("stopped after frame %d (tick %d)", rep.Frames, rep.Ticks)
		}
		if p.report != "" {
			what += ", no report written"
		}
		if rec != nil {
			what += ", no recording written"
		}
		switch kept, kerr := trace.keepPartial(); {
		case kerr != nil:
			what += "; " + kerr.Error()
		case kept != "":
			what += fmt.Sprintf("; trace kept as %q", kept)
		}
		return interruptedError{sig: sig.signal(), what: what}
	}
	if err != nil && rep != nil && rep.Replay != nil {
		return p.replayDiffers(rep, report, err)
	}
	if err != nil {
		return fmt.Errorf("%s: run failed: %w", p.opts.Scene.Name, err)
	}
	if w := report.writer(); w != nil {
		if err := rep.Write(w); err != nil {
			return fmt.Errorf("-report %q: %w", p.report, err)
		}
	}
	if err := trace.commit(); err != nil {
		return err
	}
	if err := report.commit(); err != nil {
		return err
	}
	if err := rec.Commit(); err != nil {
		return err
	}
	if p.report != "-" && p.trace != "-" {
		fmt.Fprintf(stdout, "%s: %d ticks in %d frames at %g Hz, dropped %.4g s, max %d steps/frame, ccd hits %d, tunnels %d, state %s\n",
			rep.Scene, rep.Ticks, rep.Frames, rep.DisplayHz, rep.DroppedSeconds, rep.MaxStepsInAFrame, rep.CCDHits, rep.Tunnels, rep.StateHash)
		if rp := p.opts.Replay; rp != nil {
			fmt.Fprintf(stdout, "replay %s: %d checkpoint hashes and the end state at tick %d equal to the recording\n",
				p.o.replay, rp.Checked(), rp.EndTick())
		}
	}
	if s := sig.signal(); s != 0 {
		return interruptedError{sig: s, what: "after the run had finished and its outputs were written"}
	}
	return nil
}
