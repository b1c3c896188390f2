//go:build cgo

package window

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/scene"
)

// networkScene is the range's bodies with slow shots of both players and a
// teleport of player 2's: late inputs whose bodies move slowly enough that
// the confirmed ghost shows beside the predicted pose.
func networkScene(t *testing.T) *scene.Scene {
	t.Helper()
	src := `{"name": "range-peers", "statics": [{"name": "ground", "min": [-60, -1, -30], "max": [60, 0, 30]}],
	"bodies": [{"name": "crate-1", "center": [4, 0.5, -4], "half": [0.5, 0.5, 0.5]},
		{"name": "tower-0", "center": [10, 0.5, 0], "half": [0.5, 0.5, 0.5]},
		{"name": "tower-1", "center": [10, 1.5, 0], "half": [0.5, 0.5, 0.5]},
		{"name": "tower-2", "center": [10, 2.5, 0], "half": [0.5, 0.5, 0.5]}],
	"events": [
		{"tick": 30, "player": 2, "fire": {"name": "p2-a", "from": [-4, 1.5, 0], "direction": [1, 0.15, 0], "speed": 9, "half": [0.3, 0.3, 0.3], "mass": 4}},
		{"tick": 50, "player": 1, "fire": {"name": "p1-a", "from": [-4, 1, -4], "direction": [1, 0.1, 0], "speed": 12, "half": [0.2, 0.2, 0.2], "mass": 2}},
		{"tick": 90, "player": 2, "teleport": {"body": "crate-1", "center": [2, 4, 3], "velocity": [1, 2, 0]}},
		{"tick": 140, "player": 2, "fire": {"name": "p2-b", "from": [-4, 2.5, 0.3], "direction": [1, 0.1, 0], "speed": 10, "half": [0.3, 0.3, 0.3], "mass": 4}}]}`
	// A file, as the F4 restart reads the scene's file again.
	path := filepath.Join(t.TempDir(), "range-peers.json")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := scene.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestWindowNetworkDelay: F4 twice runs the scene as two peers 8 ticks
// apart; the late inputs roll the session back, the bodies they touch get
// a confirmed ghost beside their predicted pose, and the state after 300
// ticks is the same, bit for bit, as a plain headless run of the scene.
// F4 twice more turns it off, the panel's combo on again.
// SANDBOX_ROLLBACK_SHOT=FILE keeps the screenshot with the ghosts,
// SANDBOX_ROLLBACK_PANEL_SHOT=FILE takes one of the panel's section.
func TestWindowNetworkDelay(t *testing.T) {
	defer lockWindowThread(t)()
	sc := networkScene(t)
	shot := os.Getenv("SANDBOX_ROLLBACK_SHOT")
	if shot == "" {
		shot = filepath.Join(t.TempDir(), "rollback.png")
	}
	panelShot := os.Getenv("SANDBOX_ROLLBACK_PANEL_SHOT")
	var endTick uint64
	var endHash string
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 2, FireAtFrame: -1,
		Width: 1280, Height: 800, frameSeconds: 1.0 / 60,
		onExit: func(a *app) error {
			a.o.Frames = 0
			a.onKey(glfw.KeyF4, 0)
			a.onKey(glfw.KeyF4, 0)
			if a.sim.netDelay != 8 || a.sim.rb == nil || a.sim.sess.Tick() != 0 {
				return fmt.Errorf("after F4 twice: delay %d, rollback %v, tick %d; want 8 ticks from tick 0", a.sim.netDelay, a.sim.rb != nil, a.sim.sess.Tick())
			}
			a.onKey(glfw.KeyJ, 0)
			if a.sim.policy != loop.Fixed {
				return fmt.Errorf("J under a network delay: loop %v, want it to stay fixed", a.sim.policy)
			}
			runTo := func(tick uint64) error {
				for a.sim.sess.Tick() < tick {
					if err := a.frameOnce(); err != nil {
						return err
					}
				}
				return nil
			}
			if err := runTo(166); err != nil {
				return err
			}
			// p2-b was fired at tick 140 and arrived 8 ticks later: its
			// confirmed pose trails its predicted one.
			if len(a.sim.touched) == 0 {
				return fmt.Errorf("tick %d: no body touched by a late input", a.sim.sess.Tick())
			}
			beside := false
			for _, i := range a.sim.touched {
				if p, ok := a.sim.rb.ConfirmedPose(i); ok && p.Center.Sub(a.world().Body(i).Curr.Center).Len() > 0.3 {
					beside = true
				}
			}
			if !beside {
				return fmt.Errorf("tick %d: no confirmed pose apart from its predicted one", a.sim.sess.Tick())
			}
			// From the side, so that the ghost is not hidden behind its body.
			a.viewer.cam.target, a.viewer.cam.yaw, a.viewer.cam.pitch, a.viewer.cam.distance = mgl64.Vec3{1, 1.5, 0}, -math.Pi/2, 0.3, 9
			// The view alone (F2), as docs/rollback-ghost.png shows it.
			a.onKey(glfw.KeyF2, 0)
			a.o.Frames, a.o.Screenshot = a.shell.frameIndex+1, shot
			if err := a.frameOnce(); err != nil {
				return err
			}
			a.o.Frames, a.o.Screenshot = 0, ""
			a.onKey(glfw.KeyF2, 0)
			if err := runTo(300); err != nil {
				return err
			}
			if st := a.sim.rb.Stats(); st.Rollbacks < 3 {
				return fmt.Errorf("%d rollbacks: want one for each of player 2's three inputs at least", st.Rollbacks)
			}
			if a.viewer.panel.st.Network.Rollbacks == 0 {
				return fmt.Errorf("the panel's network line counts no rollbacks")
			}
			if panelShot != "" {
				// The panel scrolled down to its Network section.
				a.shell.win.SetCursorPos(float64(a.shell.fbWidth-150), float64(a.shell.fbHeight/2))
				for i := 0; i < 4; i++ {
					a.viewer.panel.u.Scroll(0, -10)
					if err := a.frameOnce(); err != nil {
						return err
					}
				}
				a.o.Frames, a.o.Screenshot = a.shell.frameIndex+1, panelShot
				if err := a.frameOnce(); err != nil {
					return err
				}
				a.o.Frames, a.o.Screenshot = 0, ""
			}
			endTick, endHash = a.sim.sess.Tick(), fmt.Sprintf("%016x", a.world().StateHash())
			a.onKey(glfw.KeyF4, 0)
			a.onKey(glfw.KeyF4, 0)
			if a.sim.netDelay != 0 || a.sim.rb != nil {
				return fmt.Errorf("after F4 four times: delay %d; want off", a.sim.netDelay)
			}
			// The panel's combo: its second choice is 4 ticks.
			before := a.viewer.panel.st.Network
			a.viewer.panel.st.Network.Delay = 1
			a.viewer.panel.applyNetwork(a, &before)
			if a.sim.netDelay != 4 || a.sim.rb == nil {
				return fmt.Errorf("the panel's network delay set to 4 ticks: delay %d", a.sim.netDelay)
			}
			return nil
		}}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(shot); err != nil || fi.Size() == 0 {
		t.Fatalf("screenshot %s: %v", shot, err)
	}
	want, err := headless.Run(headless.Options{Scene: sc, Display: headless.DisplayDef{Hz: 60}, Ticks: endTick})
	if err != nil {
		t.Fatal(err)
	}
	if endHash != want.StateHash {
		t.Fatalf("two peers 8 ticks apart, tick %d: hash %s; a plain headless run: %s", endTick, endHash, want.StateHash)
	}
}
