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
// manifold is the cache: nothing else is kept. A pair with no points keeps
// the face that held it apart (sepFace), tested alone first next step.
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

// sepFace names the face axis that last separated a pair by more than
// the margin: one of A's three, one of B's, or none (an edge axis, or
// points were found).
type sepFace uint8

const (
	sepNone   sepFace = 0
	sepFaceA0 sepFace = 1 // A's faces are sepFaceA0 + i
	sepFaceB0 sepFace = 4 // B's faces are sepFaceB0 + j
)

// separatedOn reports whether face f separates A and B by more than
// margin, that axis's separation worked out as collideBoxes works it out,
// to the bit: when it does, collideBoxes would find no points. A pair
// that stays apart, as most candidate pairs of a settled crowd do, costs
// one axis instead of the fifteen.
func separatedOn(A, B *boxShape, f sepFace, margin float64) bool {
	d := B.c.sub(A.c)
	switch {
	case f >= sepFaceB0:
		j := int(f - sepFaceB0)
		b := B.ax[j]
		k0, k1, k2 := math.Abs(A.ax[0].dot(b)), math.Abs(A.ax[1].dot(b)), math.Abs(A.ax[2].dot(b))
		s := math.Abs(d.dot(b)) - B.h[j] - (float64(k0*A.h[0]) + float64(k1*A.h[1]) + float64(k2*A.h[2]))
		return s > margin
	case f >= sepFaceA0:
		i := int(f - sepFaceA0)
		a := A.ax[i]
		k0, k1, k2 := math.Abs(a.dot(B.ax[0])), math.Abs(a.dot(B.ax[1])), math.Abs(a.dot(B.ax[2]))
		s := math.Abs(d.dot(a)) - A.h[i] - (float64(k0*B.h[0]) + float64(k1*B.h[1]) + float64(k2*B.h[2]))
		return s > margin
	}
	return false
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
		m.sep[q] = cn + cp.lb.dot(nB) - cp.la.dot(nA)
		if m.sep[q] <= touchDistance {
			m.flags |= mfTouching
		}
	}
}

