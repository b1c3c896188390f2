package physics

import "math"

// Manifold reuse (after Jolt's body pair cache): when the pose of one body
// in the other's frame has moved less than reuseDistance and turned less
// than reuseAngle since the manifold's points were computed, the points are
// kept, fixed in each body's frame, and only moved to the bodies' current
// poses; the separating axis test and the clipping are skipped. Nearly every
// contact of a resting stack is reused. The decision depends only on the
// state, so it is as deterministic as the rest, and the old manifold is the
// cache: nothing else is kept. The tolerances are 5 mm and 0.02 rad (they
// were 1 mm and 0.01 rad): each rebuild snaps the normal to the reference
// face's current tilt (see reuseManifold), and in a frictionless offset
// tower that happened often enough to slide it apart; Box3D recycles
// contacts over up to 5 cm.
const (
	reuseDistance = 0.005 // m
	reuseAngle    = 0.02  // rad
)

// cosHalfReuse is cos(reuseAngle/2): two unit quaternions less than
// reuseAngle apart have |dot| above it.
var _, cosHalfReuse = sinCos(reuseAngle / 2)

// n returns the offset from the point to either surface: half its
// separation along n.
func (p *rawPoint) n(n sv) sv { return n.scale(0.5 * p.sep) }

// toLocal expresses world direction v in the box's frame.
func (b *boxShape) toLocal(v sv) sv { return sv{v.dot(b.ax[0]), v.dot(b.ax[1]), v.dot(b.ax[2])} }

// toWorld expresses local direction v in world axes.
func (b *boxShape) toWorld(v sv) sv {
	return b.ax[0].scale(v.x).madd(b.ax[1], v.y).madd(b.ax[2], v.z)
}

// bodyQuat returns the orientation of body b, or identity for a slab (-1).
func (w *World) bodyQuat(b int32) quat {
	if b < 0 {
		return quat{W: 1}
	}
	return w.bodies[b].q
}

// relativePose returns the centre of B in A's frame and the rotation
// qA^-1 qB; against a slab (which never moves) the pose of A in the world
// instead.
func relativePose(A *boxShape, qA quat, B *boxShape, qB quat, slab bool) (sv, quat) {
	if slab {
		return A.c, qA
	}
	return A.toLocal(B.c.sub(A.c)), quatMul(qA.Conjugate(), qB)
}

// poseClose reports whether two relative poses are within the reuse
// tolerances.
func poseClose(p0 sv, q0 quat, p1 sv, q1 quat) bool {
	d := p0.sub(p1)
	if d.dot(d) > reuseDistance*reuseDistance {
		return false
	}
	c := float64(q0.W*q1.W) + dot(q0.V, q1.V)
	return math.Abs(c) >= cosHalfReuse
}

// reuseManifold moves the points of m (a copy of last step's manifold) to
// the current poses of A and B: each point's two surface points and the
// separation between them along the normal. The normal stays fixed in the
// world, as the substeps hold it (and as Box3D's contact recycling does):
// turned with the reference body, it tilted with every wobble of a stacked
// box, and the load it carries then pushed the box above sideways; a
// frictionless tower of boxes offset by 2 mm slid apart. The impulses stay
// with their points.
func (w *World) reuseManifold(m *manifold, A, B *boxShape) {
	m.flags = mfReused
	for q := 0; q < int(m.count); q++ {
		cp := &m.pts[q]
		pa := A.c.add(A.toWorld(cp.la))
		pb := B.c.add(B.toWorld(cp.lb))
		p := pa.add(pb).scale(0.5)
		cp.sep = pb.sub(pa).dot(m.n)
		cp.rA, cp.rB = p.sub(A.c), p.sub(B.c)
		if cp.sep <= touchDistance {
			m.flags |= mfTouching
		}
	}
}
