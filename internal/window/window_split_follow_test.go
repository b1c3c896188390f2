//go:build cgo

package window

import (
	"image"
	"os"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// inGlider runs f on the glider scene in a 1280 x 720 window, after 3 frames.
func inGlider(t *testing.T, f func(a *app) error) {
	t.Helper()
	defer lockWindowThread(t)()
	sc, err := scene.Load("glider")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 3, FireAtFrame: -1,
		Width: 1280, Height: 720, onExit: func(a *app) error { a.o.Frames = 0; return f(a) }}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
}

// gliderPixels counts the pixels of the glider's colour within r pixels of
// where the camera projects its centre in the split view's half h.
func gliderPixels(t *testing.T, a *app, img *image.RGBA, h int, r int) (n int, inView bool) {
	t.Helper()
	v := a.split.halves[h].vp
	b := a.world().Body(0)
	x, y, ok := a.viewer.cam.view().Project(b.Curr.Center, v.W, v.H)
	if !ok {
		return 0, false
	}
	top := img.Bounds().Dy() - (v.Y + v.H)
	for py := int(y) - r; py <= int(y)+r; py++ {
		for px := int(x) - r; px <= int(x)+r; px++ {
			if px < 0 || px >= v.W || py < 0 || py >= v.H {
				continue
			}
			if pixel(img, v.X+px, top+py).isCrate() {
				n++
			}
		}
	}
	return n, true
}

// In the split view the camera follows the glider: 3 s after X (18 m of
// gliding, past the edge of the view it started in) both halves still
// show it, at the middle of the view. Turning the split off puts the
// camera back.
func TestWindowSplitFollowsGlider(t *testing.T) {
	inGlider(t, func(a *app) error {
		a.fakeClock(1.0 / 60)
		before := a.viewer.cam
		a.onKey(glfw.KeyX, 0)
		if err := a.runFrames(180); err != nil {
			return err
		}
		img := a.shot(t)
		for h := 0; h < 2; h++ {
			n, in := gliderPixels(t, a, img, h, 30)
			if !in || n < 100 {
				t.Errorf("half %d, 3 s after X: glider in view %v, %d of its pixels; want it in sight", h, in, n)
			}
		}
		a.onKey(glfw.KeyX, 0)
		if err := a.runFrames(1); err != nil {
			return err
		}
		if a.viewer.cam.target != before.target || a.viewer.cam.distance != before.distance {
			t.Errorf("split off: camera at %v, %v m; want back at %v, %v m", a.viewer.cam.target, a.viewer.cam.distance, before.target, before.distance)
		}
		return nil
	})
}

// A still frame of the split view shows the two rates apart: each half
// outlines the glider where it presented it over the last ghostSeconds,
// and at 0.1x the 144 Hz half's outlines, 2.4 times as many and closer
// together, cover well over the 60 Hz half's (they overlap more).
func TestWindowSplitGhostsShowTheRates(t *testing.T) {
	inGlider(t, func(a *app) error {
		a.fakeClock(1.0 / 60)
		a.onKey(glfw.KeyX, 0)
		a.setTimeScale(0.1)
		if err := a.runFrames(130); err != nil {
			return err
		}
		img := a.shot(t)
		if out := os.Getenv("SANDBOX_SPLIT_GHOSTS_PNG"); out != "" {
			if err := gfx.SavePNG(out, img); err != nil {
				t.Fatal(err)
			}
		}
		// The outlines' colour is pale and cool, which nothing else is.
		var ghost [2]int
		for h := 0; h < 2; h++ {
			v := a.split.halves[h].vp
			top := img.Bounds().Dy() - (v.Y + v.H)
			for y := top + 28; y < top+v.H; y++ { // under the half's label
				for x := v.X + 1; x < v.X+v.W-1; x++ {
					if p := pixel(img, x, y); p.b > 0.45 && p.g > 0.4 && p.b > p.r+0.05 && !p.isSky() {
						ghost[h]++
					}
				}
			}
		}
		if ghost[0] < 200 || float64(ghost[1]) < 1.4*float64(ghost[0]) {
			t.Errorf("outline pixels: %d in the 60 Hz half, %d in the 144 Hz half; want some, and 1.4 times as many at 144 Hz", ghost[0], ghost[1])
		}
		return nil
	})
}
