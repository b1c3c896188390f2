//go:build cgo

package window

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/ui"
)

// Window tests of issue 10 (the window as a shooting range). They run in
// this process and are driven by frame count with a synthetic frame clock
// (fakeClock): "3 s of frames" is 180 frames of 1/60 s, however fast the
// machine draws them.

// fakeClock makes the app's frame clock advance by exactly dt seconds per
// frame from now on.
func (a *app) fakeClock(dt float64) {
	ns := a.shell.lastNs
	a.shell.clock = func() int64 {
		ns += int64(dt * 1e9)
		return ns
	}
}

// shot draws one more frame and returns it as the -screenshot of that frame
// would be (the panel included, read before the swap).
func (a *app) shot(t *testing.T) *image.RGBA {
	t.Helper()
	path := filepath.Join(t.TempDir(), "frame.png")
	frames, screenshot := a.o.Frames, a.o.Screenshot
	a.o.Frames, a.o.Screenshot = a.shell.frameIndex+1, path
	err := a.frameOnce()
	a.o.Frames, a.o.Screenshot = frames, screenshot
	if err != nil {
		t.Fatal(err)
	}
	return readPNG(t, path)
}

// viewSize is the 3D view's size in framebuffer pixels (Xvfb: the same as
// window pixels).
func (a *app) viewSize() (int, int) { return a.viewer.frame.View.W, a.viewer.frame.View.H }

// diffPixels counts the pixels of the w x h top-left rectangle that differ
// between two images by more than a rounding step.
func diffPixels(p, q *image.RGBA, w, h int) int {
	n := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if pixel(p, x, y).dist(pixel(q, x, y)) > 2.0/255 {
				n++
			}
		}
	}
	return n
}

// laneOf is the index of the lane facing the named slab.
func laneOf(t *testing.T, a *app, wall string) int {
	t.Helper()
	id, ok := a.world().FindStatic(wall)
	if !ok {
		t.Fatalf("no slab %s", wall)
	}
	for i, l := range a.viewer.lanes.lanes {
		if l.static == int(id) {
			return i
		}
	}
	t.Fatalf("no lane faces %s (lanes %v)", wall, a.viewer.lanes.names)
	return -1
}

// The crosshair is drawn at the centre of the 3D view, white on the scene.
func TestWindowCrosshairDrawn(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		img := a.shot(t)
		vw, vh := a.viewSize()
		white := func(x0, y0, x1, y1 int) int {
			n := 0
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					if p := pixel(img, x, y); p.r > 0.85 && p.g > 0.85 && p.b > 0.85 {
						n++
					}
				}
			}
			return n
		}
		if n := white(vw/2-14, vh/2-14, vw/2+15, vh/2+15); n < 30 {
			t.Errorf("%d white pixels around the view's centre (%d, %d), want a crosshair", n, vw/2, vh/2)
		}
		a.onKey(glfw.KeyO, 0) // off
		img = a.shot(t)
		if n := white(vw/2-14, vh/2-14, vw/2+15, vh/2+15); n >= 30 {
			t.Errorf("X: %d white pixels at the view's centre, want the crosshair gone", n)
		}
		return nil
	})
}

