package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// BoxMotion is an oriented box moving over one step, parametrised by s in
// [0, 1]: centre Center + s*Delta, orientation exp(s*Rotation) * Orientation,
// a rotation of s*|Rotation| radians about the fixed world axis
// Rotation/|Rotation| (constant angular velocity: Rotation = angular velocity
// * step seconds). Callers that use SweepBox should place the body with
// PoseAt so that the pose they use is the one that was checked.
type BoxMotion struct {
	Center      mgl64.Vec3 // centre at s = 0, m
	Delta       mgl64.Vec3 // centre displacement over the step, m
	Half        mgl64.Vec3 // half extents along the box's own axes, m, >= 0
	Orientation mgl64.Quat // orientation at s = 0 (normalised here; zero = identity)
	Rotation    mgl64.Vec3 // rotation vector over the step, rad, world axes
}

// PoseAt returns the box's centre and unit orientation at s.
func (m BoxMotion) PoseAt(s float64) (mgl64.Vec3, mgl64.Quat) {
	c := m.Center.Add(m.Delta.Mul(s))
	q := m.Orientation
	if q == (mgl64.Quat{}) {
		q = mgl64.QuatIdent()
	}
	q = q.Normalize()
	if a := m.Rotation.Len(); a > 0 && s != 0 {
		q = mgl64.QuatRotate(s*a, m.Rotation.Mul(1/a)).Mul(q)
		q = q.Normalize()
	}
	return c, q
}

// BoxSeparation returns a lower bound on the distance between an oriented box
// (centre c, half extents half, orientation q) and the AABB target, by the
// separating axis test over the 15 axes of a box pair (the 3 world axes, the
// box's 3 axes and their 9 cross products): the largest gap between the two
// projections on any unit axis, and that axis, pointing from the target
// toward the box. A negative result means the boxes overlap, by at least that
// much on every axis (the axis is then the one of least penetration, the
// direction that separates them by the shortest push). Degenerate cross
// products (parallel edges) are skipped.
func BoxSeparation(c, half mgl64.Vec3, q mgl64.Quat, target AABB) (sep float64, axis mgl64.Vec3) {
	// R[i][j] = e_i . u_j, where u_j is the box's j-th axis in world space.
	// The formulas are Gottschalk's OBB overlap test (RAPID, 1996) with the
	// target as the axis-aligned box A and the moving box as B.
	R := rotation(q)
	var absR [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			absR[i][j] = math.Abs(R[i][j])
		}
	}
	a := target.Half()
	t := c.Sub(target.Center()) // target centre -> box centre, world
	sep = math.Inf(-1)
	// Face axes of the target (world axes). They go first and ties keep the
	// earlier axis, so a face contact reports the target's face normal.
	for i := 0; i < 3; i++ {
		rb := absR[i][0]*half[0] + absR[i][1]*half[1] + absR[i][2]*half[2]
		if g := math.Abs(t[i]) - a[i] - rb; g > sep {
			sep = g
			axis = mgl64.Vec3{}
			axis[i] = math.Copysign(1, t[i])
		}
	}
	// Face axes of the box.
	for j := 0; j < 3; j++ {
		d := t[0]*R[0][j] + t[1]*R[1][j] + t[2]*R[2][j]
		ra := a[0]*absR[0][j] + a[1]*absR[1][j] + a[2]*absR[2][j]
		if g := math.Abs(d) - ra - half[j]; g > sep {
			sep = g
			sg := math.Copysign(1, d)
			axis = mgl64.Vec3{sg * R[0][j], sg * R[1][j], sg * R[2][j]}
		}
	}
	// Edge-edge axes e_i x u_j, of length sqrt(1 - R_ij^2).
	for i := 0; i < 3; i++ {
		i1, i2 := (i+1)%3, (i+2)%3
		for j := 0; j < 3; j++ {
			l2 := 1 - R[i][j]*R[i][j]
			// Below this the edges are parallel and the axis repeats a face
			// axis; normalising it would amplify rounding.
			if l2 < 1e-12 {
				continue
			}
			j1, j2 := (j+1)%3, (j+2)%3
			d := t[i2]*R[i1][j] - t[i1]*R[i2][j]
			ra := a[i1]*absR[i2][j] + a[i2]*absR[i1][j]
			rb := half[j1]*absR[i][j2] + half[j2]*absR[i][j1]
			inv := 1 / math.Sqrt(l2)
			if g := (math.Abs(d) - ra - rb) * inv; g > sep {
				sep = g
				// e_i x u_j = (0, -u_z, u_y) for i = x, and cyclically.
				var ax mgl64.Vec3
				ax[i1] = -R[i2][j]
				ax[i2] = R[i1][j]
				axis = ax.Mul(math.Copysign(inv, d))
			}
		}
	}
	return sep, axis
}

