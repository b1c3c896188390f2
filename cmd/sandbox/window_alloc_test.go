package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/ui"
)

// TestWindowFrameAllocations opens the window in this process and checks
// that a steady-state frame of the range scene (simulate, interpolate, build
// the panel and its plots, draw the scene and the panel, present) allocates
// nothing, apart from what cimgui-go allocates inside its own wrappers
// (engine/ui's alloc test measures the same way). Allocations are
// attributed by the heap profile, sampling every allocation, to the first
// function outside the runtime on their stack. GLFW is driven from this
// test's goroutine, locked to its OS thread: X11 allows that (the
// main-thread rule is macOS's), and the package's TestMain belongs to the
// binary-level tests.
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
	const frames = 40
	var byOwner map[string]int64
	var sites []string
	o := windowOptions{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 5, FireAtFrame: 3,
		// Just large enough for the panel, the plot strip and the view
		// all to be shown, and small enough to draw quickly.
		Width: 720, Height: 460,
		onExit: func(a *app) error {
			a.o.Frames = 0
			if !a.panel.st.ShowPlots || a.frame.View.H >= a.fbHeight || a.frame.View.W >= a.fbWidth {
				t.Errorf("panel or plot strip not laid out: view %+v in %dx%d", a.frame.View, a.fbWidth, a.fbHeight)
			}
			// Steady state: the scripted shots (up to tick 180) fired, the
			// tower fallen and asleep, trails, markers and buffers grown.
			a.setTimeScale(2)
			for a.sim.lp.Tick() < 600 {
				if err := a.frameOnce(); err != nil {
					return err
				}
			}
			a.setTimeScale(1)
			for i := 0; i < 10; i++ {
				if err := a.frameOnce(); err != nil {
					return err
				}
			}
			var err error
			byOwner, sites, err = measureAllocs(frames, a.frameOnce)
			if a.stats.Bodies == 0 || a.stats.Frame < 90 || a.panel.hist.Len() < 90 {
				t.Errorf("stats not filled: %+v, %d frames of history", a.stats, a.panel.hist.Len())
			}
			return err
		}}
	if err := runWindow(o); err != nil {
		t.Fatal(err)
	}
	for _, owner := range []string{"sandbox", "cimgui-go", "other", "runtime", "test"} {
		t.Logf("%-9s %6.1f allocations per frame", owner, float64(byOwner[owner])/frames)
	}
	for _, s := range sites {
		t.Log("  " + s)
	}
	if n := byOwner["sandbox"] + byOwner["other"]; n != 0 {
		t.Errorf("a steady-state frame allocates %.1f times outside cimgui-go", float64(n)/frames)
	}
	if n := gfx.LiveObjects() + ui.LiveObjects(); n != 0 {
		t.Errorf("%d GL objects alive after the window closed", n)
	}
}

// measureAllocs runs frame n times with every allocation profiled, and
// returns the allocations by owner of the first non-runtime function on
// their stack ("sandbox", "cimgui-go", "test", "other", or "runtime" for
// stacks with none) and the busiest call sites, per frame.
func measureAllocs(n int, frame func() error) (map[string]int64, []string, error) {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	before := allocProfile()
	for i := 0; i < n; i++ {
		if err := frame(); err != nil {
			return nil, nil, err
		}
	}
	after := allocProfile()
	byOwner := map[string]int64{}
	byWhere := map[string]int64{}
	for stack, count := range after {
		if d := count - before[stack]; d > 0 {
			where, owner := allocOwner(stack)
			byOwner[owner] += d
			byWhere[owner+" "+where] += d
		}
	}
	var sites []string
	for k := range byWhere {
		sites = append(sites, k)
	}
	sort.Slice(sites, func(i, j int) bool { return byWhere[sites[i]] > byWhere[sites[j]] })
	for i, k := range sites {
		sites[i] = fmt.Sprintf("%6.1f/frame  %s", float64(byWhere[k])/float64(n), k)
	}
	return byOwner, sites[:min(len(sites), 12)], nil
}

// allocProfile returns the heap profile's allocation counts by stack.
func allocProfile() map[[32]uintptr]int64 {
	runtime.GC()
	runtime.GC() // the profile lags up to two cycles
	var recs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs = make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			recs = recs[:n]
			break
		}
	}
	out := make(map[[32]uintptr]int64, len(recs))
	for _, r := range recs {
		out[r.Stack0] += r.AllocObjects
	}
	return out
}

// allocOwner names the first function outside the runtime on a stack and
// whose it is.
func allocOwner(stack [32]uintptr) (where, owner string) {
	var pcs []uintptr
	for _, pc := range stack {
		if pc == 0 {
			break
		}
		pcs = append(pcs, pc)
	}
	frames := runtime.CallersFrames(pcs)
	var inRuntime []string
	for {
		f, more := frames.Next()
		inRuntime = append(inRuntime, f.Function)
		fn := f.Function
		if fn != "" && !strings.HasPrefix(fn, "runtime.") && !strings.HasPrefix(fn, "internal/") {
			switch {
			case strings.HasSuffix(f.File, "_test.go"):
				return fn, "test"
			case strings.HasPrefix(fn, "sandbox/") || strings.HasPrefix(fn, "main."):
				return fn, "sandbox"
			case strings.Contains(fn, "github.com/AllenDang/cimgui-go"):
				return fn, "cimgui-go"
			}
			return fn, "other"
		}
		if !more {
			// The scheduler starting a thread, the scavenger's timer:
			// nobody's frame.
			return strings.Join(inRuntime, " < "), "runtime"
		}
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
