//go:build cgo

package window

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/gfx"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// saveShot writes img as NAME.png into $SANDBOX_WINCTL_SHOTS, when set
// (the screenshots looked at when the panel controls were made).
func saveShot(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := os.Getenv("SANDBOX_WINCTL_SHOTS")
	if dir == "" {
		return
	}
	if err := gfx.SavePNG(filepath.Join(dir, name+".png"), img); err != nil {
		t.Fatal(err)
	}
}

// With the crosshair on, a plain left press on a crate fires; with it off
// (O), the same press grabs the crate and moving the pointer drags it, as
// Shift + drag does; a plain press on nothing still fires.
func TestWindowPlainDragWithCrosshairOff(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		a.shell.win.Focus()
		id, ok := a.world().FindBody("crate-3")
		if !ok {
			t.Fatal("no crate-3")
		}
		i := id.Index()
		vw, vh := a.viewSize()
		start := a.world().Body(i).Curr.Center
		x, y, ok := a.viewer.cam.view().Project(start, vw, vh)
		if !ok {
			t.Fatal("crate-3 is not in the default view")
		}
		a.sim.lp.SetPaused(true) // shots wait in the queue, where they can be counted
		a.moveCursor(x, y)
		if err := a.runFrames(2); err != nil {
			return err
		}
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
		if n := len(a.sim.sess.Pending()); n != 1 || a.viewer.drag.pressed {
			t.Fatalf("crosshair on, plain click on crate-3: %d shots queued, grabbed %v; want a shot", n, a.viewer.drag.pressed)
		}
		a.viewer.panel.st.Crosshair = false
		a.resetScene() // the shot never flies: R drops the queue
		a.sim.lp.SetPaused(false)
		if err := a.runFrames(2); err != nil {
			return err
		}
		start = a.world().Body(i).Curr.Center
		x, y, _ = a.viewer.cam.view().Project(start, vw, vh)
		a.moveCursor(x, y)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
		for k := 1; k <= 6; k++ {
			a.moveCursor(x, y-float64(20*k))
			if err := a.runFrames(1); err != nil {
				return err
			}
		}
		in, held := a.sim.sess.Held()
		if !held || !a.viewer.drag.active || in.Body != id || a.viewer.view.Selected != i {
			t.Fatalf("crosshair off, plain drag on crate-3: held %v (%+v), dragging %v, selected %d (want %d)", held, in, a.viewer.drag.active, a.viewer.view.Selected, i)
		}
		saveShot(t, a.shot(t), "plain-drag")
		if err := a.runFrames(60); err != nil {
			return err
		}
		if c := a.world().Body(i).Curr.Center; c[1] < start[1]+0.5 {
			t.Errorf("after 1 s of plain drag crate-3 rose %.2f m, want at least 0.5", c[1]-start[1])
		}
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
		if _, held := a.sim.sess.Held(); held || a.viewer.drag.active {
			t.Errorf("after the release: held %v, dragging %v", held, a.viewer.drag.active)
		}
		// On nothing (the sky at the top of the view) a plain press fires.
		a.sim.lp.SetPaused(true)
		a.moveCursor(float64(vw)/2, 5)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
		if n := len(a.sim.sess.Pending()); n != 1 || a.viewer.drag.pressed {
			t.Errorf("crosshair off, click on the sky: %d shots queued, grabbed %v; want a shot", n, a.viewer.drag.pressed)
		}
		return nil
	})
}