// One key press (L) puts the camera in the 1 mm wall's lane, level, and
// one shot (Space) reaches that wall: the projectile ends in front of it
// and a CCD hit by that projectile on that wall is recorded. The labels
// name each wall's thickness, the lane's highlighted. With
// SANDBOX_DOCS_SHOT=FILE the frame is also written there (the README's
// docs/range-lane.png).
func TestWindowLaneShotReachesWall(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		a.onKey(glfw.KeyL, 0)
		want := laneOf(t, a, "wall-1mm")
		if a.viewer.lane != want {
			t.Fatalf("L picked lane %d (%s), want the 1 mm wall's %d", a.viewer.lane, a.viewer.lanes.names[a.viewer.lane], want)
		}
		if a.viewer.cam.pitch != 0 || a.viewer.cam.forward().Sub(mgl64.Vec3{1, 0, 0}).Len() > 1e-9 {
			t.Errorf("lane camera looks along %v, want level along +x", a.viewer.cam.forward())
		}
		if d := 20 - a.viewer.cam.eye()[0]; d < float64(ui.DefaultLaneDistance)-1e-6 || d > float64(ui.DefaultLaneDistance)+1e-6 {
			t.Errorf("lane camera %g m in front of the wall, want %g", d, ui.DefaultLaneDistance)
		}
		bodies := a.world().NumBodies()
		a.onKey(glfw.KeySpace, 0)
		if err := a.runFrames(40); err != nil {
			return err
		}
		if a.world().NumBodies() <= bodies {
			t.Fatal("Space fired nothing")
		}
		b := a.world().Body(bodies)
		if b.Name != "user-shot-1" {
			t.Fatalf("body %d is %s, want the shot", bodies, b.Name)
		}
		if x := b.Curr.Center[0]; x > 20 || x < 19 {
			t.Errorf("the shot ended at %v, want just in front of the 1 mm wall (x = 20)", b.Curr.Center)
		}
		wall, _ := a.world().FindStatic("wall-1mm")
		hits := 0
		for i := 0; i < a.viewer.view.Markers.Len(); i++ {
			if h := a.viewer.view.Markers.At(i); h.Body == b.ID && h.Static == wall {
				hits++
			}
		}
		if hits == 0 {
			t.Error("no CCD hit of the shot on the 1 mm wall recorded")
		}
		if a.sim.sess.Counts().Tunnels != 0 {
			t.Errorf("%d tunnels", a.sim.sess.Counts().Tunnels)
		}

		// The labels: every wall's, the lane's highlighted and in view.
		if len(a.viewer.panel.st.Labels) != 4 {
			t.Fatalf("%d wall labels, want 4", len(a.viewer.panel.st.Labels))
		}
		for i, lb := range a.viewer.panel.st.Labels {
			if lb.Lane != (i == want) {
				t.Errorf("label %q: lane %v", lb.Text, lb.Lane)
			}
		}
		lb := a.viewer.panel.st.Labels[want]
		vw, vh := a.viewSize()
		if lb.Text != "1 mm" || lb.X < 0 || lb.X > float32(vw) || lb.Y < 0 || lb.Y > float32(vh) {
			t.Errorf("lane label %+v, want \"1 mm\" inside the %dx%d view", lb, vw, vh)
		}
		img := a.shot(t)
		amber := 0
		for y := int(lb.Y) - 30; y < int(lb.Y); y++ {
			for x := int(lb.X) - 40; x < int(lb.X)+40; x++ {
				if p := pixel(img, x, y); p.r > 0.9 && p.g > 0.7 && p.b < 0.4 {
					amber++
				}
			}
		}
		if amber < 20 {
			t.Errorf("%d amber text pixels at the lane's label (%.0f, %.0f), want its text", amber, lb.X, lb.Y)
		}
		if out := os.Getenv("SANDBOX_DOCS_SHOT"); out != "" {
			if err := gfx.SavePNG(out, img); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	})
}

// Paused, 3 s of frames change nothing in the 3D view: trails and hit
// markers age in simulation time, which stands still. (They used to fade
// by the wall clock: the 2 s trails were gone.)
func TestWindowPausedTrailsStayPut(t *testing.T) {
	inWindow(t, 640, 400, func(a *app) error {
		a.fakeClock(1.0 / 60)
		// A slow shot across the default view, from above the point it
		// looks at toward its right: a long trail after a third of a second.
		a.sim.shotSpeed = 30
		right := a.viewer.cam.forward().Cross(mgl64.Vec3{0, 1, 0}).Normalize()
		gun := aimedCamera(a.viewer.cam.target.Add(mgl64.Vec3{0, 3, 0}).Sub(right.Mul(6)), right)
		a.sim.fire(&gun, false)
		if err := a.runFrames(20); err != nil {
			return err
		}
		a.onKey(glfw.KeyP, 0)
		if err := a.runFrames(2); err != nil {
			return err
		}
		before := a.shot(t)
		vw, vh := a.viewSize()
		a.onKey(glfw.KeyT, 0) // trails off: what they add to the picture
		noTrails := a.shot(t)
		a.onKey(glfw.KeyT, 0)
		trail := diffPixels(before, noTrails, vw, vh)
		if trail < 30 {
			t.Fatalf("trails cover %d pixels of the view: nothing to check", trail)
		}
		if err := a.runFrames(180); err != nil { // 3 s of frames
			return err
		}
		after := a.shot(t)
		if n := diffPixels(before, after, vw, vh); n > 0 {
			t.Errorf("paused for 3 s: %d pixels of the view changed (trails cover %d), want none", n, trail)
		}
		if !a.sim.lp.Paused() {
			t.Error("not paused")
		}
		return nil
	})
}

