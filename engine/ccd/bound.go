package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// trivialAngle (radians) is the largest rotation over a step that still
// counts as "not rotating", for which RotationExtent uses the exact oriented
// extent (padded by |half| times the angle) instead of the bounding sphere. A
// microradian moves a corner of a 0.5 m box by half a micrometre. Assuming the
// short way round is safe here: with spins up to 100 rad/s at 30 Hz or more a
// step turns less than 2 pi, so q1 = ±q0 cannot hide a full turn.
const trivialAngle = 1e-6

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

// RotationExtent returns half extents (metres) that enclose a box of half
// extents half, about its own centre, at every orientation it passes through
// between q0 and q1. When q0 and q1 are the same rotation up to sign and scale
// and at most a microradian (trivialAngle), this is the exact oriented extent
// (padded by |half| times that angle, so zero padding when they are equal);
// otherwise the path between them is unknown (a fast spin can go more than
// half a turn in a step, the long way round), so the bound is the bounding
// sphere radius |half| on every axis, which holds for any path. SpinExtent is
// tighter when the spin angle is known. Zero quaternions are identities.
func RotationExtent(half mgl64.Vec3, q0, q1 mgl64.Quat) mgl64.Vec3 {
	if q0 == (mgl64.Quat{}) {
		q0 = mgl64.QuatIdent()
	}
	if q1 == (mgl64.Quat{}) {
		q1 = mgl64.QuatIdent()
	}
	r := length(half)
	if math.IsNaN(r) {
		r = math.Inf(1)
	}
	// The relative rotation conj(q0)*q1 = (c, s): its angle is
	// 2*atan2(|s|, |c|), accurate for tiny angles (acos of a dot is not).
	// For q1 = ±q0 the vector part cancels exactly, giving angle 0.
	c := q0.W*q1.W + q0.V.Dot(q1.V)
	s := q0.V.Cross(q1.V).Mul(-1).Add(q1.V.Mul(q0.W)).Sub(q0.V.Mul(q1.W))
	sl, cl := s.Len(), math.Abs(c)
	// Cheap reject first: atan2(sl, cl) > trivialAngle/2 when sl is well
	// above tan(trivialAngle/2)*cl (tan x ~ x here).
	if !(sl <= trivialAngle*cl) {
		return mgl64.Vec3{r, r, r}
	}
	angle := 2 * math.Atan2(sl, cl)
	if !(angle <= trivialAngle) {
		return mgl64.Vec3{r, r, r}
	}
	e0 := OrientedExtent(half, q0)
	e1 := OrientedExtent(half, q1)
	pad := r * angle
	var e mgl64.Vec3
	for i := 0; i < 3; i++ {
		e[i] = min(max(e0[i], e1[i])+pad, r)
	}
	return e
}

// SpinExtent returns half extents (metres) that enclose a box of half extents
// half, about its own centre, at every orientation reached from q0 by a
// rotation of at most angle radians (>= 0) about any axis, for example
// angle = |angular velocity| * step seconds. A point at distance p from the
// centre moves at most 2 p sin(angle/2) <= p * min(angle, 2), so the result is
// min(|half|, OrientedExtent(half, q0) + |half| * min(angle, 2)) per axis.
// Unlike RotationExtent it stays tight for fast spins whose end orientation
// happens to equal the start one.
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

// SweptBound returns an AABB that encloses a box of half extents half at every
// instant of a step in which its centre moves on the straight line c0 -> c1
// and its orientation goes from q0 to q1 by any path (see RotationExtent).
// The box at any instant lies inside c(s) ± e with e = RotationExtent; the
// union of the boxes at the two ends holds all of those, since they all have
// the same size and their centres lie on the segment.
func SweptBound(c0, c1, half mgl64.Vec3, q0, q1 mgl64.Quat) AABB {
	e := RotationExtent(half, q0, q1)
	return FromCenterHalf(c0, e).Union(FromCenterHalf(c1, e))
}

// SweptSpinBound is SweptBound for a box whose rotation over the step is at
// most angle radians from q0 (see SpinExtent).
func SweptSpinBound(c0, c1, half mgl64.Vec3, q0 mgl64.Quat, angle float64) AABB {
	e := SpinExtent(half, q0, angle)
	return FromCenterHalf(c0, e).Union(FromCenterHalf(c1, e))
}
