package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// rotation returns the rotation matrix rows of q, normalised first; the zero
// quaternion (and any non-finite one) is the identity, as in physics.BodyDef.
func rotation(q mgl64.Quat) (r [3][3]float64) {
	n := float64(q.W*q.W) + float64(q.V[0]*q.V[0]) + float64(q.V[1]*q.V[1]) + float64(q.V[2]*q.V[2])
	if !(n > 0) || math.IsInf(n, 0) {
		return [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	}
	s := 2 / n
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	// float64(a*b) is never fused into a multiply-add (internal/archcheck).
	m := func(a, b float64) float64 { return float64(a * b) }
	r[0] = [3]float64{1 - m(s, m(y, y)+m(z, z)), m(s, m(x, y)-m(w, z)), m(s, m(x, z)+m(w, y))}
	r[1] = [3]float64{m(s, m(x, y)+m(w, z)), 1 - m(s, m(x, x)+m(z, z)), m(s, m(y, z)-m(w, x))}
	r[2] = [3]float64{m(s, m(x, z)-m(w, y)), m(s, m(y, z)+m(w, x)), 1 - m(s, m(x, x)+m(y, y))}
	return r
}

// length is |v|, rounded the same on every architecture (mgl64's Len may be
// fused into multiply-adds on arm64; see internal/archcheck).
func length(v mgl64.Vec3) float64 {
	return math.Sqrt(float64(v[0]*v[0]) + float64(v[1]*v[1]) + float64(v[2]*v[2]))
}

// OrientedExtent returns the world half extents (metres) of the axis-aligned
// box that tightly encloses a box of half extents half rotated by q:
// e_i = sum_j |R_ij| half_j. q need not be normalised; the zero quaternion is
// the identity.
func OrientedExtent(half mgl64.Vec3, q mgl64.Quat) mgl64.Vec3 {
	r := rotation(q)
	var e mgl64.Vec3
	for i := 0; i < 3; i++ {
		e[i] = float64(math.Abs(r[i][0])*half[0]) + float64(math.Abs(r[i][1])*half[1]) + float64(math.Abs(r[i][2])*half[2])
	}
	return e
}

// SpinExtent returns half extents (metres) that enclose a box of half extents
// half, about its own centre, at every orientation reached from q0 by a
// rotation of at most angle radians (>= 0) about any axis, for example
// angle = |angular velocity| * step seconds. A point at distance p from the
// centre moves at most 2 p sin(angle/2) <= p * min(angle, 2), so the result is
// min(|half|, OrientedExtent(half, q0) + |half| * min(angle, 2)) per axis.
// Unlike a bound from the end orientations alone, it stays tight for fast
// spins whose end orientation happens to equal the start one.
func SpinExtent(half mgl64.Vec3, q0 mgl64.Quat, angle float64) mgl64.Vec3 {
	r := length(half)
	if math.IsNaN(r) {
		r = math.Inf(1)
	}
	if !(angle >= 0) { // negative or NaN: nothing is known, use the sphere
		return mgl64.Vec3{r, r, r}
	}
	grow := float64(r * min(angle, 2))
	e := OrientedExtent(half, q0)
	for i := 0; i < 3; i++ {
		e[i] = min(e[i]+grow, r)
	}
	return e
}