// N while paused draws the state after the step: alpha 0, every body at
// its current physics pose, not partway back toward the last one.
func TestWindowSingleStepDrawsNewState(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 144) // alpha other than 0 between ticks
		a.onKey(glfw.KeySpace, 0)
		for i := 0; i < 20 && !(a.sim.lp.Alpha() > 0.2 && a.sim.lp.Alpha() < 0.8); i++ {
			if err := a.runFrames(1); err != nil {
				return err
			}
		}
		a.onKey(glfw.KeyP, 0)
		if err := a.runFrames(1); err != nil {
			return err
		}
		if al := a.sim.lp.Alpha(); !(al > 0.05) {
			t.Fatalf("paused at alpha %g: nothing to check", al)
		}
		tick := a.sim.lp.Tick()
		a.onKey(glfw.KeyN, 0)
		if err := a.runFrames(3); err != nil {
			return err
		}
		if a.sim.lp.Tick() != tick+1 {
			t.Fatalf("N ran %d ticks, want 1", a.sim.lp.Tick()-tick)
		}
		moving := 0
		for i := 0; i < a.world().NumBodies(); i++ {
			b := a.world().Body(i)
			if b.Prev.Center != b.Curr.Center {
				moving++
			}
			want := gfx.MakeInstance(b.Curr.Center, b.Half, b.Curr.Orientation, [4]float32{})
			if got := a.viewer.view.Dynamic[i]; got.Center != want.Center || got.Rot != want.Rot {
				t.Errorf("%s drawn at %v, want its current pose %v", b.Name, got.Center, want.Center)
			}
		}
		if moving == 0 {
			t.Error("no body moved in the step: nothing was checked")
		}
		return nil
	})
}

// inWindowScene is inWindow on a scene file.
func inWindowScene(t *testing.T, path string, f func(a *app) error) {
	t.Helper()
	defer lockWindowThread(t)()
	sc, err := scene.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 3, FireAtFrame: -1,
		Width: 1280, Height: 720, onExit: func(a *app) error { a.o.Frames = 0; return f(a) }}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	if n := gfx.LiveObjects(); n != 0 {
		t.Errorf("%d GL objects alive after the window closed", n)
	}
}

// boxScene is a scene file with n boxes on a ground.
func boxScene(n int) string {
	var b strings.Builder
	b.WriteString(`{"version": 1, "name": "boxes", "ccd": true, "statics": [{"name": "ground", "min": [-20, -1, -20], "max": [20, 0, 20]}], "bodies": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"name": "b` + string(rune('a'+i)) + `", "center": [` + string(rune('0'+i)) + `, 3, 0], "half": [0.4, 0.4, 0.4]}`)
	}
	b.WriteString("]}")
	return b.String()
}

