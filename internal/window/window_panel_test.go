//go:build cgo

package window

import (
	"image"
	"math"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/frames"
	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/ui"
)

// px is a pixel as 0..1 floats.
type px struct{ r, g, b float64 }

func pixel(img *image.RGBA, x, y int) px {
	c := img.RGBAAt(x, y)
	return px{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
}

func (p px) luma() float64 { return 0.2126*p.r + 0.7152*p.g + 0.0722*p.b }

func (p px) dist(o px) float64 {
	return math.Max(math.Abs(p.r-o.r), math.Max(math.Abs(p.g-o.g), math.Abs(p.b-o.b)))
}

// skyRGB is the renderer's clear colour, sRGB-encoded as the box shader
// writes it.
var skyRGB = func() px {
	c := gfx.DefaultLight().SkyColor
	enc := func(v float32) float64 { return math.Pow(float64(v), 1/2.2) }
	return px{enc(c[0]), enc(c[1]), enc(c[2])}
}()

func (p px) isSky() bool   { return p.dist(skyRGB) < 0.02 }
func (p px) isCrate() bool { return p.r > 0.3 && p.r > p.g && p.g > p.b && p.r-p.b > 0.3*p.r }

// panelRGB is the panel's background as ImGui writes it (no sRGB encoding).
var panelRGB = px{0.075, 0.08, 0.09}

// TestWindowRangeScreenshot runs range as the command line's defaults do
// (-scene range -frames 30 -screenshot FILE) and checks the
// screenshot's layout: the panel against the right edge (its colour, with
// text-like contrast in it), the plot strip along the bottom left (dark,
// with coloured lines), and the 3D view in the rest: sky at the top, the
// ground below, the lit pyramid and crate, the 1 mm wall's pale blue and
// the 20 cm wall's concrete where the default camera puts them.
func TestWindowRangeScreenshot(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.TempDir(), "range.png")
	if err := Run(Options{Scene: sc, VSync: frames.DefaultVSync, CCD: sc.CCD, Interp: interp.Default, Frames: 30,
		Screenshot: shot, FireAtFrame: -1, Policy: loop.Fixed, CatchUp: loop.Drop}); err != nil {
		t.Fatalf("window run: %v", err)
	}
	img := readPNG(t, shot)
	fw, fh := img.Bounds().Dx(), img.Bounds().Dy()
	cam, vw, vh := defaultView(t, img, "range")
	if vw != fw-ui.PanelWidth || vh != fh-ui.PlotsHeight {
		t.Fatalf("view %dx%d in %dx%d: want the panel and the plot strip beside it", vw, vh, fw, fh)
	}

	// count returns how many pixels of the rectangle satisfy f, and its
	// area, and how many horizontal neighbours differ in luma by > 0.4
	// (edges of text and lines).
	count := func(x0, y0, x1, y1 int, f func(px) bool) (n, area, edges int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				p := pixel(img, x, y)
				area++
				if f(p) {
					n++
				}
				if x > x0 && math.Abs(p.luma()-pixel(img, x-1, y).luma()) > 0.4 {
					edges++
				}
			}
		}
		return n, area, edges
	}
	isPanel := func(p px) bool { return p.dist(panelRGB) < 0.03 }

	n, area, edges := count(vw+2, 2, fw-2, fh-2, isPanel)
	if n < area/2 || edges < 2000 {
		t.Errorf("panel region: %d of %d pixels panel-coloured (want half), %d text edges (want 2000)", n, area, edges)
	}
	if sky, _, _ := count(vw+2, 2, fw-2, fh-2, px.isSky); sky > 0 {
		t.Errorf("panel region: %d sky pixels: the view shows through", sky)
	}
	dark, area, edges := count(2, vh+2, vw-2, fh-2, func(p px) bool { return p.luma() < 0.2 })
	colours := map[px]bool{}
	count(2, vh+2, vw-2, fh-2, func(p px) bool {
		if p.dist(px{p.g, p.b, p.r}) > 0.2 { // not grey: a plot line
			colours[p] = true
		}
		return false
	})
	if dark < area*3/4 || edges < 300 || len(colours) < 20 {
		t.Errorf("plot strip: %d of %d pixels dark (want 3/4), %d edges (want 300), %d line colours (want 20)", dark, area, edges, len(colours))
	}

	sky, area, _ := count(0, 0, vw, 4, px.isSky)
	if sky < area*8/10 {
		t.Errorf("top of the view: %d of %d pixels sky, want 80%%", sky, area)
	}
	if sky, _, _ := count(0, vh-4, vw, vh, px.isSky); sky > 0 {
		t.Errorf("bottom of the view: %d sky pixels, want the ground", sky)
	}
	at := func(p mgl64.Vec3) px {
		t.Helper()
		x, y, ok := cam.view().Project(p, vw, vh)
		if !ok {
			t.Fatalf("%v is not in the default view", p)
		}
		return pixel(img, int(x), int(y))
	}
	for _, p := range []mgl64.Vec3{{15, 0, 0}, {30, 0, 12}, {5, 0, 4}} {
		if c := at(p); c.isSky() || c.isCrate() || c.g < c.b || c.luma() < 0.15 || c.luma() > 0.6 {
			t.Errorf("ground at %v is %v: want the grey-green ground", p, c)
		}
	}
	for _, p := range []mgl64.Vec3{{10.1, 0.5, 15.5}, {10.1, 2.5, 15.5}, {3, 0.3, 12.5}} {
		if c := at(p); !c.isCrate() || c.luma() < 0.3 {
			t.Errorf("lit face at %v is %v: want a lit crate", p, c)
		}
	}
	if c := at(mgl64.Vec3{20, 4.5, -7.5}); !(c.b > c.r+0.1) || c.isSky() || c.luma() < 0.4 {
		t.Errorf("1 mm wall is %v: want its pale blue", c)
	}
	if c := at(mgl64.Vec3{40, 4.5, 7.5}); c.dist(px{c.g, c.b, c.r}) > 0.1 || c.luma() < 0.45 {
		t.Errorf("20 cm wall is %v: want light concrete", c)
	}
}

