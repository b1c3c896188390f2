//go:build cgo

package window

import (
	"os"
	"testing"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/ui"
)

// inGauntlet runs f on the gauntlet with CCD off in a 1280 x 720 window,
// after 3 frames.
func inGauntlet(t *testing.T, f func(a *app) error) {
	t.Helper()
	defer lockWindowThread(t)()
	sc, err := scene.Load("gauntlet")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Scene: sc, VSync: false, CCD: false, Interp: interp.Lerp, Frames: 3, FireAtFrame: -1,
		Width: 1280, Height: 720, onExit: func(a *app) error { a.o.Frames = 0; return f(a) }}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
}

// With CCD off the gauntlet's volley tunnels through its walls 12 times,
// and every one of them shows on the wall it went through: a red mark at
// the point where the shot's path entered the slab, in the screenshot.
// (The walls used to stay untouched: only CCD impacts were marked.)
func TestWindowGauntletShowsEveryTunnel(t *testing.T) {
	inGauntlet(t, func(a *app) error {
		a.fakeClock(1.0 / 60)
		for a.sim.sess.Tick() < 90 {
			if err := a.runFrames(1); err != nil {
				return err
			}
		}
		var tunnels int
		for i := 0; i < a.viewer.events.Len(); i++ {
			if a.viewer.events.Newest(i).Kind == ui.EventTunnel {
				tunnels++
			}
		}
		if a.sim.sess.Counts().Tunnels != 12 || tunnels != 12 {
			t.Fatalf("the gauntlet without CCD: %d tunnels counted, %d listed; want 12", a.sim.sess.Counts().Tunnels, tunnels)
		}
		img := a.shot(t)
		if out := os.Getenv("SANDBOX_TUNNEL_PNG"); out != "" {
			if err := gfx.SavePNG(out, img); err != nil {
				t.Fatal(err)
			}
		}
		if n := a.viewer.view.Tunnels.Len(); n != 12 {
			t.Fatalf("%d tunnel marks, want 12", n)
		}
		vw, vh := a.viewSize()
		cam := a.viewer.cam.view()
		for i := 0; i < a.viewer.view.Tunnels.Len(); i++ {
			m := a.viewer.view.Tunnels.At(i)
			x, y, ok := cam.Project(m.Entry, vw, vh)
			if !ok {
				t.Errorf("tunnel %d: its entry %v is out of view", i, m.Entry)
				continue
			}
			red := 0
			for py := int(y) - 12; py <= int(y)+12; py++ {
				for px := int(x) - 12; px <= int(x)+12; px++ {
					if p := pixel(img, px, py); p.r > 0.8 && p.g < 0.15 && p.b < 0.15 {
						red++
					}
				}
			}
			if red < 10 {
				t.Errorf("tunnel %d (%s): %d red pixels around its entry (%.0f, %.0f), want its mark",
					i, a.world().Body(m.Body.Index()).Name, red, x, y)
			}
		}
		return nil
	})
}