// R keeps pause, time scale, CCD and the toggles, and reads the -scene
// file again; a file that became invalid keeps the old scene and shows
// its one-line error in the panel; saving the file reloads it.
func TestWindowResetKeepsSettingsAndReloads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "boxes.json")
	if err := os.WriteFile(path, []byte(boxScene(1)), 0o644); err != nil {
		t.Fatal(err)
	}
	inWindowScene(t, path, func(a *app) error {
		a.onKey(glfw.KeyP, 0)
		a.onKey(glfw.KeyC, 0) // CCD off, queued while paused
		a.onKey(glfw.KeyMinus, 0)
		a.onKey(glfw.KeyG, 0) // ghosts on
		a.onKey(glfw.KeyT, 0) // trails off
		a.onKey(glfw.KeyN, 0)
		if err := a.runFrames(2); err != nil {
			return err
		}
		scale := a.sim.lp.TimeScale()
		if err := os.WriteFile(path, []byte(boxScene(3)), 0o644); err != nil {
			return err
		}
		a.onKey(glfw.KeyR, 0)
		if err := a.runFrames(2); err != nil {
			return err
		}
		switch {
		case a.sim.lp.Tick() != 0 || a.world().NumBodies() != 3:
			t.Errorf("after R: tick %d, %d bodies; want tick 0 and the file's new 3 boxes", a.sim.lp.Tick(), a.world().NumBodies())
		case !a.sim.lp.Paused() || a.sim.lp.TimeScale() != scale || scale == 1:
			t.Errorf("after R: paused %v, time scale %g; want paused at %g", a.sim.lp.Paused(), a.sim.lp.TimeScale(), scale)
		case a.world().CCD() || a.viewer.panel.st.CCD:
			t.Errorf("after R: CCD %v (panel %v), want off as the user set it", a.world().CCD(), a.viewer.panel.st.CCD)
		case !a.viewer.view.Debug.Ghosts || a.viewer.view.Debug.Trails:
			t.Errorf("after R: ghosts %v trails %v, want the user's on and off", a.viewer.view.Debug.Ghosts, a.viewer.view.Debug.Trails)
		case a.viewer.panel.st.LoadError != "":
			t.Errorf("load error %q", a.viewer.panel.st.LoadError)
		}

		// Broken: R keeps the old scene, the error is in the panel.
		if err := os.WriteFile(path, []byte(`{"version": 1, "statics": [], "bodies": [{"name": "x"}]}`), 0o644); err != nil {
			return err
		}
		a.onKey(glfw.KeyR, 0)
		if err := a.runFrames(2); err != nil {
			return err
		}
		msg := a.viewer.panel.st.LoadError
		if a.world().NumBodies() != 3 || msg == "" || strings.Contains(msg, "\n") || !strings.Contains(msg, path) {
			t.Errorf("broken file: %d bodies, panel error %q; want the old 3 bodies and one line naming %s", a.world().NumBodies(), msg, path)
		}

		// Saved again, valid: the watcher reloads it (fsnotify's events
		// come on their own goroutine: allow a bounded number of frames).
		if err := os.WriteFile(path, []byte(boxScene(2)), 0o644); err != nil {
			return err
		}
		for i := 0; i < 600 && a.world().NumBodies() != 2; i++ {
			if err := a.runFrames(1); err != nil {
				return err
			}
		}
		if a.world().NumBodies() != 2 || a.viewer.panel.st.LoadError != "" || !a.sim.lp.Paused() {
			t.Errorf("after saving: %d bodies, error %q, paused %v; want the 2 new boxes, no error, still paused",
				a.world().NumBodies(), a.viewer.panel.st.LoadError, a.sim.lp.Paused())
		}
		return nil
	})
}

// The panel never leaves the 3D view less than half the window's width:
// at 800x500 and at 400x300 (where it used to cover the whole view), with
// the top of the view showing the sky, not the panel; F2 hides the panel.
func TestWindowPanelLeavesHalfTheView(t *testing.T) {
	for _, size := range [][2]int{{800, 500}, {400, 300}} {
		inWindow(t, size[0], size[1], func(a *app) error {
			img := a.shot(t)
			if dir := os.Getenv("SANDBOX_TEST_SHOTS"); dir != "" {
				_ = gfx.SavePNG(filepath.Join(dir, "panel-"+strings.Repeat("x", size[0]/100)+".png"), img)
			}
			vw, _ := a.viewSize()
			if vw*2 < a.shell.fbWidth {
				t.Errorf("%dx%d: the view is %d of %d pixels wide, want at least half", size[0], size[1], vw, a.shell.fbWidth)
			}
			if p := pixel(img, vw/2, 3); !p.isSky() {
				t.Errorf("%dx%d: the top of the view is %v, not the sky", size[0], size[1], p)
			}
			// Right of the view, the panel: its background down most of a
			// column (headers and table rows cross it), and never the sky.
			panelPx, skyPx := 0, 0
			for y := 0; y < a.shell.fbHeight; y++ {
				switch p := pixel(img, vw+4, y); {
				case p.dist(panelRGB) <= 0.03:
					panelPx++
				case p.isSky():
					skyPx++
				}
			}
			if panelPx*3 < a.shell.fbHeight || skyPx > 0 {
				t.Errorf("%dx%d: right of the view, %d of %d pixels are the panel's and %d the sky; want a third and none",
					size[0], size[1], panelPx, a.shell.fbHeight, skyPx)
			}
			a.onKey(glfw.KeyF2, 0)
			a.shot(t)
			if w, _ := a.viewSize(); w != a.shell.fbWidth {
				t.Errorf("%dx%d: F2 left the view %d of %d pixels wide", size[0], size[1], w, a.shell.fbWidth)
			}
			return nil
		})
	}
}