// The panel's physics rate and substeps change the running session from
// the next tick, resetting nothing (tick, bodies, time go on); an
// untouched panel leaves a 59.94 Hz-like rate exact; R keeps the rate.
func TestWindowPanelPhysicsRate(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		p := a.viewer.panel
		edit := func(change func(s *ui.PanelState)) error {
			p.sync(a)
			p.before = p.st
			change(&p.st)
			p.apply(a)
			return a.runFrames(2)
		}
		if err := a.runFrames(30); err != nil {
			return err
		}
		tick, bodies, t0 := a.sim.sess.Tick(), a.world().NumBodies(), a.sim.lp.Time()
		if err := edit(func(s *ui.PanelState) { s.PhysicsHz, s.Substeps = 240, 2 }); err != nil {
			return err
		}
		if r := a.sim.sess.Rate(); r != (session.Rate{Hz: 240, Substeps: 2}) || a.world().Substeps() != 2 {
			t.Fatalf("rate %+v, world substeps %d; want 240 Hz, 2", r, a.world().Substeps())
		}
		// Two 1/60 s frames at 240 Hz: 8 more ticks, and up to 4 more for
		// the time the loop owed from before (under one 60 Hz step);
		// nothing reset.
		if got := a.sim.sess.Tick(); got < tick+7 || got > tick+12 || a.world().NumBodies() != bodies {
			t.Errorf("tick %d -> %d, bodies %d -> %d; want 8 to 11 more ticks, same bodies", tick, got, bodies, a.world().NumBodies())
		}
		if dt, want := a.sim.lp.Time()-t0, float64(a.sim.sess.Tick()-tick)/240; math.Abs(dt-want) > 1e-9 {
			t.Errorf("loop time went on by %v s, want %v (the ticks since, at 240 Hz)", dt, want)
		}
		p.sync(a)
		if p.st.PhysicsHz != 240 || p.st.Substeps != 2 {
			t.Errorf("panel shows %d Hz, %d substeps", p.st.PhysicsHz, p.st.Substeps)
		}
		// An untouched panel does not round a rate it cannot show.
		if err := a.sim.sess.SetRate(session.Rate{Hz: 59.94, Substeps: 3}); err != nil {
			t.Fatal(err)
		}
		if err := edit(func(*ui.PanelState) {}); err != nil {
			return err
		}
		if r := a.sim.sess.Rate(); r != (session.Rate{Hz: 59.94, Substeps: 3}) {
			t.Errorf("an untouched panel changed the rate to %+v", r)
		}
		if err := edit(func(s *ui.PanelState) { s.Substeps = 5 }); err != nil {
			return err
		}
		if r := a.sim.sess.Rate(); r != (session.Rate{Hz: 59.94, Substeps: 5}) {
			t.Errorf("moving only the substeps: rate %+v, want 59.94 Hz kept", r)
		}
		a.resetScene()
		if err := a.runFrames(2); err != nil {
			return err
		}
		if r := a.sim.sess.Rate(); r != (session.Rate{Hz: 59.94, Substeps: 5}) {
			t.Errorf("after R: rate %+v, want the panel's kept", r)
		}
		return nil
	})
}

// The debug section's impulses toggle draws pink lines at the crates'
// contacts (pixels), and the islands toggle colours each body by its
// island (the view's instances); both reach the view from the panel.
func TestWindowImpulsesAndIslands(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		p := a.viewer.panel
		edit := func(change func(s *ui.PanelState)) error {
			p.sync(a)
			p.before = p.st
			change(&p.st)
			p.apply(a)
			return a.runFrames(2)
		}
		if err := a.runFrames(60); err != nil {
			return err
		}
		a.sim.lp.SetPaused(true)
		pink := func(img *image.RGBA) int {
			vw, vh := a.viewSize()
			n := 0
			for y := 0; y < vh; y++ {
				for x := 0; x < vw; x++ {
					if q := pixel(img, x, y); q.r > 0.85 && q.g > 0.2 && q.g < 0.55 && q.b > 0.55 && q.b < 0.9 {
						n++
					}
				}
			}
			return n
		}
		off := a.shot(t)
		if err := edit(func(s *ui.PanelState) { s.Impulses, s.Islands, s.SleepingTint = true, true, false }); err != nil {
			return err
		}
		if !a.viewer.view.Debug.Physics.Impulses || !a.viewer.view.Debug.Islands {
			t.Fatalf("debug options %+v: the panel's toggles did not reach the view", a.viewer.view.Debug)
		}
		on := a.shot(t)
		saveShot(t, on, "impulses-islands")
		if n0, n1 := pink(off), pink(on); n1 < 20 || n1 < 4*n0+20 {
			t.Errorf("impulse-pink pixels: %d off, %d on; want the lines drawn", n0, n1)
		}
		if os.Getenv("SANDBOX_WINCTL_SHOTS") != "" {
			// A closer look at the pyramid and the tower for the eye.
			if id, ok := a.world().FindBody("pyramid-0-0"); ok {
				b, _ := a.world().BodyByID(id)
				a.viewer.cam.target, a.viewer.cam.distance = b.Curr.Center.Add(mgl64.Vec3{1.5, 1.5, 0}), 9
				saveShot(t, a.shot(t), "impulses-islands-close")
			}
		}
		roots := a.world().IslandRoots(nil)
		for i, in := range a.viewer.view.Dynamic {
			if in.Color != gfx.IslandColor(int(roots[i])) {
				t.Fatalf("body %d drawn %v, want its island's %v", i, in.Color, gfx.IslandColor(int(roots[i])))
			}
		}
		return nil
	})
}
