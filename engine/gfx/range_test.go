package gfx

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// rangeWorld loads the built-in range scene and steps it n ticks with its script.
func rangeWorld(t testing.TB, n int) (*scene.Scene, *physics.World) {
	t.Helper()
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	script := sc.NewScript(w)
	var in []physics.Input
	for tick := uint64(0); tick < uint64(n); tick++ {
		in = script.InputsFor(tick, in[:0])
		w.Step(sc.StepSeconds(), in)
	}
	return sc, w
}

// TestRenderRange renders the built-in range scene and checks the sky, the
// ground, a crate and a wall where the camera puts them.
func TestRenderRange(t *testing.T) {
	const width, height = 640, 360
	sc, w := rangeWorld(t, 1)
	crate, ok := w.FindBody("crate-1")
	if !ok {
		t.Fatal("range has no crate-1")
	}
	cb, _ := w.BodyByID(crate)
	withRenderer(t, width, height, func(win *glfw.Window, r *Renderer, fw, fh int) error {
		r.SetStatics(Statics(w))
		v := NewWorldView(interp.Lerp)
		var lines, overlay LineBatch
		v.Build(w, 0.5, sc.StepSeconds(), 0, &lines, &overlay)
		// Look past crate-1 toward the 1 mm wall, from behind and above.
		cam := Camera{Eye: cb.Curr.Center.Add(mgl64.Vec3{-8, 4, 3}), Target: mgl64.Vec3{16, 1, -9}}
		if err := r.Render(&Frame{Width: fw, Height: fh, Camera: cam, Dynamic: v.Dynamic, Lines: &lines, Overlay: &overlay}); err != nil {
			return err
		}
		img, err := ReadPixels(fw, fh)
		if err != nil {
			return err
		}
		keepImage(t, "render_range.png", img)
		sky := fromArr(r.SkyRGB())
		if c := at(img, fw/2, 1); c.dist(sky) > 0.04 {
			t.Errorf("top of the frame %v, want the sky %v", c, sky)
		}
		x, y := projectPx(t, cam, cb.Curr.Center, fw, fh)
		if c := at(img, x, y); !c.isCrate() {
			t.Errorf("crate-1's centre pixel (%d,%d) is %v, want orange", x, y, c)
		}
		x, y = projectPx(t, cam, mgl64.Vec3{8.5, 0, -10.5}, fw, fh)
		if g := at(img, x, y); g.dist(sky) < 0.15 || g.isCrate() || g.luma() < 0.1 {
			t.Errorf("ground pixel (%d,%d) is %v: want lit ground, not sky %v", x, y, g, sky)
		}
		x, y = projectPx(t, cam, mgl64.Vec3{20, 3, -7.5}, fw, fh)
		if c := at(img, x, y); !(c.b > c.r+0.05) || c.dist(sky) < 0.05 {
			t.Errorf("1 mm wall pixel (%d,%d) is %v: want its pale blue, not sky %v", x, y, c, sky)
		}
		return nil
	})
}