// Shift + click on a body selects it: the panel shows its state, the view
// outlines it in cyan; Shift + click on the sky clears the selection.
func TestWindowPickBody(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		id, ok := a.world().FindBody("crate-3")
		if !ok {
			t.Fatal("no crate-3")
		}
		i := id.Index()
		b := a.world().Body(i)
		vw, vh := a.viewSize()
		x, y, ok := a.viewer.cam.view().Project(b.Curr.Center, vw, vh)
		if !ok {
			t.Fatal("crate-3 is not in the default view")
		}
		a.moveCursor(x, y)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, glfw.ModShift)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, glfw.ModShift)
		if a.viewer.view.Selected != i || len(a.sim.sess.Pending()) != 0 {
			t.Fatalf("Shift + click on crate-3: selected %d, %d shots; want %d and none", a.viewer.view.Selected, len(a.sim.sess.Pending()), i)
		}
		img := a.shot(t)
		s := &a.viewer.panel.st
		if !s.Selected || s.Body.Name != "crate-3" || s.Body.Mass != 2 || s.Body.Bullet || s.Body.Contacts < 1 {
			t.Errorf("panel: selected %v, %+v", s.Selected, s.Body)
		}
		cyan := 0
		for yy := int(y) - 60; yy < int(y)+60; yy++ {
			for xx := int(x) - 80; xx < int(x)+80; xx++ {
				if p := pixel(img, xx, yy); p.r < 0.2 && p.g > 0.8 && p.b > 0.8 {
					cyan++
				}
			}
		}
		if cyan < 20 {
			t.Errorf("%d cyan outline pixels around crate-3, want its outline", cyan)
		}
		a.moveCursor(float64(vw/2), 3) // the sky
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, glfw.ModShift)
		if a.viewer.view.Selected != -1 {
			t.Errorf("Shift + click on the sky left %d selected", a.viewer.view.Selected)
		}
		return nil
	})
}

// F12 writes the screenshot on a goroutine and says "saved FILE" over the
// view for two seconds (frame-clock time).
func TestWindowScreenshotToast(t *testing.T) {
	inWindow(t, 640, 400, func(a *app) error {
		t.Chdir(t.TempDir())
		a.fakeClock(1.0 / 60)
		a.onKey(glfw.KeyF12, 0)
		for i := 0; i < 300 && a.viewer.panel.st.Toast == ""; i++ {
			if err := a.runFrames(1); err != nil {
				return err
			}
		}
		m, _ := filepath.Glob("sandbox-*.png")
		if len(m) != 1 || a.viewer.panel.st.Toast != "saved "+m[0] {
			t.Fatalf("files %v, message %q; want one screenshot and \"saved\" it", m, a.viewer.panel.st.Toast)
		}
		if err := a.runFrames(2*60 + 5); err != nil {
			return err
		}
		if a.viewer.panel.st.Toast != "" {
			t.Errorf("message %q still shown after 2 s", a.viewer.panel.st.Toast)
		}
		return nil
	})
}

// The panel's left edge can be dragged: the panel follows the pointer, up
// to half the window's width.
func TestWindowPanelEdgeDrag(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.shell.win.Focus()
		edge := float64(1280 - ui.PanelWidth)
		drag := func(from, to float64) error {
			a.moveCursor(from+1, 300)
			if err := a.runFrames(2); err != nil {
				return err
			}
			a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
			for i := 1; i <= 4; i++ {
				a.moveCursor(from+(to-from)*float64(i)/4, 300)
				if err := a.runFrames(1); err != nil {
					return err
				}
			}
			a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
			return a.runFrames(2)
		}
		if err := drag(edge, edge-120); err != nil {
			return err
		}
		if w := a.viewer.panel.st.PanelWidth; w < ui.PanelWidth+100 || w > ui.PanelWidth+140 {
			t.Errorf("dragged the edge 120 px left: panel %g px wide, want about %d", w, ui.PanelWidth+120)
		}
		if vw, _ := a.viewSize(); vw != a.shell.fbWidth-int(a.viewer.panel.st.PanelWidth) {
			t.Errorf("view %d px wide beside a %g px panel in %d", vw, a.viewer.panel.st.PanelWidth, a.shell.fbWidth)
		}
		if err := drag(float64(a.shell.fbWidth)-float64(a.viewer.panel.st.PanelWidth), 100); err != nil {
			return err
		}
		if vw, _ := a.viewSize(); vw*2 < a.shell.fbWidth {
			t.Errorf("dragged to x = 100: view %d of %d px, want at least half", vw, a.shell.fbWidth)
		}
		if len(a.sim.sess.Pending()) != 0 {
			t.Errorf("dragging the panel's edge fired %d shots", len(a.sim.sess.Pending()))
		}
		return nil
	})
}

