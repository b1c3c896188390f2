package gfx

import (
	"fmt"
	"image"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"
)

// TestRenderIntoView draws the 3D view into the top-left part of the frame
// (where the app's panel and plot strip leave room): the crate lands where
// the camera projects it in the view's own width and height, the part
// outside the view is only sky, and a crate that the full frame would show
// far right is not drawn outside the view.
func TestRenderIntoView(t *testing.T) {
	const w, h = 400, 300
	view := Viewport{X: 0, Y: 100, W: 240, H: 200} // GL origin: the top-left 240 x 200
	hidpi := ""
	defer func() {
		// Skipped here rather than inside: t.Skip must run on the test's goroutine.
		if hidpi != "" {
			t.Skipf("framebuffer %s (HiDPI?): the test checks exact pixels", hidpi)
		}
	}()
	withRenderer(t, w, h, func(win *glfw.Window, r *Renderer, fw, fh int) error {
		if fw != w || fh != h {
			hidpi = fmt.Sprintf("%dx%d for a %dx%d window", fw, fh, w, h)
			return nil
		}
		r.SetStatics(syntheticStatics(), 1)
		cam := Camera{Eye: mgl64.Vec3{-5, 3, 6}, Target: mgl64.Vec3{0, 0.5, 0}}
		crate := MakeInstance(mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.QuatIdent(), CrateColor(0))
		if err := r.Render(&Frame{Width: fw, Height: fh, View: view, Camera: cam, Dynamic: []Instance{crate}}); err != nil {
			return err
		}
		img, err := ReadPixels(fw, fh)
		if err != nil {
			return err
		}
		keepImage(t, "render_view.png", img)

		// The view is the image's top-left 240 x 200 pixels.
		x, y := projectPx(t, cam, mgl64.Vec3{0, 0.5, 0}, view.W, view.H)
		if c := at(img, x, y); !c.isCrate() {
			t.Errorf("crate centre (%d,%d) in the view is %v, want orange", x, y, c)
		}
		x, y = projectPx(t, cam, mgl64.Vec3{-2.5, 0, 3.5}, view.W, view.H)
		if g := at(img, x, y); g.isCrate() || g.g < g.b || g.luma() < 0.15 {
			t.Errorf("ground (%d,%d) in the view is %v", x, y, g)
		}
		// Outside the view: the clear colour only (right strip and bottom strip).
		sky := fromArr(r.SkyRGB())
		for _, rect := range [][4]int{{view.W, 0, w, h}, {0, view.H, view.W, h}} {
			for py := rect[1]; py < rect[3]; py += 3 {
				for px := rect[0]; px < rect[2]; px += 3 {
					if c := at(img, px, py); c.dist(sky) > 0.02 {
						// (no t.Fatal on the main thread)
						return fmt.Errorf("pixel (%d,%d) outside the view is %v, want only the sky %v", px, py, c, sky)
					}
				}
			}
		}
		// A view that does not fit the frame falls back to the whole frame.
		f := Frame{Width: fw, Height: fh, View: Viewport{X: 300, Y: 0, W: 200, H: 100}}
		if v := f.view(); v != (Viewport{0, 0, fw, fh}) {
			t.Errorf("out-of-frame view used as %v", v)
		}
		return CheckError("view")
	})
}

// With 4 samples the 3D view is drawn multisampled and resolved into the
// window's framebuffer: the crate's edges blend with what is behind them,
// so the image differs from the single-sampled one along the edges (and
// only there), and the multisampled target counts as live GL objects.
func TestMSAAResolves(t *testing.T) {
	const w, h = 200, 150
	withContext(t, w, h, func(win *glfw.Window) error {
		fw, fh := win.GetFramebufferSize()
		cam := Camera{Eye: mgl64.Vec3{-3, 2, 4}, Target: mgl64.Vec3{0, 0.5, 0}}
		crate := MakeInstance(mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.QuatIdent(), CrateColor(0))
		var imgs [2]*image.RGBA
		for i, samples := range []int{1, 4} {
			before := LiveObjects()
			r, err := NewRenderer(Options{CheckErrors: true, MSAA: samples})
			if err != nil {
				return err
			}
			if samples > 1 && maxSamples() >= 4 && (r.Samples() != 4 || r.msaa == nil) {
				r.Delete()
				return fmt.Errorf("asked for 4 samples, got %d", r.Samples())
			}
			r.SetStatics(syntheticStatics(), 1)
			f := &Frame{Width: fw, Height: fh, Camera: cam, Dynamic: []Instance{crate}}
			err = r.Render(f)
			if err == nil {
				imgs[i], err = ReadPixels(fw, fh)
			}
			r.Delete()
			if err != nil {
				return err
			}
			if LiveObjects() != before {
				return fmt.Errorf("%d samples: %d GL objects left after Delete", samples, LiveObjects()-before)
			}
		}
		keepImage(t, "msaa_1.png", imgs[0])
		keepImage(t, "msaa_4.png", imgs[1])
		differ, inside := 0, 0
		for y := 1; y < fh-1; y++ {
			for x := 1; x < fw-1; x++ {
				if at(imgs[0], x, y).dist(at(imgs[1], x, y)) < 0.04 {
					continue
				}
				differ++
				// Away from edges (all 8 neighbours alike in the
				// single-sampled image) the two must agree.
				c := at(imgs[0], x, y)
				flat := true
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						flat = flat && at(imgs[0], x+dx, y+dy).dist(c) < 0.04
					}
				}
				if flat {
					inside++
				}
			}
		}
		if differ < 20 || inside > differ/10 {
			return fmt.Errorf("4x MSAA changed %d pixels (%d away from edges): want edge pixels only, at least 20", differ, inside)
		}
		return CheckError("msaa")
	})
}
