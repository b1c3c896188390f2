//go:build cgo

package window

import (
	"bytes"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/compare"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// splitJudderLabel is the judder the split view's right half shows: the
// text after "judder " in the label drawn last (the right half's).
func splitJudderLabel(a *app) string {
	_, v, _ := bytes.Cut(a.split.label, []byte("judder "))
	return string(v)
}

// The split view's judder is compare's: on the glider with interpolation
// off, split on, then R (the glider, X, R), the 144 Hz half starts
// again from "-" and, after the frames compare's 144 Hz run shows, reads
// compare's figure for them. Before, it kept a window of samples across
// the reset and measured against the body's velocity, not the exact
// trajectory.
func TestWindowSplitJudderIsCompares(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("glider")
	if err != nil {
		t.Fatal(err)
	}
	const ticks = 120
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Off, Frames: 2, FireAtFrame: -1,
		Width: 960, Height: 600, frameSeconds: 1.0 / 144,
		onExit: func(a *app) error {
			a.o.Frames = 0
			a.onKey(glfw.KeyX, 0)
			for range 150 {
				if err := a.frameOnce(); err != nil {
					return err
				}
			}
			if l := splitJudderLabel(a); l == "-" {
				t.Fatalf("no judder after 150 frames")
			}
			a.onKey(glfw.KeyR, 0)
			if err := a.frameOnce(); err != nil {
				return err
			}
			if l := splitJudderLabel(a); l != "-" {
				t.Errorf("one frame after R the judder reads %q, want - (nothing measured yet)", l)
			}
			if err := shotIfAsked(a, "SANDBOX_SPLIT_R_PNG"); err != nil {
				return err
			}
			// Up to the frame before the one that steps to tick 121: the
			// frames of compare's run of 121 ticks but its last, cut short
			// by the stop and not measured.
			step := a.sim.lp.Config().StepSeconds
			for a.sim.world.Tick() < ticks || a.sim.lp.Accumulator()+1.0/144 < step {
				if err := a.frameOnce(); err != nil {
					return err
				}
			}
			res, err := compare.Compare(compare.Config{Scene: sc, Rates: []float64{144}, Modes: []interp.Mode{interp.Off}, Ticks: ticks + 1})
			if err != nil {
				return err
			}
			want := res.Runs[0].Bodies[0].Judder
			if got := splitJudderLabel(a); got != strconv.FormatFloat(want, 'f', 2, 64) {
				t.Errorf("after R and %d ticks the 144 Hz half reads judder %s; compare gives %.4f for the same frames", ticks, got, want)
			}
			if got := a.split.halves[1].follow.Judder.Value(); math.Abs(got-want) > 1e-9*want {
				t.Errorf("144 Hz half: judder %v, compare %v", got, want)
			}
			return shotIfAsked(a, "SANDBOX_SPLIT_JUDDER_PNG")
		}}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
}

// A change of time scale or interpolation mode starts the judder afresh,
// and at time scale 0.1
// with interpolation off a 60 Hz half shows the 60 Hz glider one step per
// presentation: even motion, judder 0, as compare has it at 60 Hz (it
// read 4.13). The half is put on the right, whose label is drawn last.
func TestWindowSplitJudderSlowMotion(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("glider")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Off, Frames: 2, FireAtFrame: -1,
		Width: 960, Height: 600, frameSeconds: 1.0 / 60,
		onExit: func(a *app) error {
			a.o.Frames = 0
			a.onKey(glfw.KeyX, 0)
			a.split.LeftHz, a.split.RightHz = 144, 60
			for range 30 {
				if err := a.frameOnce(); err != nil {
					return err
				}
			}
			a.setTimeScale(0.1)
			if err := a.frameOnce(); err != nil {
				return err
			}
			if l := splitJudderLabel(a); l != "-" {
				t.Errorf("one frame after the time scale changed the judder reads %q, want - (nothing measured yet)", l)
			}
			a.onKey(glfw.KeyR, 0)
			for range 300 {
				if err := a.frameOnce(); err != nil {
					return err
				}
			}
			if l := splitJudderLabel(a); l != "0.00" {
				t.Errorf("60 Hz half at 0.1x, interpolation off: judder %q, want 0.00", l)
			}
			if err := shotIfAsked(a, "SANDBOX_SPLIT_SLOW_PNG"); err != nil {
				return err
			}
			a.onKey(glfw.KeyI, 0) // off to lerp
			if err := a.frameOnce(); err != nil {
				return err
			}
			if l := splitJudderLabel(a); l != "-" {
				t.Errorf("one frame after the interpolation mode changed the judder reads %q, want - (nothing measured yet)", l)
			}
			return nil
		}}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
}

// shotIfAsked saves a screenshot of the next frame to the file the
// environment variable names, if it is set (to look at the labels).
func shotIfAsked(a *app, env string) error {
	path := os.Getenv(env)
	if path == "" {
		return nil
	}
	a.shell.screenshotPending = path
	if err := a.frameOnce(); err != nil {
		return err
	}
	a.shell.shots.wait()
	return nil
}
