package ccd

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func randQuat(r *rand.Rand) mgl64.Quat {
	for {
		q := mgl64.Quat{W: 2*r.Float64() - 1, V: randVec(r, 1)}
		if n := q.Len(); n > 0.1 && n <= 1 {
			return q.Normalize()
		}
	}
}

// corners returns the 8 corners of a box of half extents h rotated by q, about
// the origin: the reference for every extent test.
func corners(h mgl64.Vec3, q mgl64.Quat) [8]mgl64.Vec3 {
	var c [8]mgl64.Vec3
	for k := 0; k < 8; k++ {
		p := h
		for i := 0; i < 3; i++ {
			if k>>i&1 == 1 {
				p[i] = -p[i]
			}
		}
		c[k] = q.Rotate(p)
	}
	return c
}

func maxCornerExtent(h mgl64.Vec3, q mgl64.Quat) mgl64.Vec3 {
	var e mgl64.Vec3
	for _, p := range corners(h, q) {
		for i := 0; i < 3; i++ {
			e[i] = max(e[i], math.Abs(p[i]))
		}
	}
	return e
}

func TestOrientedExtentClosedForm(t *testing.T) {
	h := mgl64.Vec3{1, 2, 3}
	s := math.Sqrt2 / 2
	cases := []struct {
		name string
		q    mgl64.Quat
		want mgl64.Vec3
	}{
		{"identity", mgl64.QuatIdent(), h},
		{"zero quaternion is identity", mgl64.Quat{}, h},
		{"unnormalised identity", mgl64.Quat{W: 5}, h},
		{"90 about z", mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 0, 1}), mgl64.Vec3{2, 1, 3}},
		{"90 about x", mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0}), mgl64.Vec3{1, 3, 2}},
		{"180 about y", mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 1, 0}), h},
		{"45 about z", mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 0, 1}), mgl64.Vec3{3 * s, 3 * s, 3}},
		{"negated quaternion", mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 0, 1}).Scale(-1), mgl64.Vec3{3 * s, 3 * s, 3}},
	}
	for _, c := range cases {
		got := OrientedExtent(h, c.q)
		if !got.ApproxEqualThreshold(c.want, 1e-14) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestOrientedExtentMatchesCorners(t *testing.T) {
	rng := newRand(3)
	for i := 0; i < 10000; i++ {
		h := mgl64.Vec3{logUniform(rng, 1e-4, 2), logUniform(rng, 1e-4, 2), logUniform(rng, 1e-4, 2)}
		q := randQuat(rng)
		got := OrientedExtent(h, q)
		want := maxCornerExtent(h, q)
		if !got.ApproxEqualThreshold(want, 1e-12) {
			t.Fatalf("h=%v q=%v: got %v, corners give %v", h, q, got, want)
		}
	}
}

// rotateAbout returns q0 followed by a rotation of angle about axis (world).
func rotateAbout(q0 mgl64.Quat, axis mgl64.Vec3, angle float64) mgl64.Quat {
	return mgl64.QuatRotate(angle, axis).Mul(q0)
}

func within(p, e mgl64.Vec3, tol float64) bool {
	for i := 0; i < 3; i++ {
		if math.Abs(p[i]) > e[i]+tol {
			return false
		}
	}
	return true
}

// A box spinning at constant angular velocity about a fixed axis, for any
// angle up to several turns per step, stays inside SpinExtent at every
// sampled instant.
func TestSpinExtentEnclosesThePath(t *testing.T) {
	rng := newRand(4)
	for i := 0; i < 3000; i++ {
		h := mgl64.Vec3{logUniform(rng, 1e-3, 0.5), logUniform(rng, 1e-3, 0.5), logUniform(rng, 1e-3, 0.5)}
		q0 := randQuat(rng)
		axis := randVec(rng, 1).Normalize()
		angle := logUniform(rng, 1e-9, 8) // up to 100 rad/s at 12.5 Hz
		spin := SpinExtent(h, q0, angle)
		tol := 1e-12
		for k := 0; k <= 64; k++ {
			q := rotateAbout(q0, axis, angle*float64(k)/64)
			for _, p := range corners(h, q) {
				if !within(p, spin, tol) {
					t.Fatalf("case %d: corner %v outside SpinExtent %v (angle %v)", i, p, spin, angle)
				}
			}
		}
	}
}

func TestSpinExtentCases(t *testing.T) {
	h := mgl64.Vec3{0.5, 0.01, 0.25} // a thin plate
	r := h.Len()
	q := mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0})
	exact := OrientedExtent(h, q)
	// SpinExtent: no spin is exact, a large spin is the sphere.
	if e := SpinExtent(h, q, 0); !e.ApproxEqualThreshold(exact, 1e-15) {
		t.Fatalf("no spin: got %v, want %v", e, exact)
	}
	if e := SpinExtent(h, q, 10); e != (mgl64.Vec3{r, r, r}) {
		t.Fatalf("big spin: got %v, want sphere %v", e, r)
	}
	if e := SpinExtent(h, q, math.NaN()); e != (mgl64.Vec3{r, r, r}) {
		t.Fatalf("NaN spin: got %v, want sphere %v", e, r)
	}
}

