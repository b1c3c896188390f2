//go:build cgo

package window

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// -replay in the window: a headless recording plays to its end with every
// hash checked (and the window holds the last state, paused); a tampered
// one ends the run with the tick that differs.
func TestWindowReplay(t *testing.T) {
	defer lockWindowThread(t)()
	sc, src, err := scene.LoadSource("teleport")
	if err != nil {
		t.Fatal(err)
	}
	var rec bytes.Buffer
	r, err := session.NewRecorder(&rec, sc.File, src, sc.CCD, session.Rate{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := headless.Run(headless.Options{Scene: sc, Display: headless.DisplayDef{Hz: 60}, Ticks: 200, Record: r}); err != nil {
		t.Fatal(err)
	}
	var verdict bytes.Buffer
	verdictOut = &verdict
	defer func() { verdictOut = os.Stdout }()
	play := func(data []byte) (done bool, err error) {
		verdict.Reset()
		rp, err := session.ParseReplay("rec.jsonl", data)
		if err != nil {
			t.Fatal(err)
		}
		err = Run(Options{Scene: rp.Scene, Replay: rp, CCD: rp.CCD, VSync: false, Interp: interp.Lerp,
			Frames: 60, FireAtFrame: 5, Width: 320, Height: 200, frameSeconds: 4.0 / 60,
			onExit: func(a *app) error {
				done = a.io.replayDone && a.sim.lp.Paused() && a.sim.sess.Tick() == 200 && a.world().NumBodies() == 1
				return nil
			}})
		return done, err
	}
	if done, err := play(rec.Bytes()); err != nil || !done {
		t.Fatalf("replay in the window: done %v, %v; want played to tick 200, paused, the shot at frame 5 shut out", done, err)
	}
	if want := "replay rec.jsonl: 3 checkpoint hashes and the end state at tick 200 equal to the recording\n"; verdict.String() != want {
		t.Fatalf("verdict on stdout %q; want %q", verdict.String(), want)
	}
	// Closed before its end: the status says "replay" with the tick, and
	// the verdict where it stopped.
	rp, err := session.ParseReplay("rec.jsonl", rec.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	verdict.Reset()
	var st replayStatus
	err = Run(Options{Scene: rp.Scene, Replay: rp, CCD: rp.CCD, Interp: interp.Lerp, Frames: 10, FireAtFrame: -1,
		Width: 320, Height: 200, frameSeconds: 4.0 / 60, onExit: func(a *app) error { st = a.replayState(); return nil }})
	if err != nil || !st.Replaying || st.Done || st.Tick != 40 || st.End != 200 {
		t.Fatalf("replay closed at frame 10: %v, status %+v; want replaying at tick 40 of 200", err, st)
	}
	if want := "replay rec.jsonl: stopped at tick 40 (the run ended) before the recording's end at tick 200; checkpoint hashes equal so far: 0\n"; verdict.String() != want {
		t.Fatalf("verdict on stdout %q; want %q", verdict.String(), want)
	}
	bad := bytes.Replace(rec.Bytes(), []byte(`{"tick":120,"teleport":{"body":"glider","center":[-5,0.5,0]`),
		[]byte(`{"tick":120,"teleport":{"body":"glider","center":[-5,0.5,0.5]`), 1)
	if _, err := play(bad); err == nil || !strings.Contains(err.Error(), "at tick 180") {
		t.Fatalf("tampered replay in the window: %v; want a difference at tick 180", err)
	}
	if want := "replay rec.jsonl: differs from the recording at tick 180; checkpoint hashes equal before it: 2\n"; verdict.String() != want {
		t.Fatalf("verdict on stdout %q; want %q", verdict.String(), want)
	}
}
