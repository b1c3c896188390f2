package main

import (
	"strings"

	"sandbox/internal/window"
)

// planWindow checks a window command line before the window opens: the
// scene or recording, and the outputs (-stats, -screenshot, -trace,
// -record) that a run of many minutes would otherwise find unwritable only
// at its end.
func planWindow(o *options) (window.Options, error) {
	sc, err := loadScene(o)
	if err != nil {
		return window.Options{}, err
	}
	var files fileList
	files.scene("-scene", o.scene)
	files.input("-replay", o.replay)
	files.input("-frames-from", o.framesFrom)
	files.output("-stats", o.stats)
	files.output("-screenshot", o.screenshot)
	files.output("-trace", o.trace)
	files.output("-record", o.record)
	if err := files.check(); err != nil {
		return window.Options{}, err
	}
	wo := window.Options{
		Scene: sc, DisplayHz: o.displayHz, VSync: o.vsync, CCD: sc.CCD, Interp: o.interp,
		Frames: o.frames, Screenshot: o.screenshot, Stats: o.stats, FireAtFrame: o.fireAtFrame,
		Width: o.windowW, Height: o.windowH, Policy: o.loop.policy, CatchUp: o.loop.catchUp,
		VRR: o.latency.vrr, MoversPerFrame: o.moversPerFrame,
	}
	if wo.VRR.On() {
		wo.VSync = false // the pacer is the display: vsync would hold the native rate
	}
	if o.framesFrom != "" {
		if wo.FramesFrom, err = readTraceFile("-frames-from", o.framesFrom); err != nil {
			return window.Options{}, err
		}
		// The run ends with the trace's last frame (or at -frames, if sooner):
		// -stats and -screenshot are written then, as at -frames N.
		if wo.Frames == 0 || wo.Frames > len(wo.FramesFrom) {
			wo.Frames = len(wo.FramesFrom)
		}
	}
	// Last, since it opens -trace and -record (temporary files of the
	// program's own, discarded if the window never runs).
	if err := attachWindowIO(o, &wo); err != nil {
		return window.Options{}, err
	}
	return wo, nil
}

// runWindowed runs the window. SIGINT and SIGTERM end it at the next frame
// like Esc, but without writing -stats or -screenshot: the run did not get
// to its end.
func runWindowed(o *options) error {
	wo, err := planWindow(o)
	if err != nil {
		return err
	}
	sig := catchInterrupts()
	defer sig.stop()
	wo.Interrupted = sig.interrupted
	if err := window.Run(wo); err != nil {
		return err
	}
	if s := sig.signal(); s != 0 {
		return interruptedError{sig: s, what: windowInterruptNote(o)}
	}
	return nil
}

// windowInterruptNote says what an interrupted window run did: it names
// only the outputs that were asked for and not written (a plain `make run`
// asked for none).
func windowInterruptNote(o *options) string {
	var unwritten []string
	for _, f := range []struct{ flag, path string }{
		{"-stats", o.stats}, {"-screenshot", o.screenshot}, {"-trace", o.trace}, {"-record", o.record},
	} {
		if f.path != "" {
			unwritten = append(unwritten, f.flag)
		}
	}
	switch len(unwritten) {
	case 0:
		return "window closed"
	case 1:
		return "window closed; " + unwritten[0] + " not written"
	}
	return "window closed; " + strings.Join(unwritten[:len(unwritten)-1], ", ") + " and " + unwritten[len(unwritten)-1] + " not written"
}
