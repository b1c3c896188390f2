//go:build cgo

package window

import (
	"errors"
	"fmt"
	"io"
	"os"

	"sandbox/engine/headless"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// sessionIO is what a window run writes or plays besides the screen: a
// recording, a replay being checked, and the per-frame trace. All of them
// read the session's Frame after Advance.
type sessionIO struct {
	rec        *Recording      // -record, nil when not recording
	replay     *session.Replay // -replay, nil when not replaying
	replayDone bool            // the whole recording was played and matched
	traceFile  *safeio.File    // -trace
	trace      *headless.TraceWriter
	traceTime  float64 // measured display seconds so far, s

	// What the replay's verdict needs (printReplayVerdict).
	played   *session.Replay // the replay, kept after a scene change stopped it
	stopped  string          // why it stopped before its end ("" = it did not)
	stopTick uint64          // the tick it stopped at
	failure  error           // the replay's error (a mismatch, a refused line)
}

// verdictOut receives a window replay's verdict at exit: standard output,
// as for a headless replay (a variable so that tests can read it).
var verdictOut io.Writer = os.Stdout

// startSessionIO prepares a freshly loaded session for -record or -replay.
func (a *app) startSessionIO() error {
	sio := &a.io
	if sio.rec != nil {
		a.sim.sess.SetFingerprints(true)
	}
	if sio.replay != nil {
		sio.played = sio.replay
		if err := sio.replay.Start(a.sim.sess); err != nil {
			return fmt.Errorf("-replay: %w", err)
		}
	}
	return nil
}

// stopReplay ends the replay before its end (a scene change, R): the
// user's inputs are let in again, and the verdict at exit says so.
func (a *app) stopReplay(why string) {
	sio := &a.io
	if sio.replay != nil && !sio.replayDone && sio.stopped == "" {
		sio.stopped, sio.stopTick = why, a.sim.sess.Tick()
	}
	sio.replay, a.sim.locked = nil, false
}

// afterAdvance hands the frame to the recording, the replay check and the
// trace. A replay that differs from its recording ends the run (exit 1).
func (a *app) afterAdvance(fr *session.Frame, frameSeconds float64) error {
	sio := &a.io
	if sio.rec != nil {
		sio.rec.Rec.Frame(fr)
	}
	if sio.replay != nil && !sio.replayDone {
		if err := sio.replay.Check(a.sim.sess, fr); err != nil {
			sio.failure = err
			return fmt.Errorf("-replay %s: %w", sio.replay.File, err)
		}
		if sio.replay.Done(a.sim.sess) {
			if err := sio.replay.Finish(a.sim.sess); err != nil {
				sio.failure = err
				return fmt.Errorf("-replay %s: %w", sio.replay.File, err)
			}
			// Played to its end: hold the last state on screen.
			sio.replayDone = true
			a.sim.lp.SetPaused(true)
		}
	}
	if sio.trace != nil {
		sio.traceTime += frameSeconds
		sio.trace.Loop = headless.LoopName(a.sim.lp) // the panel may switch it live
		sio.trace.Frame(fr, sio.traceTime, frameSeconds, a.sim.world, a.viewer.view.Mode, a.sim.sess.StepSeconds())
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
		if err := r.Rec.End(a.sim.world); err != nil {
			r.Abort()
			return fmt.Errorf("-record: %w", err)
		}
	}
	if failed {
		r.Abort()
		return nil
	}
	return r.Commit()
}

// finishSessionIO ends the recording and the trace when the run ends. A run
// that failed or was interrupted (SIGINT, SIGTERM) keeps neither: their
// temporary files go and the targets stay as they were.
func (a *app) finishSessionIO(runErr error) error {
	failed := runErr != nil || a.interrupted
	a.printReplayVerdict()
	a.io.played.Close()
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

// replayStatus is the state of a window's -replay, for the status line.
type replayStatus struct {
	Replaying bool   // a recording is being played (user inputs shut out)
	Done      bool   // played to its end, every hash and the end state equal
	File      string // the recording
	Checked   int    // checkpoint hashes compared so far, all equal
	Tick, End uint64 // the session's tick and the recording's end tick
	Failed    bool   // the replay differs or a line was refused
	Stopped   string // why it was stopped before its end ("" = it was not)
}

// replayState is the replay's state so far; the zero value when the run
// is not a replay.
func (a *app) replayState() replayStatus {
	sio := &a.io
	rp := sio.played
	if rp == nil {
		return replayStatus{}
	}
	failed := sio.replayErr() != nil
	st := replayStatus{Replaying: sio.replay != nil && !sio.replayDone && !failed, Done: sio.replayDone, File: rp.File,
		Checked: rp.Checked(), End: rp.EndTick(), Failed: failed, Stopped: sio.stopped}
	if a.sim.sess != nil {
		st.Tick = a.sim.sess.Tick()
	}
	return st
}

// replayErr is what ended the replay: a difference or a refused line seen
// by Check or Finish, or a line refused while stepping (which ends the run
// from Advance).
func (sio *sessionIO) replayErr() error {
	if sio.failure == nil && sio.played != nil {
		return sio.played.Err()
	}
	return sio.failure
}

// printReplayVerdict prints, when the run was a replay, whether every hash
// matched, where it first differed, or where it stopped short of the end.
func (a *app) printReplayVerdict() {
	st := a.replayState()
	if st.File == "" {
		return
	}
	out := verdictOut
	var m *session.MismatchError
	switch {
	case st.Done:
		fmt.Fprintf(out, "replay %s: %d checkpoint hashes and the end state at tick %d equal to the recording\n", st.File, st.Checked, st.End)
	case errors.As(a.io.replayErr(), &m):
		fmt.Fprintf(out, "replay %s: differs from the recording at tick %d; checkpoint hashes equal before it: %d\n", st.File, m.Tick, st.Checked)
	case a.io.replayErr() != nil:
		fmt.Fprintf(out, "replay %s: stopped at tick %d by an error in the recording; checkpoint hashes equal before it: %d\n", st.File, st.Tick, st.Checked)
	default:
		why, tick := st.Stopped, a.io.stopTick
		if why == "" {
			why, tick = "the run ended", st.Tick
			if a.interrupted {
				why = "interrupted"
			}
		}
		fmt.Fprintf(out, "replay %s: stopped at tick %d (%s) before the recording's end at tick %d; checkpoint hashes equal so far: %d\n",
			st.File, tick, why, st.End, st.Checked)
	}
}
