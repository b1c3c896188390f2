package gfx

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"
)

// pillarField is a ground and side x side pillars (1 x 4 x 1 m, 4 m
// apart) centred on the origin, as issue 36's level.
func pillarField(side int) []Instance {
	id := mgl64.QuatIdent()
	half := float64(side)*2 + 10
	s := []Instance{MakeInstance(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{half, 0.5, half}, id, GroundColor)}
	for k := 0; k < side*side; k++ {
		x := float64(k%side)*4 - float64(side-1)*2
		z := float64(k/side)*4 - float64(side-1)*2
		s = append(s, MakeInstance(mgl64.Vec3{x, 2, z}, mgl64.Vec3{0.5, 2, 0.5}, id, WallColor))
	}
	return s
}

// The grid hands back exactly the statics a test of every box keeps: a
// cell's box holds all its members, so dropping a cell drops none that
// are in view.
func TestCullCellsMatchEveryBox(t *testing.T) {
	s := pillarField(40)
	var g staticCells
	g.build(s, 1)
	for _, cam := range []Camera{
		{Eye: mgl64.Vec3{-90, 10, -90}, Target: mgl64.Vec3{-70, 0, -70}},
		{Eye: mgl64.Vec3{0, 200, 1}, Target: mgl64.Vec3{}},
		{Eye: mgl64.Vec3{30, 2, 0}, Target: mgl64.Vec3{60, 2, 5}},
	} {
		vp := cam.ViewProj(640, 360)
		var f frustum
		f.set(&vp)
		want := 0
		for i := range s {
			b := instanceBox(&s[i])
			if !f.outside(&b) {
				want++
			}
		}
		if got := len(g.visible(&f, true)); got != want {
			t.Errorf("camera %v: the grid kept %d statics, every box's test %d", cam.Eye, got, want)
		}
	}
}

// Culled, a corner view of 1,600 pillars draws a small share of them, and
// the same image as drawing them all.
func TestRenderCullsStatics(t *testing.T) {
	const w, h = 320, 240
	s := pillarField(40)
	cam := Camera{Eye: mgl64.Vec3{-50, 6, -60}, Target: mgl64.Vec3{-80, 1, -85}}
	var imgs [2][]byte
	for i, noCull := range []bool{true, false} {
		withContext(t, w, h, func(win *glfw.Window) error {
			r, err := NewRenderer(Options{CheckErrors: true, NoCull: noCull})
			if err != nil {
				return err
			}
			defer r.Delete()
			fw, fh := win.GetFramebufferSize()
			r.SetStatics(s, 1)
			if err := r.Render(&Frame{Width: fw, Height: fh, Camera: cam}); err != nil {
				return err
			}
			view, shadow := r.DrawnStatics()
			if noCull && (view != len(s) || shadow != len(s)-1) {
				t.Errorf("without culling drew %d and %d shadow casters, want %d and %d", view, shadow, len(s), len(s)-1)
			}
			if !noCull && (view > len(s)/4 || shadow > len(s)/4 || view == 0) {
				t.Errorf("culled drew %d statics and %d shadow casters of %d, want a quarter at most", view, shadow, len(s))
			}
			img, err := ReadPixels(fw, fh)
			if err != nil {
				return err
			}
			keepImage(t, []string{"cull_off.png", "cull_on.png"}[i], img)
			imgs[i] = img.Pix
			return nil
		})
	}
	diff := 0
	for i := range imgs[0] {
		if imgs[0][i] != imgs[1][i] {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%d bytes of the culled image differ from drawing every static", diff)
	}
}