// buildManifold computes the manifold of pair key into m, warm-started from
// prev (nil for a new pair, or one that had no points, whose separating
// face was apart); m.count is 0 when there are no points.
func (w *World) buildManifold(key uint64, prev *manifold, apart sepFace, m *manifold) {
	a := int(key >> 32)
	tag := uint32(key)
	ba := &w.bodies[a]
	sc := &w.scratch
	var A, B boxShape
	A.set(&ba.pos, &ba.half, &sc.rot[a])
	margin := w.bp.margin[a]
	b, static := int32(-1), int32(-1)
	friction, restitution := ba.friction, ba.restitution
	qb := sq{w: 1}
	mk, isMover := keyMover(key)
	if isMover {
		// A mover: a box that moves (relativePose's non-slab form); its
		// friction is the body's own, as against a slab.
		var mm float64
		qb, mm = w.moverShape(mk, &B)
		margin += mm
		static = -2 - int32(mk)
	} else if tag&pairBodyBit != 0 {
		b = int32(tag &^ pairBodyBit)
		bb := &w.bodies[b]
		B.set(&bb.pos, &bb.half, &sc.rot[b])
		qb = sqAt(&bb.q)
		margin += w.bp.margin[b]
		friction = math.Sqrt(float64(friction * bb.friction))
		restitution = max(restitution, bb.restitution)
	} else {
		static = int32(tag)
		st := &w.statics[static]
		B.setSlab(&st.min, &st.max)
	}
	if apart != sepNone && separatedOn(&A, &B, apart, margin) {
		m.key, m.a, m.b, m.static, m.count = key, int32(a), b, static, 0
		m.flags, m.apart = mfEmpty, apart
		m.friction, m.restitution = friction, restitution
		return
	}
	qa := sqAt(&ba.q)
	relP, relQ := relativePose(&A, qa, &B, qb, b < 0 && !isMover)
	// A mover's manifold is made afresh every step: the mover moves
	// whether or not the pose relative to it does.
	if prev != nil && prev.count > 0 && !w.opt.noReuse && !isMover {
		ext := ba.radius
		if b >= 0 {
			ext = max(ext, w.bodies[b].radius)
		}
		if poseClose(prev, relP, relQ, qa, ext) {
			if m != prev {
				*m = *prev
			}
			w.reuseManifold(m, &A, &B)
			m.friction, m.restitution = friction, restitution
			return
		}
	}
	// What the warm start reads of the old manifold, kept aside: the
	// build overwrites it (a pair's manifold is rebuilt in its slot).
	var old warmSource
	if prev != nil {
		old.take(prev)
	}
	m.key, m.a, m.b, m.static, m.flags, m.count = key, int32(a), b, static, 0, 0
	m.friction, m.restitution = friction, restitution
	var raw rawManifold
	collideBoxes(&A, &B, margin, w.def.LinearSlop, static >= 0, &raw)
	if raw.count == 0 {
		m.flags, m.apart = mfEmpty, raw.apart
		return
	}
	m.n = raw.n
	m.count = int32(raw.count)
	m.relP, m.relQ, m.qA = relP, relQ.quat(), ba.q
	for q := 0; q < raw.count; q++ {
		rp := &raw.pts[q]
		half := rp.n(raw.n)
		m.pts[q], m.sep[q] = cachePoint{rA: rp.p.sub(A.c), rB: rp.p.sub(B.c), id: rp.id,
			la: A.toLocal(rp.p.sub(half).sub(A.c)), lb: B.toLocal(rp.p.add(half).sub(B.c))}, rp.sep
		if rp.sep <= touchDistance {
			m.flags |= mfTouching
		}
	}
	m.ft, m.twistI, m.normalI = sv{}, 0, [4]float64{}
	if prev != nil {
		warmStart(m, &old)
	}
}

// warmSource is what warmStart reads of last step's manifold (208 bytes of
// its 672).
type warmSource struct {
	n, ft   sv
	twistI  float64
	count   int32
	id      [4]uint32
	rA      [4]sv
	normalI [4]float64
}

func (s *warmSource) take(m *manifold) {
	s.n, s.ft, s.twistI, s.count, s.normalI = m.n, m.ft, m.twistI, m.count, m.normalI
	for q := range s.id {
		s.id[q], s.rA[q] = m.pts[q].id, m.pts[q].rA
	}
}

// warmStart copies last step's normal impulses to points with the same
// feature id. A point whose id is new (clipping can trade a vertex for an edge
// crossing as boxes jitter) takes the impulse of the unmatched old point
// nearest to it, if one lies within warmRadius.
func warmStart(m *manifold, prev *warmSource) {
	// Friction: the tangent impulse is kept as a world vector (the solver
	// re-projects it on the new tangents); the twist impulse along the new
	// normal.
	m.ft = prev.ft
	m.twistI = prev.twistI * prev.n.dot(m.n)
	var used [4]bool
	var matched [4]bool
	for q := int32(0); q < m.count; q++ {
		for r := int32(0); r < prev.count; r++ {
			if !used[r] && prev.id[r] == m.pts[q].id {
				copyImpulse(m, q, prev, r)
				used[r], matched[q] = true, true
				break
			}
		}
	}
	for q := int32(0); q < m.count; q++ {
		if matched[q] {
			continue
		}
		best, br := warmRadius*warmRadius, int32(-1)
		for r := int32(0); r < prev.count; r++ {
			if used[r] {
				continue
			}
			d := m.pts[q].rA.sub(prev.rA[r])
			if l := d.dot(d); l < best {
				best, br = l, r
			}
		}
		if br >= 0 {
			copyImpulse(m, q, prev, br)
			used[br] = true
		}
	}
}

func copyImpulse(m *manifold, q int32, prev *warmSource, r int32) {
	m.normalI[q] = prev.normalI[r]
}
