package physics

import "math"

// Manifold reuse, after Box3D's contact recycling: while the pose of one
// body in the other's frame stays within reuseDistance of the pose the
// points were computed at (the turn counted as the arc it sweeps at the
// bodies' extent), and body a has turned less than reuseTurn in the world,
// the manifold is kept: its normal and its anchors stay as they were, and
// only the separation of each point is brought up to date from the bodies'
// current poses; the separating axis test and the clipping are skipped.
// Nearly every contact of a resting stack is reused. The decision depends
// only on the state, so it is as deterministic as the rest, and the old
// manifold is the cache: nothing else is kept.
//
// Keeping the anchors is what lets a tall stack stand. Moved with the
// bodies, the anchors followed every lean of a box, so the load it carried
// acted at points shifted toward the lean, the moment of which leaned it
// further: a soft stack of 20 cubes at 30 Hz buckled like a column and fell
// (Box3D's stands at 60), and the 5,050 pyramid bent out of its plane and
// collapsed. A new manifold, when a pose leaves the tolerances, puts the
// anchors where the geometry now is.
const (
	// reuseDistance is the tolerance of a touching 4-point manifold (a face
	// on a face), m: Box3D's 10 linear slops.
	reuseDistance = 0.05
	// reuseOther is the tolerance of every other manifold, m: a corner or
	// an edge touching, or points only speculative. Its body can turn onto
	// corners the manifold does not hold, so it is rebuilt sooner: at 5 cm
	// a thin plate landing on an edge turned flat into the ground with its
	// old manifold and stuck there half buried.
	reuseOther = 0.005
	reuseTurn  = 10 * math.Pi / 180
)

// cosHalfTurn is cos(reuseTurn/2): two unit quaternions less than reuseTurn
// apart have |dot| above it.
var _, cosHalfTurn = sinCos(reuseTurn / 2)

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
func (w *World) bodyQuat(b int32) sq {
	if b < 0 {
		return sq{w: 1}
	}
	return sqAt(&w.bodies[b].q)
}

// relativePose returns the centre of B in A's frame and the rotation
// qA^-1 qB; against a slab (which never moves) the pose of A in the world
// instead.
func relativePose(A *boxShape, qA sq, B *boxShape, qB sq, slab bool) (sv, sq) {
	if slab {
		return A.c, qA
	}
	return A.toLocal(B.c.sub(A.c)), qA.conj().mul(qB)
}

// poseClose reports whether manifold prev may be reused at the relative
// pose (p, q), with body a now at world orientation qA and ext the larger
// of the two bodies' bounding radii, m.
func poseClose(prev *manifold, p sv, q, qA sq, ext float64) bool {
	tol := reuseOther
	if prev.count == 4 && prev.flags&mfTouching != 0 {
		tol = reuseDistance
	}
	d := p.sub(prev.relP)
	d2 := d.dot(d)
	if d2 >= float64(tol*tol) {
		return false
	}
	if math.Abs(qA.dot(toSQ(prev.qA))) < cosHalfTurn {
		return false
	}
	// The relative turn theta moves a point at distance ext by at most
	// 2 sin(theta/2) ext.
	c := math.Min(math.Abs(q.dot(toSQ(prev.relQ))), 1)
	arc := float64(2*math.Sqrt(1-float64(c*c))) * ext
	return arc < tol-math.Sqrt(d2)
}

// reuseManifold brings the separations of the points of m (a copy of last
// step's manifold) up to date for the current poses of A and B: each point's
// two surface points, fixed in their bodies, and the distance between them
// along the normal. The normal and the anchors stay as they were (see the
// file comment), as they stay through the substeps. The impulses stay with
// their points.
//
// A point's separation is (cB + RB lb - cA - RA la).n, worked out as
// (cB - cA).n + lb.(RB^T n) - la.(RA^T n): the normal in each body's frame
// once per manifold, then two dot products a point, where turning each
// anchor into the world took two matrix products.
func (w *World) reuseManifold(m *manifold, A, B *boxShape) {
	m.flags = mfReused
	n := m.n
	nA := A.toLocal(n)
	nB := B.toLocal(n)
	cn := B.c.sub(A.c).dot(n)
	for q := 0; q < int(m.count); q++ {
		cp := &m.pts[q]
		cp.sep = cn + cp.lb.dot(nB) - cp.la.dot(nA)
		if cp.sep <= touchDistance {
			m.flags |= mfTouching
		}
	}
}
