package main

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// TestWindowFrameAllocations opens the window in this process and checks
// that a steady-state frame (simulate, interpolate, draw, present) of the
// range scene allocates nothing. GLFW is driven from this test's goroutine,
// locked to its OS thread: X11 allows that (the main-thread rule is macOS's),
// and the package's TestMain belongs to the binary-level tests.
func TestWindowFrameAllocations(t *testing.T) {
	needDisplay(t)
	if runtime.GOOS != "linux" {
		t.Skip("GLFW off the main thread only works on X11")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	var allocs float64
	o := windowOptions{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 40, FireAtFrame: 5,
		Width: 320, Height: 180,
		onExit: func(a *app) error {
			// The trails and markers have grown; the next frames are steady.
			a.o.Frames = 0
			allocs = testing.AllocsPerRun(50, func() {
				if err := a.frameOnce(); err != nil {
					t.Error(err)
				}
			})
			if a.stats.Bodies == 0 || a.stats.Frame < 90 {
				t.Errorf("stats not filled: %+v", a.stats)
			}
			return nil
		}}
	if err := runWindow(o); err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("a steady-state frame allocates %.1f times", allocs)
	}
	if n := gfx.LiveObjects(); n != 0 {
		t.Errorf("%d GL objects alive after the window closed", n)
	}
}

// TestWindowKeys drives every key through the app's key handler in a real
// window and checks what each one changed.
func TestWindowKeys(t *testing.T) {
	needDisplay(t)
	if runtime.GOOS != "linux" {
		t.Skip("GLFW off the main thread only works on X11")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t.Chdir(t.TempDir()) // F12 writes its screenshot here
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	frames := func(a *app, n int) {
		for i := 0; i < n; i++ {
			if err := a.frameOnce(); err != nil {
				t.Fatal(err)
			}
		}
	}
	o := windowOptions{Scene: sc, VSync: true, CCD: true, Interp: interp.Lerp, Frames: 3, FireAtFrame: -1,
		Width: 320, Height: 180,
		onExit: func(a *app) error {
			a.o.Frames = 0
			press := func(k glfw.Key, mods glfw.ModifierKey) { a.onKey(k, mods); frames(a, 3) }

			bodies := a.world().NumBodies()
			press(glfw.KeySpace, 0)
			press(glfw.KeySpace, glfw.ModControl)
			frames(a, 10)
			if n := a.world().NumBodies(); n < bodies+2 {
				t.Errorf("two shots fired, bodies %d -> %d", bodies, n)
			}
			ccd := a.world().CCD()
			press(glfw.KeyC, 0)
			frames(a, 10)
			if a.world().CCD() == ccd {
				t.Error("C did not toggle CCD")
			}
			mode := a.view.Mode
			press(glfw.KeyI, 0)
			if a.view.Mode == mode {
				t.Error("I did not change the interpolation mode")
			}
			press(glfw.KeyP, 0)
			tick := a.sim.lp.Tick()
			frames(a, 10)
			if a.sim.lp.Tick() != tick {
				t.Error("P did not pause")
			}
			press(glfw.KeyN, 0)
			if a.sim.lp.Tick() != tick+1 {
				t.Errorf("N ran %d steps, want 1", a.sim.lp.Tick()-tick)
			}
			press(glfw.KeyP, 0)
			press(glfw.KeyR, 0)
			if a.world().NumBodies() != bodies {
				t.Errorf("R left %d bodies, want %d", a.world().NumBodies(), bodies)
			}
			press(glfw.Key2, 0)
			if a.sim.sc.Name != scene.BuiltinNames()[1] {
				t.Errorf("2 loaded %q", a.sim.sc.Name)
			}
			v := a.vsync
			press(glfw.KeyV, 0)
			if a.vsync == v {
				t.Error("V did not toggle vsync")
			}
			target := a.target
			press(glfw.KeyH, 0)
			if a.target == target {
				t.Error("H did not change the display-rate target")
			}
			speed := a.sim.shotSpeed
			press(glfw.KeyRightBracket, 0)
			if a.sim.shotSpeed <= speed {
				t.Error("] did not raise the shot speed")
			}
			for _, k := range []glfw.Key{glfw.KeyLeftBracket, glfw.KeyComma, glfw.KeyPeriod, glfw.KeyY, glfw.KeyMinus,
				glfw.KeyEqual, glfw.KeyTab, glfw.KeyHome, glfw.KeyG, glfw.KeyT, glfw.KeyM, glfw.KeyB, glfw.KeyK,
				glfw.KeyU, glfw.KeyZ, glfw.KeyF1, glfw.KeyF12} {
				press(k, 0)
			}
			if !a.view.Debug.Ghosts || !a.view.Debug.Physics.AABBs || !a.stabiliser.Enabled || !a.cam.fly {
				t.Errorf("toggles not on: ghosts %v aabbs %v stabiliser %v fly %v",
					a.view.Debug.Ghosts, a.view.Debug.Physics.AABBs, a.stabiliser.Enabled, a.cam.fly)
			}
			frames(a, 5) // draw with every debug view on
			if m, _ := filepath.Glob("sandbox-*.png"); len(m) != 1 {
				t.Errorf("F12 wrote %v", m)
			}
			press(glfw.KeyF11, 0)
			if !a.fullscreen {
				t.Error("F11 did not go fullscreen")
			}
			press(glfw.KeyF11, 0)
			if a.fullscreen || a.fbWidth != 320 {
				t.Errorf("F11 again: fullscreen %v, framebuffer width %d", a.fullscreen, a.fbWidth)
			}
			press(glfw.KeyEscape, 0)
			if !a.quit {
				t.Error("Esc did not quit")
			}
			return nil
		}}
	if err := runWindow(o); err != nil {
		t.Fatal(err)
	}
}