// lockWindowThread prepares an in-process window test: it needs a display
// and X11 (GLFW off the main thread works there; the main-thread rule is
// macOS's, and this package's TestMain belongs to the binary-level tests),
// and the goroutine locked to its OS thread until the returned func runs.
func lockWindowThread(t testing.TB) (unlock func()) {
	t.Helper()
	needDisplay(t)
	if runtime.GOOS != "linux" {
		t.Skip("GLFW off the main thread only works on X11")
	}
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}

// inWindow runs f on a range window of w x h in this process, after 3
// frames, on this goroutine locked to its thread (X11 allows GLFW off the
// main thread), and checks that no GL object outlives the window.
func inWindow(t *testing.T, w, h int, f func(a *app) error) {
	t.Helper()
	defer lockWindowThread(t)()
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 3, FireAtFrame: -1,
		Width: w, Height: h, onExit: func(a *app) error { a.o.Frames = 0; return f(a) }}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	if n := gfx.LiveObjects(); n != 0 {
		t.Errorf("%d GL objects alive after the window closed", n)
	}
}

// run draws n frames.
func (a *app) runFrames(n int) error {
	for i := 0; i < n; i++ {
		if err := a.frameOnce(); err != nil {
			return err
		}
	}
	return nil
}

// Changes made on the panel reach the app, as a user's clicks would make
// them between the panel's sync and apply; one-shot requests are acted on
// once and cleared; the panel and the renderer hold GL objects, and all of
// them are freed on exit (inWindow).
func TestWindowPanelControls(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		if gfx.LiveObjects() == 0 {
			t.Errorf("live GL objects: %d; want the renderer's and the panel's counted", gfx.LiveObjects())
		}
		p := a.viewer.panel
		// edit runs one panel frame in which the user changes the state.
		edit := func(change func(s *ui.PanelState)) error {
			p.sync(a)
			p.before = p.st
			change(&p.st)
			p.apply(a)
			return a.runFrames(2)
		}
		bodies := a.world().NumBodies()
		err := edit(func(s *ui.PanelState) {
			s.Paused, s.TimeScale, s.VSync, s.Rate, s.Stabiliser = true, 0.5, true, frames.Hz144, true
			s.CCD, s.Interp, s.Ghosts, s.AABBs, s.Contacts, s.Sweeps = false, interp.Slerp, true, true, true, true
			s.Trails, s.HitMarkers, s.SleepingTint = false, false, false
			s.ShotSpeed, s.ShotSize, s.ShotPlate, s.FireRequested = 500, 0.5, true, true
		})
		if err != nil {
			return err
		}
		switch {
		case !a.sim.lp.Paused() || a.sim.lp.TimeScale() != 0.5:
			t.Errorf("pause %v, time scale %g", a.sim.lp.Paused(), a.sim.lp.TimeScale())
		case !a.shell.vsync || a.shell.target != 3 || a.shell.targetHz() != 144 || !a.shell.stabiliser.Enabled:
			t.Errorf("vsync %v, target %v (%g Hz), stabiliser %v", a.shell.vsync, a.shell.target, a.shell.targetHz(), a.shell.stabiliser.Enabled)
		case a.viewer.view.Mode != interp.Slerp:
			t.Errorf("interpolation %v", a.viewer.view.Mode)
		case a.viewer.view.Debug != (gfx.DebugOptions{Ghosts: true, Physics: physics.DebugOptions{AABBs: true, Contacts: true, Sweeps: true, Springs: true}}):
			t.Errorf("debug drawing %+v", a.viewer.view.Debug)
		case a.sim.shotSpeed != 500 || a.sim.shotHalf != 0.25 || !a.sim.plate:
			t.Errorf("shot %g m/s, half %g m, plate %v", a.sim.shotSpeed, a.sim.shotHalf, a.sim.plate)
		case p.st.FireRequested:
			t.Error("FireRequested not cleared")
		}
		// Paused: the shot and the CCD switch wait for the next tick.
		if a.world().NumBodies() != bodies || !a.world().CCD() {
			t.Errorf("while paused: %d bodies (was %d), CCD %v: inputs must wait for a tick", a.world().NumBodies(), bodies, a.world().CCD())
		}
		tick := a.sim.lp.Tick()
		if err := edit(func(s *ui.PanelState) { s.StepRequested = true }); err != nil {
			return err
		}
		if a.sim.lp.Tick() != tick+1 || a.world().NumBodies() != bodies+1 || a.world().CCD() {
			t.Errorf("step: tick %d -> %d, bodies %d, CCD %v; want one tick with the shot and CCD off",
				tick, a.sim.lp.Tick(), a.world().NumBodies(), a.world().CCD())
		}
		if b := a.world().Body(bodies); !(b.Half[1] < b.Half[0]/10) || b.Velocity.Len() < 499 || b.Velocity.Len() > 501 {
			t.Errorf("the panel's shot: half %v, speed %g; want a 500 m/s plate", b.Half, b.Velocity.Len())
		}
		if p.st.StepRequested {
			t.Error("StepRequested not cleared")
		}
		// An untouched panel changes nothing, whatever float32 does to
		// the values it shows.
		a.setTimeScale(0.1)
		a.sim.shotSpeed = 3000
		if err := edit(func(*ui.PanelState) {}); err != nil {
			return err
		}
		if a.sim.lp.TimeScale() != 0.1 || a.sim.shotSpeed != 3000 {
			t.Errorf("an untouched panel changed time scale to %g, shot speed to %g", a.sim.lp.TimeScale(), a.sim.shotSpeed)
		}
		// The scene browser, reset, and the screenshot button.
		t.Chdir(t.TempDir())
		if err := edit(func(s *ui.PanelState) { s.Scene, s.SceneRequested = 1, true }); err != nil {
			return err
		}
		if a.sim.sc.Name != p.st.Scenes[1] || p.st.SceneRequested || p.st.Scene != 1 {
			t.Errorf("browser: scene %q, want %q", a.sim.sc.Name, p.st.Scenes[1])
		}
		if err := edit(func(s *ui.PanelState) { s.ResetRequested, s.ScreenshotRequested = true, true }); err != nil {
			return err
		}
		a.shell.shots.wait() // written on a goroutine
		if m, _ := filepath.Glob("sandbox-*.png"); len(m) != 1 || p.st.ResetRequested || p.st.ScreenshotRequested {
			t.Errorf("screenshot button wrote %v", m)
		}
		// F1 toggles the key help in the panel (not stdout).
		a.onKey(glfw.KeyF1, 0)
		if !p.st.ShowKeys {
			t.Error("F1 did not open the key help")
		}
		return a.runFrames(3)
	})
}

