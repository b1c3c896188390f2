//go:build cgo

package main

import (
	"fmt"

	"sandbox/engine/headless"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// sessionIO is what a window run writes or plays besides the screen: a
// recording, a replay being checked, and the per-frame trace. All of them
// read the session's Frame after Advance.
type sessionIO struct {
	rec        *recordOutput   // -record, nil when not recording
	replay     *session.Replay // -replay, nil when not replaying
	replayDone bool            // the whole recording was played and matched
	traceFile  *safeio.File    // -trace
	trace      *headless.TraceWriter
	traceTime  float64 // measured display seconds so far, s
}

// startSessionIO prepares a freshly loaded session for -record or -replay.
func (a *app) startSessionIO() error {
	sio := &a.io
	if sio.rec != nil {
		a.sim.sess.SetFingerprints(true)
	}
	if sio.replay != nil {
		if err := sio.replay.Start(a.sim.sess); err != nil {
			return fmt.Errorf("-replay: %w", err)
		}
	}
	return nil
}

// afterAdvance hands the frame to the recording, the replay check and the
// trace. A replay that differs from its recording ends the run (exit 1).
func (a *app) afterAdvance(fr *session.Frame, frameSeconds float64) error {
	sio := &a.io
	if sio.rec != nil {
		sio.rec.rec.Frame(fr)
	}
	if sio.replay != nil && !sio.replayDone {
		if err := sio.replay.Check(a.sim.sess, fr); err != nil {
			return fmt.Errorf("-replay %s: %w", sio.replay.File, err)
		}
		if sio.replay.Done(a.sim.sess) {
			if err := sio.replay.Finish(a.sim.sess); err != nil {
				return fmt.Errorf("-replay %s: %w", sio.replay.File, err)
			}
			// Played to its end: hold the last state on screen.
			sio.replayDone = true
			a.sim.lp.SetPaused(true)
		}
	}
	if sio.trace != nil {
		sio.traceTime += frameSeconds
		sio.trace.Frame(fr, sio.traceTime, frameSeconds, a.sim.world, a.view.Mode, a.sim.sess.StepSeconds())
	}
	return nil
}

// endRecording writes the recording's end line (at a scene change, or
// when the run ends) and commits it; nothing is recorded after.
func (a *app) endRecording(failed bool) error {
	r := a.io.rec
	if r == nil {
		return nil
	}
	a.io.rec = nil
	if !failed {
		if err := r.rec.End(a.sim.world); err != nil {
			r.abort()
			return fmt.Errorf("-record: %w", err)
		}
	}
	if failed {
		r.abort()
		return nil
	}
	return r.commit()
}

// finishSessionIO ends the recording and the trace when the run ends. A run
// that failed or was interrupted (SIGINT, SIGTERM) keeps neither: their
// temporary files go and the targets stay as they were.
func (a *app) finishSessionIO(runErr error) error {
	failed := runErr != nil || a.interrupted
	err := a.endRecording(failed)
	if f := a.io.traceFile; f != nil {
		a.io.traceFile = nil
		if e := a.io.trace.Flush(); e != nil || failed {
			f.Abort()
			if err == nil && e != nil {
				err = fmt.Errorf("-trace: %w", e)
			}
		} else if e := f.Commit(); e != nil && err == nil {
			err = fmt.Errorf("-trace: %w", e)
		}
	}
	return err
}

// replaying reports whether user inputs are shut out because a recording
// is being played.
func (a *app) replaying() bool { return a.io.replay != nil }

// rewindStep moves a paused session one tick back (dir < 0) or forward
// through the states already computed (Left / Right while paused).
func (a *app) rewindStep(dir int) {
	if a.replaying() || !a.sim.lp.Paused() {
		return
	}
	if dir < 0 {
		a.sim.sess.StepBack()
	} else {
		a.sim.sess.StepForward()
	}
}
