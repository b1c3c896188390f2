//go:build cgo

package window

import (
	"testing"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/internal/allocprof"
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
	defer lockWindowThread(t)()
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	const frames = 40
	var measured allocprof.Result
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 5, FireAtFrame: 3,
		// Just large enough for the panel, the plot strip and the view
		// all to be shown, and small enough to draw quickly.
		Width: 720, Height: 460,
		onExit: func(a *app) error {
			a.o.Frames = 0
			if !a.viewer.panel.st.ShowPlots || a.viewer.frame.View.H >= a.shell.fbHeight || a.viewer.frame.View.W >= a.shell.fbWidth {
				t.Errorf("panel or plot strip not laid out: view %+v in %dx%d", a.viewer.frame.View, a.shell.fbWidth, a.shell.fbHeight)
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
			measured, err = allocprof.Measure(frames, a.frameOnce, "sandbox/", "main.")
			if a.viewer.panel.st.Bodies == 0 || a.shell.frameIndex < 90 || a.viewer.panel.hist.Len() < 90 {
				t.Errorf("panel not filled: %d bodies after %d frames, %d frames of history", a.viewer.panel.st.Bodies, a.shell.frameIndex, a.viewer.panel.hist.Len())
			}
			return err
		}}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	for _, owner := range []string{allocprof.Ours, allocprof.Cimgui, allocprof.Other, allocprof.Runtime, allocprof.Test} {
		t.Logf("%-9s %6.1f allocations per frame", owner, measured.PerRun(owner))
	}
	for _, s := range measured.Sites(12, "") {
		t.Log("  " + s)
	}
	if n := measured.PerRun(allocprof.Ours) + measured.PerRun(allocprof.Other); n != 0 {
		t.Errorf("a steady-state frame allocates %.1f times outside cimgui-go", n)
	}
	if n := gfx.LiveObjects(); n != 0 {
		t.Errorf("%d GL objects alive after the window closed", n)
	}
}
