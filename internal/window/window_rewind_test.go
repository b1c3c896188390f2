//go:build cgo

package window

import (
	"fmt"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// In the window: run the range scene to tick 240, pause, rewind 100 ticks
// with Left, go forward 10 with Right, resume and run to tick 400 (or the frame's last tick past it). The
// state is the same, bit for bit, as a headless run of 400 ticks that was
// never rewound. Frames hand the simulation exactly four steps each, so the
// test does not depend on the wall clock.
func TestWindowRewindThenResume(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	var endTick uint64
	var endHash string
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 2, FireAtFrame: -1,
		Width: 320, Height: 200, frameSeconds: 4.0 / 60, // four steps a frame
		onExit: func(a *app) error {
			a.o.Frames = 0
			runTo := func(tick uint64) error {
				for a.sim.sess.Tick() < tick {
					if err := a.frameOnce(); err != nil {
						return err
					}
				}
				return nil
			}
			if err := runTo(240); err != nil {
				return err
			}
			a.onKey(glfw.KeyP, 0)
			for i := 0; i < 100; i++ {
				a.onKey(glfw.KeyLeft, 0)
			}
			if err := a.frameOnce(); err != nil { // paused: draws the rewound state
				return err
			}
			for i := 0; i < 10; i++ {
				a.onKey(glfw.KeyRight, 0)
			}
			if got := a.sim.sess.Tick(); got != 150 {
				return fmt.Errorf("after 100 x Left and 10 x Right from tick 240: tick %d, want 150", got)
			}
			a.onKey(glfw.KeyP, 0)
			if err := runTo(400); err != nil {
				return err
			}
			endTick, endHash = a.sim.sess.Tick(), fmt.Sprintf("%016x", a.world().StateHash())
			return nil
		}}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	want, err := headless.Run(headless.Options{Scene: sc, Display: headless.DisplayDef{Hz: 60}, Ticks: endTick})
	if err != nil {
		t.Fatal(err)
	}
	if endTick < 400 || endHash != want.StateHash {
		t.Fatalf("rewound and resumed to tick %d: hash %s; an uninterrupted headless run of as many ticks: %s", endTick, endHash, want.StateHash)
	}
}