// maxSweepIterations bounds SweepBox's conservative advancement. It is only
// reached when a fast spin keeps a corner hovering near the target; the
// answer is still safe (see SweepBox).
const maxSweepIterations = 128

// SweepBox finds the first time s in [0, 1] at which the rotating, moving box
// m comes within slop metres (> 0; 1e-5 to 1e-3 is typical) of the AABB
// target, by conservative advancement (Mirtich 1996; Box2D's b2TimeOfImpact
// is the same idea with GJK): at each step the separation lower bound of
// BoxSeparation, divided by the fastest any point of the box can approach
// (|Delta| + |Rotation| * |Half| per unit s, and per world axis the approach
// along that axis), is a time during which no contact can happen.
//
// The result is safe rather than exact: the box does not touch the target at
// any s < t, and it stops as soon as the separation bound falls to 1.25*slop
// or below, so when it starts more than slop away its true distance at t is
// still at least slop (the caller needs no back-off). ok reports such a stop
// in [0, 1]; the normal is the separating axis at t, pointing from the target
// toward the box (for face contacts, the target's face normal). A box that
// starts within 1.25*slop (or overlapping) reports t = 0 and the axis of
// least penetration; deciding whether that is an impact (is the box
// approaching?) is the caller's. When the iteration limit is reached t is the
// last safe time and ok is true.
//
// Unlike Sweep of an inflated AABB (RotationExtent, SpinExtent), this tracks
// the box itself, so a spinning plate is stopped where its corner meets the
// wall, not where its bounding sphere would.
func SweepBox(m BoxMotion, target AABB, slop float64) (t float64, normal mgl64.Vec3, ok bool) {
	if !(slop > 0) {
		slop = 1e-9
	}
	tol := 0.25 * slop
	r := m.Half.Len()
	spin := m.Rotation.Len() * r // fastest approach due to rotation, m per unit s
	rate := m.Delta.Len() + spin
	if anyNaN(m.Center, m.Delta, m.Half, m.Rotation, target.Min, target.Max, m.Orientation.V) || math.IsNaN(m.Orientation.W) {
		return 0, mgl64.Vec3{}, false
	}
	s := 0.0
	for it := 0; it < maxSweepIterations; it++ {
		c, q := m.PoseAt(s)
		sep, axis := BoxSeparation(c, m.Half, q, target)
		if math.IsNaN(sep) {
			return 0, mgl64.Vec3{}, false
		}
		if sep <= slop+tol {
			return s, axis, true
		}
		if rate == 0 {
			return 0, mgl64.Vec3{}, false
		}
		// The distance can fall by at most rate*ds, and it is at least sep:
		// advancing by (sep - slop)/rate keeps it >= slop.
		ds := (sep - slop) / rate
		// Per world axis: a positive gap along a fixed axis shrinks only as
		// fast as the box moves along that axis plus its spin.
		e := OrientedExtent(m.Half, q)
		for a := 0; a < 3; a++ {
			below := target.Min[a] - (c[a] + e[a]) // box below the target
			above := (c[a] - e[a]) - target.Max[a] // box above it
			if below > slop {
				if ra := max(m.Delta[a], 0) + spin; ra > 0 {
					ds = max(ds, (below-slop)/ra)
				} else {
					return 0, mgl64.Vec3{}, false // separated on a for good
				}
			}
			if above > slop {
				if ra := max(-m.Delta[a], 0) + spin; ra > 0 {
					ds = max(ds, (above-slop)/ra)
				} else {
					return 0, mgl64.Vec3{}, false
				}
			}
		}
		s += ds
		if !(s <= 1) {
			return 0, mgl64.Vec3{}, false
		}
	}
	_, q := m.PoseAt(s)
	_, axis := BoxSeparation(m.Center.Add(m.Delta.Mul(s)), m.Half, q, target)
	return s, axis, true
}

func anyNaN(vs ...mgl64.Vec3) bool {
	for _, v := range vs {
		if v[0] != v[0] || v[1] != v[1] || v[2] != v[2] {
			return true
		}
	}
	return false
}