// A left click in the view fires from the eye through the pointer: aimed
// at the 20 cm wall, far from the view's centre, the shot hits that wall.
func TestWindowClickFiresThroughPointer(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		vw, vh := a.viewSize()
		x, y, ok := a.viewer.cam.view().Project(mgl64.Vec3{40, 3, 7.5}, vw, vh)
		if !ok {
			t.Fatal("the 20 cm wall is not in the default view")
		}
		if d := (mgl64.Vec2{x - float64(vw)/2, y - float64(vh)/2}).Len(); d < 50 {
			t.Fatalf("the 20 cm wall is %g px from the view's centre: a click there proves nothing", d)
		}
		a.moveCursor(x, y)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
		if len(a.sim.sess.Pending()) != 1 {
			t.Fatalf("the click queued %d inputs, want 1 shot", len(a.sim.sess.Pending()))
		}
		if err := a.runFrames(20); err != nil {
			return err
		}
		id, ok := a.world().FindBody("user-shot-1")
		if !ok {
			t.Fatal("the click's shot is not in the world")
		}
		shot, _ := a.world().BodyByID(id)
		wall, _ := a.world().FindStatic("wall-20cm")
		hit := false
		for i := 0; i < a.viewer.view.Markers.Len(); i++ {
			if h := a.viewer.view.Markers.At(i); h.Body == shot.ID && h.Static == wall {
				hit = true
			}
		}
		if !hit {
			t.Errorf("the shot through the pointer did not hit the 20 cm wall (it is at %v)", shot.Curr.Center)
		}
		return nil
	})
}

// The browser: keys 1-9 are the built-in scenes in README order, a scene
// file opened from the path field is the entry after them (and takes the
// next key while there is one), keys without a scene do nothing, and a path
// that does not load leaves the scene and says why.
func TestWindowSceneKeysAndOpenFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "boxes.json")
	if err := os.WriteFile(path, []byte(boxScene(2)), 0o644); err != nil {
		t.Fatal(err)
	}
	builtins := scene.BuiltinNames()
	inWindow(t, 1280, 720, func(a *app) error {
		if got := a.viewer.panel.st.Scenes; !slices.Equal(got, builtins) {
			t.Fatalf("browser %v, want the built-in scenes %v", got, builtins)
		}
		a.openSceneFile(path)
		n := len(builtins) + 1
		if a.sim.sc.Name != "boxes" || len(a.viewer.panel.st.Scenes) != n || a.viewer.panel.st.Scenes[n-1] != fileEntryLabel("boxes", path) || a.viewer.panel.st.LoadError != "" {
			t.Fatalf("opened %s: scene %q, browser %v, error %q", path, a.sim.sc.Name, a.viewer.panel.st.Scenes, a.viewer.panel.st.LoadError)
		}
		a.onKey(glfw.Key2, 0)
		if a.sim.sc.Name != builtins[1] {
			t.Errorf("key 2 loaded %q", a.sim.sc.Name)
		}
		if n <= 9 {
			a.onKey(glfw.Key1+glfw.Key(n-1), 0)
			if a.sim.sc.Name != "boxes" {
				t.Errorf("key %d loaded %q, want the opened file", n, a.sim.sc.Name)
			}
		} else {
			a.openSceneFile(path)
		}
		if n < 9 {
			a.onKey(glfw.Key9, 0)
			if a.sim.sc.Name != "boxes" {
				t.Errorf("key 9 (no scene) loaded %q", a.sim.sc.Name)
			}
		}
		a.openSceneFile(filepath.Join(t.TempDir(), "missing.json"))
		if a.sim.sc.Name != "boxes" || !strings.Contains(a.viewer.panel.st.LoadError, "missing.json") {
			t.Errorf("a missing file: scene %q, error %q; want the old scene and the error", a.sim.sc.Name, a.viewer.panel.st.LoadError)
		}
		return a.runFrames(2)
	})
}
