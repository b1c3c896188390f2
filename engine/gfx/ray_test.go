package gfx

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Ray inverts Project: a point projected to a pixel lies on the ray
// through that pixel.
func TestRayInvertsProject(t *testing.T) {
	c := Camera{Eye: mgl64.Vec3{-3, 4, 7}, Target: mgl64.Vec3{20, 1, -2}, FovY: mgl64.DegToRad(45)}
	for _, p := range []mgl64.Vec3{{20, 1, -2}, {15, 3, 4}, {25, 0, -8}} {
		x, y, ok := c.Project(p, 900, 500)
		if !ok {
			t.Fatalf("%v not in view", p)
		}
		o, d := c.Ray(x, y, 900, 500)
		v := p.Sub(o)
		off := v.Sub(d.Mul(v.Dot(d))).Len()
		if off > 1e-3*v.Len() || v.Dot(d) <= 0 {
			t.Errorf("%v: pixel (%.1f, %.1f) ray %v misses it by %g m", p, x, y, d, off)
		}
	}
	if _, d := c.Ray(450, 250, 900, 500); d.Sub(c.Forward()).Len() > 1e-9 {
		t.Errorf("centre ray %v, want the view direction %v", d, c.Forward())
	}
}

func TestRayBox(t *testing.T) {
	q := mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 1, 0})
	h := mgl64.Vec3{1, 1, 1}
	// A cube turned 45 degrees about y: its corner points at -x, sqrt(2) from the centre.
	tHit, ok := RayBox(mgl64.Vec3{-10, 0, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}, h, q)
	if !ok || math.Abs(tHit-(10-math.Sqrt2)) > 1e-9 {
		t.Errorf("hit at %g (%v), want %g", tHit, ok, 10-math.Sqrt2)
	}
	if _, ok := RayBox(mgl64.Vec3{-10, 1.5, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}, h, q); ok {
		t.Error("a ray above the cube hits it")
	}
	if _, ok := RayBox(mgl64.Vec3{-10, 0, 0}, mgl64.Vec3{-1, 0, 0}, mgl64.Vec3{}, h, q); ok {
		t.Error("a ray pointing away hits the cube")
	}
	if tHit, ok := RayBox(mgl64.Vec3{}, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{}, h, q); !ok || tHit != 0 {
		t.Errorf("from inside: %g %v, want 0 true", tHit, ok)
	}
}
