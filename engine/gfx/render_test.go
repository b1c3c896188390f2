package gfx

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"
)

// synthetic scene: the range's ground and a thin wall, one crate.
func syntheticStatics() []Instance {
	id := mgl64.QuatIdent()
	return []Instance{
		MakeInstance(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, id, GroundColor),
		MakeInstance(mgl64.Vec3{20.0005, 3, 0}, mgl64.Vec3{0.0005, 3, 5}, id, ThinWallColor),
	}
}

// TestRenderSkyGroundCrate draws a crate on the ground and reads pixels
// back: the sky, the ground, the crate, and the crate's shadow each where the
// camera matrices put them.
func TestRenderSkyGroundCrate(t *testing.T) {
	const w, h = 320, 240
	withRenderer(t, w, h, func(win *glfw.Window, r *Renderer, fw, fh int) error {
		r.SetStatics(syntheticStatics(), 1)
		cam := Camera{Eye: mgl64.Vec3{-5, 3, 6}, Target: mgl64.Vec3{0, 0.5, 0}}
		crate := MakeInstance(mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.QuatIdent(), CrateColor(0))
		f := &Frame{Width: fw, Height: fh, Camera: cam, Dynamic: []Instance{crate}}
		if err := r.Render(f); err != nil {
			return err
		}
		img, err := ReadPixels(fw, fh)
		if err != nil {
			return err
		}
		keepImage(t, "render_basic.png", img)

		sky := fromArr(r.SkyRGB())
		if c := at(img, fw/2, 2); c.dist(sky) > 0.04 {
			t.Errorf("top of the frame %v, want the sky %v", c, sky)
		}
		x, y := projectPx(t, cam, mgl64.Vec3{0, 0.5, 0}, fw, fh)
		if c := at(img, x, y); !c.isCrate() {
			t.Errorf("crate centre pixel (%d,%d) is %v, want orange", x, y, c)
		}
		// Ground in front of the crate: not sky, not crate, grey-green.
		x, y = projectPx(t, cam, mgl64.Vec3{-2.5, 0, 3.5}, fw, fh)
		g := at(img, x, y)
		if g.dist(sky) < 0.15 || g.isCrate() || g.g < g.b || g.luma() < 0.15 {
			t.Errorf("ground pixel (%d,%d) is %v: want lit grey-green, not sky %v", x, y, g, sky)
		}
		// The sunlight travels toward +x and somewhat -z: the crate's
		// shadow falls on its +x side (seen past its +z edge), the -x side is lit.
		sx, sy := projectPx(t, cam, mgl64.Vec3{0.9, 0, 0.15}, fw, fh)
		lx, ly := projectPx(t, cam, mgl64.Vec3{-1.2, 0, 0.55}, fw, fh)
		if s, l := at(img, sx, sy), at(img, lx, ly); s.luma() > 0.75*l.luma() {
			t.Errorf("shadowed ground %v at (%d,%d) not darker than lit ground %v at (%d,%d)", s, sx, sy, l, lx, ly)
		}
		// Zero-size frames draw nothing and report no error.
		return r.Render(&Frame{Width: 0, Height: 0, Camera: cam})
	})
}

// TestLiveObjectsReturnToZero makes and deletes every kind of GL object.
func TestLiveObjectsReturnToZero(t *testing.T) {
	withContext(t, 64, 64, func(*glfw.Window) error {
		if n := LiveObjects(); n != 0 {
			t.Errorf("%d GL objects alive before the test", n)
		}
		r, err := NewRenderer(Options{CheckErrors: true, ShadowMapSize: 512})
		if err != nil {
			return err
		}
		if n := LiveObjects(); n < 12 {
			t.Errorf("a renderer holds only %d live objects: the counter is not counting", n)
		}
		var lines LineBatch
		lines.Cross(mgl64.Vec3{}, 1, HitMarkerColor)
		if err := r.Render(&Frame{Width: 64, Height: 64, Camera: Camera{Eye: mgl64.Vec3{0, 2, 5}},
			Dynamic: []Instance{MakeInstance(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}, mgl64.QuatIdent(), CrateColor(1))},
			Lines:   &lines, Overlay: &lines}); err != nil {
			return err
		}
		r.Delete()
		r.Delete() // twice is harmless
		if n := LiveObjects(); n != 0 {
			t.Errorf("%d GL objects alive after Delete", n)
		}
		if _, err := NewShadowMap(100); err == nil {
			t.Error("a 100-texel shadow map was accepted")
		}
		if n := LiveObjects(); n != 0 {
			t.Errorf("%d GL objects alive after a refused shadow map", n)
		}
		return CheckError("live objects")
	})
}
