package gfx

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Ray is the inverse of Project: the ray from the eye through pixel (x, y)
// of a width x height view (x right, y down from the top-left corner), as
// a unit direction. Shots fired with a click and body picking both use it,
// so what is under the pointer is what is hit.
func (c Camera) Ray(x, y float64, width, height int) (origin, dir mgl64.Vec3) {
	c = c.withDefaults()
	f := c.Forward()
	r := f.Cross(c.Up)
	if r.Len() < 1e-9 {
		r = mgl64.Vec3{1, 0, 0}
	}
	r = r.Normalize()
	u := r.Cross(f)
	aspect := 1.0
	if width > 0 && height > 0 {
		aspect = float64(width) / float64(height)
	}
	tanY := math.Tan(c.FovY / 2)
	nx, ny := 0.0, 0.0
	if width > 0 && height > 0 {
		nx = 2*x/float64(width) - 1
		ny = 1 - 2*y/float64(height)
	}
	d := f.Add(r.Mul(nx * tanY * aspect)).Add(u.Mul(ny * tanY))
	return c.Eye, d.Normalize()
}

// RayBox returns the distance along a unit ray to where it enters the box
// of centre c, half extents h and orientation q, and whether it does (a
// ray starting inside enters at 0). Slab test in the box's own frame.
func RayBox(origin, dir, c, h mgl64.Vec3, q mgl64.Quat) (float64, bool) {
	inv := q.Conjugate()
	o := inv.Rotate(origin.Sub(c))
	d := inv.Rotate(dir)
	tmin, tmax := 0.0, math.Inf(1)
	for k := 0; k < 3; k++ {
		if math.Abs(d[k]) < 1e-12 {
			if o[k] < -h[k] || o[k] > h[k] {
				return 0, false
			}
			continue
		}
		t1, t2 := (-h[k]-o[k])/d[k], (h[k]-o[k])/d[k]
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		tmin, tmax = math.Max(tmin, t1), math.Min(tmax, t2)
		if tmin > tmax {
			return 0, false
		}
	}
	return tmin, true
}