// The swept bound continuous collision builds from SpinExtent (the box at
// both ends of its move, grown by SpinExtent) holds every corner at every
// instant of a linear move with a spin.
func TestSpinSweptBoundEnclosesPath(t *testing.T) {
	rng := newRand(5)
	for i := 0; i < 2000; i++ {
		h := mgl64.Vec3{logUniform(rng, 1e-3, 0.5), logUniform(rng, 1e-3, 0.5), logUniform(rng, 1e-3, 0.5)}
		c0 := randVec(rng, 50)
		c1 := c0.Add(randVec(rng, logUniform(rng, 1e-3, 700)))
		q0 := randQuat(rng)
		axis := randVec(rng, 1).Normalize()
		angle := 0.0
		if rng.IntN(4) != 0 {
			angle = logUniform(rng, 1e-6, 8)
		}
		bs := spinSweptBound(c0, c1, h, q0, angle)
		tol := 1e-12 * (1 + c0.Len() + c1.Len())
		for k := 0; k <= 64; k++ {
			s := float64(k) / 64
			c := c0.Add(c1.Sub(c0).Mul(s))
			q := rotateAbout(q0, axis, angle*s)
			for _, p := range corners(h, q) {
				w := c.Add(p)
				for a := 0; a < 3; a++ {
					if w[a] < bs.Min[a]-tol || w[a] > bs.Max[a]+tol {
						t.Fatalf("case %d: corner %v at s=%v outside bound %v", i, w, s, bs)
					}
				}
			}
		}
	}
}

// spinSweptBound is the box of half extents SpinExtent around both ends of
// a move c0 -> c1, as physics' continuous collision builds it.
func spinSweptBound(c0, c1, half mgl64.Vec3, q0 mgl64.Quat, angle float64) AABB {
	e := SpinExtent(half, q0, angle)
	return FromCenterHalf(c0, e).Union(FromCenterHalf(c1, e))
}

func TestAABBHelpers(t *testing.T) {
	b := box(0, 1, 2, 2, 5, 3)
	if c := b.Center(); c != (mgl64.Vec3{1, 3, 2.5}) {
		t.Errorf("Center = %v", c)
	}
	if h := b.Half(); h != (mgl64.Vec3{1, 2, 0.5}) {
		t.Errorf("Half = %v", h)
	}
	if g := FromCenterHalf(b.Center(), b.Half()); g != b {
		t.Errorf("FromCenterHalf round trip = %v", g)
	}
	if e := b.Expand(1); e != box(-1, 0, 1, 3, 6, 4) {
		t.Errorf("Expand = %v", e)
	}
	if u := b.Union(box(-1, 2, 2.5, 1, 7, 2.7)); u != box(-1, 1, 2, 2, 7, 3) {
		t.Errorf("Union = %v", u)
	}
	if tr := b.Translate(mgl64.Vec3{1, 1, 1}); tr != box(1, 2, 3, 3, 6, 4) {
		t.Errorf("Translate = %v", tr)
	}
	if !b.Overlaps(box(1, 1, 2, 5, 5, 5)) {
		t.Error("overlapping boxes reported apart")
	}
	if b.Overlaps(box(2, 1, 2, 5, 5, 5)) {
		t.Error("touching boxes reported overlapping")
	}
	if p := b.Penetration(box(1.5, 4, 0, 5, 9, 9)); p != (mgl64.Vec3{0.5, 1, 1}) {
		t.Errorf("Penetration = %v", p)
	}
}
