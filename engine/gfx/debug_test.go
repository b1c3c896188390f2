package gfx

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestLineBatchShapes(t *testing.T) {
	var l LineBatch
	q := mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0})
	l.Box(mgl64.Vec3{1, 2, 3}, mgl64.Vec3{0.5, 1, 2}, q, ghostCurrColor)
	if l.Len() != 12 {
		t.Fatalf("a box has %d edges", l.Len())
	}
	// Every edge of a box is one of its three side lengths.
	v := l.Vertices()
	for i := 0; i < l.Len(); i++ {
		a := mgl64.Vec3{float64(v[i*12]), float64(v[i*12+1]), float64(v[i*12+2])}
		b := mgl64.Vec3{float64(v[i*12+6]), float64(v[i*12+7]), float64(v[i*12+8])}
		d := b.Sub(a).Len()
		if math.Abs(d-1) > 1e-5 && math.Abs(d-2) > 1e-5 && math.Abs(d-4) > 1e-5 {
			t.Fatalf("edge %d has length %g", i, d)
		}
	}
	l.Reset()
	l.Ring(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, 2, 8, HitMarkerColor)
	if l.Len() != 8 {
		t.Fatalf("ring of 8 has %d segments", l.Len())
	}
	for i := 0; i < len(l.Vertices()); i += lineVertexFloats {
		p := l.Vertices()[i : i+3]
		if math.Abs(float64(p[0])) > 1e-6 || math.Abs(math.Hypot(float64(p[1]), float64(p[2]))-2) > 1e-5 {
			t.Fatalf("ring point %v is not on the circle of radius 2 in the x = 0 plane", p)
		}
	}
	before := cap(l.verts)
	for i := 0; i < 10; i++ {
		l.Reset()
		l.Ring(mgl64.Vec3{}, mgl64.Vec3{0, 1, 0}, 1, 8, HitMarkerColor)
	}
	if cap(l.verts) != before {
		t.Fatal("a reset batch reallocated")
	}
}

func TestTrailsExpireAndReusePool(t *testing.T) {
	tr := NewTrails()
	var l LineBatch
	// Body 3 flies for 1 s at 240 samples/s.
	for i := 0; i <= 240; i++ {
		tr.Record(3, mgl64.Vec3{float64(i), 1, 0}, float64(i)/240, false)
	}
	tr.Draw(&l, 1)
	if l.Len() != 240 || tr.Active() != 1 {
		t.Fatalf("%d segments, %d trails; want 240 and 1", l.Len(), tr.Active())
	}
	// Faster than 240 Hz is thinned: these land within one sampling interval.
	tr.Record(3, mgl64.Vec3{241, 1, 0}, 1+0.001, false)
	tr.Record(3, mgl64.Vec3{242, 1, 0}, 1+0.002, false)
	l.Reset()
	tr.Draw(&l, 1.002)
	if l.Len() != 240 {
		t.Fatalf("thinning: %d segments", l.Len())
	}
	// A teleport cuts the trail: no segment joins the old and new place.
	tr.Record(3, mgl64.Vec3{0, 50, 0}, 1.1, true)
	l.Reset()
	tr.Draw(&l, 1.1)
	v := l.Vertices()
	for i := 0; i < len(v); i += 2 * lineVertexFloats {
		if (v[i+1] == 50) != (v[i+lineVertexFloats+1] == 50) {
			t.Fatal("a segment joins the place before a teleport to the place after")
		}
	}
	// 2 s after the last point everything has expired and the ring is free.
	l.Reset()
	tr.Draw(&l, 3.2)
	if l.Len() != 0 || tr.Active() != 0 {
		t.Fatalf("after expiry: %d segments, %d trails", l.Len(), tr.Active())
	}
	rings := len(tr.rings)
	tr.Record(9, mgl64.Vec3{}, 4, false)
	if len(tr.rings) != rings || tr.Active() != 1 {
		t.Fatal("a new trail did not reuse the free ring")
	}
}

func TestHitMarkersExpire(t *testing.T) {
	m := NewHitMarkers()
	var l LineBatch
	for i := 0; i < markCap+10; i++ {
		m.Add(mgl64.Vec3{float64(i), 0, 0}, mgl64.Vec3{-1, 0, 0}, float64(i)*0.001)
	}
	if m.Len() != markCap || m.At(0).Point[0] != 10 {
		t.Fatalf("ring holds %d, oldest at %v", m.Len(), m.At(0).Point)
	}
	m.Draw(&l, 1)
	if l.Len() == 0 {
		t.Fatal("markers drew nothing")
	}
	l.Reset()
	m.Draw(&l, 100)
	if m.Len() != 0 || l.Len() != 0 {
		t.Fatalf("after %g s: %d markers, %d segments", m.Seconds, m.Len(), l.Len())
	}
}

func TestCameraProject(t *testing.T) {
	c := Camera{Eye: mgl64.Vec3{0, 0, 10}, Target: mgl64.Vec3{}}
	x, y, ok := c.Project(mgl64.Vec3{}, 200, 100)
	if !ok || math.Abs(x-100) > 1e-3 || math.Abs(y-50) > 1e-3 {
		t.Fatalf("target projects to (%g, %g) %v, want the centre", x, y, ok)
	}
	// Up in the world is up on screen (smaller y), right is right.
	_, yUp, _ := c.Project(mgl64.Vec3{0, 1, 0}, 200, 100)
	xRight, _, _ := c.Project(mgl64.Vec3{1, 0, 0}, 200, 100)
	if yUp >= 50 || xRight <= 100 {
		t.Fatalf("up goes to y=%g, right to x=%g", yUp, xRight)
	}
	if _, _, ok := c.Project(mgl64.Vec3{0, 0, 20}, 200, 100); ok {
		t.Fatal("a point behind the camera projected")
	}
}
