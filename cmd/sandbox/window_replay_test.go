//go:build cgo

package main

import (
	"bytes"
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
	play := func(data []byte) (done bool, err error) {
		rp, err := session.ParseReplay("rec.jsonl", data)
		if err != nil {
			t.Fatal(err)
		}
		err = runWindow(windowOptions{Scene: rp.Scene, Replay: rp, CCD: rp.CCD, VSync: false, Interp: interp.Lerp,
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
	bad := bytes.Replace(rec.Bytes(), []byte(`{"tick":120,"teleport":{"body":"glider","center":[-5,0.5,0]`),
		[]byte(`{"tick":120,"teleport":{"body":"glider","center":[-5,0.5,0.5]`), 1)
	if _, err := play(bad); err == nil || !strings.Contains(err.Error(), "at tick 180") {
		t.Fatalf("tampered replay in the window: %v; want a difference at tick 180", err)
	}
}
