//go:build cgo

package window

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// A window session recorded as on a slow machine (0.2 s frames at a time
// scale of 2: 8 steps a frame, the loop's cap), with a mouse drag held
// across frames, shots, CCD switched off and on, and a rewind while paused
// then resumed, replays headless at other rates with every hash equal.
// Such a recording used to be refused at replay time: a frame's drag
// inputs were written before the hash of an earlier tick ("hash at tick
// 300 comes after tick 302").
func TestWindowRecordingOfSlowFramesReplays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "slow.jsonl")
	func() {
		defer lockWindowThread(t)()
		sc, src, err := scene.LoadSource("range")
		if err != nil {
			t.Fatal(err)
		}
		f, err := safeio.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := session.NewRecorder(f, sc.File, src, sc.CCD, session.Rate{})
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Scene: sc, VSync: false, CCD: sc.CCD, Interp: interp.Lerp, Frames: 3, FireAtFrame: -1,
			Width: 1280, Height: 720, Record: &Recording{File: f, Rec: rec},
			onExit: func(a *app) error { a.o.Frames = 0; return userAtSlowFrames(t, a) }}
		if err := Run(o); err != nil {
			t.Fatal(err)
		}
	}()
	data := readFile(t, path)
	for _, want := range []string{`"kind":"drag"`, `"kind":"fire"`, `"kind":"ccd"`, `"t":"rewind"`} {
		if !strings.Contains(data, want) {
			t.Fatalf("the recording has no %s line", want)
		}
	}
	// Every line in the order the steps ran: within a branch no input
	// comes after the hash of a later tick, no hash after a later input.
	var lastHash, lastInput int
	for i, l := range strings.Split(strings.TrimSpace(data), "\n")[1:] {
		var line struct {
			T    string `json:"t"`
			Tick int    `json:"tick"`
		}
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatal(err)
		}
		switch {
		case line.T == "rewind":
			lastHash, lastInput = 0, 0
		case line.T == "input" && line.Tick < lastHash, line.T == "hash" && lastInput >= line.Tick:
			t.Fatalf("line %d: %s at tick %d after an input at tick %d and the hash of tick %d", i+2, line.T, line.Tick, lastInput, lastHash)
		case line.T == "input":
			lastInput = line.Tick
		case line.T == "hash":
			lastHash = line.Tick
		}
	}
	for _, hz := range []float64{60, 144} {
		rp, err := loadReplay(path)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := headless.Run(headless.Options{Scene: rp.Scene, Display: headless.DisplayDef{Hz: hz, Jitter: 0.3, Seed: 2}, Ticks: rp.EndTick(), Replay: rp})
		rp.Close()
		if err != nil {
			t.Fatalf("replay at %v Hz: %v", hz, err)
		}
		if rep.Replay == nil || !rep.Replay.Matches || rep.Replay.Checked < 5 {
			t.Fatalf("replay at %v Hz: verdict %+v", hz, rep.Replay)
		}
	}
}

// userAtSlowFrames plays the range as a user would at 5 frames a second
// and a time scale of 2.
func userAtSlowFrames(t *testing.T, a *app) error {
	a.fakeClock(0.2)
	a.setTimeScale(2)
	id, ok := a.world().FindBody("crate-3")
	if !ok {
		t.Fatal("no crate-3")
	}
	vw, vh := a.viewSize()
	x, y, ok := a.viewer.cam.view().Project(a.world().Body(id.Index()).Curr.Center, vw, vh)
	if !ok {
		t.Fatal("crate-3 is not in the view")
	}
	a.moveCursor(x, y)
	a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, glfw.ModShift)
	for k := 1; k <= 12; k++ {
		a.moveCursor(x, y-float64(10*k))
		if err := a.runFrames(1); err != nil {
			return err
		}
	}
	if _, held := a.sim.sess.Held(); !held || a.sim.sess.Last().Steps < 2 {
		t.Fatalf("dragging: held %v, %d steps in the last frame; want a drag over frames of several steps", held, a.sim.sess.Last().Steps)
	}
	a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, glfw.ModShift)
	a.onKey(glfw.KeySpace, 0)
	a.onKey(glfw.KeyC, 0)
	if err := a.runFrames(4); err != nil {
		return err
	}
	a.onKey(glfw.KeyC, 0)
	if err := a.runFrames(4); err != nil {
		return err
	}
	a.onKey(glfw.KeyP, 0)
	for i := 0; i < 50; i++ {
		a.onKey(glfw.KeyLeft, 0)
	}
	a.onKey(glfw.KeyP, 0)
	a.onKey(glfw.KeySpace, 0)
	a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, glfw.ModShift)
	for k := 1; k <= 8; k++ {
		a.moveCursor(x+float64(8*k), y-float64(10*k))
		if err := a.runFrames(1); err != nil {
			return err
		}
	}
	a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, glfw.ModShift)
	return a.runFrames(20)
}