// moveCursor puts the pointer at (x, y) and tells the app, as the cursor
// callback would: GLFW does not report the motion of its own warps.
func (a *app) moveCursor(x, y float64) {
	a.shell.win.SetCursorPos(x, y)
	glfw.PollEvents()
	a.onCursor(x, y)
}

// A click over the panel goes to the panel, not to the gun; the same
// click over the 3D view fires; the wheel over the panel does not zoom.
func TestWindowClicksOnPanelDoNotFire(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.sim.lp.SetPaused(true) // the shots wait: counted as pending inputs
		a.shell.win.Focus()
		a.moveCursor(1280-ui.PanelWidth/2, 300) // over the panel
		if err := a.runFrames(3); err != nil {
			return err
		}
		if !a.viewer.panel.wantMouse() {
			t.Fatalf("the panel does not want the mouse with the cursor over it (focused %d, hovered %d)",
				a.shell.win.GetAttrib(glfw.Focused), a.shell.win.GetAttrib(glfw.Hovered))
		}
		dist := a.viewer.cam.distance
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
		a.onScroll(0, 3)
		if len(a.sim.sess.Pending()) != 0 || a.viewer.cam.distance != dist {
			t.Errorf("over the panel: %d shots queued, distance %g -> %g; want none and unchanged", len(a.sim.sess.Pending()), dist, a.viewer.cam.distance)
		}
		if err := a.runFrames(2); err != nil {
			return err
		}
		a.moveCursor(300, 200) // over the 3D view
		if err := a.runFrames(3); err != nil {
			return err
		}
		if a.viewer.panel.wantMouse() {
			t.Fatal("the panel wants the mouse over the 3D view")
		}
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
		a.onScroll(0, 3)
		if len(a.sim.sess.Pending()) != 1 || a.viewer.cam.distance >= dist {
			t.Errorf("over the view: %d shots queued, distance %g -> %g; want one shot and a zoom", len(a.sim.sess.Pending()), dist, a.viewer.cam.distance)
		}
		return a.runFrames(2)
	})
}

// A pointer that moves from the view onto the panel and presses within
// one batch of events (no frame between: ImGui's capture flag still says
// "view") fires nothing: the press is decided where it lands.
func TestWindowPressLandingOnPanelFiresNothing(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.sim.lp.SetPaused(true)
		a.shell.win.Focus()
		a.moveCursor(300, 200)
		if err := a.runFrames(3); err != nil {
			return err
		}
		if a.viewer.panel.wantMouse() {
			t.Fatal("the panel wants the mouse over the 3D view")
		}
		a.moveCursor(1280-ui.PanelWidth/2, 300) // onto the panel, then the press, same batch
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, 0)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, 0)
		if len(a.sim.sess.Pending()) != 0 {
			t.Errorf("a press landing on the panel queued %d shots, want none", len(a.sim.sess.Pending()))
		}
		return a.runFrames(2)
	})
}
