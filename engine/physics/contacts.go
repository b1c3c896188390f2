package physics

import "math"

// The contact cache: one manifold per touching (or nearly touching) pair,
// sorted by pair key. Each step's narrowphase builds a fresh list by merging
// the broadphase's sorted pairs with last step's list, so matching a pair to
// its old manifold (for warm starting and begin/end events) costs nothing
// extra and no map is needed. Pairs whose bodies are all asleep are carried
// over unchanged, so a woken stack restarts warm.

const (
	// linearSlop is the penetration left uncorrected, m. The resting
	// position is within this of exact contact.
	linearSlop = 0.0005
	// touchDistance: a manifold with a point at most this far apart counts
	// as touching for events, islands and the tunnelling oracle, m.
	touchDistance = 0.001
	// warmRadius: an old point this close (m) to a new one whose feature id
	// is new passes its impulse on.
	warmRadius = 0.05
)

// Manifold flags.
const (
	mfTouching uint8 = 1 << iota
	mfAsleep         // carried over while its bodies sleep; not solved
)

// contactPoint is one normal row (about 200 bytes); its Jacobian is
// precomputed once per step.
type contactPoint struct {
	// Hot: what the velocity passes read and write, first and together
	// (128 bytes, two cache lines), since the manifold list is streamed
	// twelve times a step.
	rAn, rBn sv      // rA x n, rB x n (normal row Jacobian, set by prepare)
	iAn, iBn sv      // I_A^-1 (rA x n), I_B^-1 (rB x n)
	sep      float64 // separation at narrowphase time, m (< 0: penetrating)
	nMass    float64 // 1 / effective mass along the normal, kg
	normalI  float64 // accumulated normal impulse, N s
	maxI     float64 // largest normal impulse during the solve
	// Cold.
	rA, rB sv      // anchors from each body's centre, world, m
	relVel float64 // normal velocity before the solve, m/s (restitution)
	id     uint32  // feature id
}

// manifold is the contact between body a and body b (or slab static). Hot
// solver fields come first.
type manifold struct {
	a, b  int32 // b = -1 for a slab
	count int32
	flags uint8
	n     sv // normal from a toward b (or the slab)
	// The points' centroid: its Jacobian, mean separation and effective
	// mass, for the central pre-pass of the solver.
	rAcn, rBcn sv // rAc x n, rBc x n
	iAcn, iBcn sv // I_A^-1 (rAc x n), I_B^-1 (rBc x n)
	sepC       float64
	cMass      float64
	// Friction acts at the centroid: two tangent rows and a twist row about
	// the normal (accumulated impulses, N s and N m s, and effective masses).
	t          [2]sv
	rAc, rBc   sv // centroid anchors from each centre, m
	frictionI  [2]float64
	twistI     float64
	tMass      [2]float64
	twistMass  float64
	twistRange float64 // mean distance of the points from the centroid, m
	friction   float64
	// Cold.
	restitution float64
	key         uint64
	static      int32 // slab index, or -1
	pts         [4]contactPoint
}

type contactSet struct {
	list []manifold // this step's manifolds, sorted by key
	next []manifold // scratch for the next list
	wake []int32    // bodies to wake after the narrowphase
}

func (c *contactSet) copyFrom(o *contactSet) {
	c.list = append(c.list[:0], o.list...)
}

// collide runs the narrowphase on every candidate pair and rebuilds the
// contact list.
func (w *World) collide(dt float64) {
	cs := &w.contacts
	old := cs.list
	// Reserve the most the merge can produce up front: growing a slice of
	// kilobyte-sized manifolds step after step was a quarter of the step.
	if need := len(w.bp.keys) + len(old); cap(cs.next) < need {
		cs.next = make([]manifold, 0, need+need/2)
	}
	out := cs.next[:0]
	cs.wake = cs.wake[:0]
	oi := 0
	for _, key := range w.bp.keys {
		for oi < len(old) && old[oi].key < key {
			out = w.retire(&old[oi], out)
			oi++
		}
		var prev *manifold
		if oi < len(old) && old[oi].key == key {
			prev = &old[oi]
			oi++
		}
		// Extend without zeroing the kilobyte-sized slot: buildManifold
		// sets every field it uses.
		out = out[:len(out)+1]
		m := &out[len(out)-1]
		if !w.buildManifold(key, prev, m) {
			out = out[:len(out)-1]
		}
	}
	for ; oi < len(old); oi++ {
		out = w.retire(&old[oi], out)
	}
	cs.list, cs.next = out, old[:0]
	for _, i := range cs.wake {
		w.wakeBody(int(i))
	}
}

// retire handles an old manifold with no candidate pair this step: kept
// asleep when its bodies sleep, otherwise ended.
func (w *World) retire(o *manifold, out []manifold) []manifold {
	asleep := w.bodies[o.a].flags&flagSleeping != 0 && (o.b < 0 || w.bodies[o.b].flags&flagSleeping != 0)
	if asleep {
		o.flags |= mfAsleep
		return append(out, *o)
	}
	if o.flags&mfTouching != 0 {
		w.events.ContactsEnded = append(w.events.ContactsEnded, w.contactEvent(o, false))
	}
	return out
}

// buildManifold computes the manifold of pair key into m, warm-started from
// prev (nil for a new pair). It returns false when there are no points.
func (w *World) buildManifold(key uint64, prev *manifold, m *manifold) bool {
	a := int(key >> 32)
	tag := uint32(key)
	ba := &w.bodies[a]
	sc := &w.scratch
	A := boxShape{c: toSV(ba.pos), h: ba.half}
	ra := &sc.rot[a]
	A.ax = [3]sv{ra.colSV(0), ra.colSV(1), ra.colSV(2)}
	var B boxShape
	margin := w.bp.margin[a]
	m.key, m.a, m.b, m.static, m.flags = key, int32(a), -1, -1, 0
	friction, restitution := ba.friction, ba.restitution
	if tag&pairBodyBit != 0 {
		b := int(tag &^ pairBodyBit)
		bb := &w.bodies[b]
		B = boxShape{c: toSV(bb.pos), h: bb.half}
		rb := &sc.rot[b]
		B.ax = [3]sv{rb.colSV(0), rb.colSV(1), rb.colSV(2)}
		margin += w.bp.margin[b]
		m.b = int32(b)
		friction = math.Sqrt(float64(friction * bb.friction))
		restitution = math.Max(restitution, bb.restitution)
	} else {
		k := int(tag)
		st := &w.statics[k]
		B = boxShape{c: toSV(scale(add(st.min, st.max), 0.5)), h: scale(sub(st.max, st.min), 0.5),
			ax: [3]sv{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
		m.static = int32(k)
	}
	var raw rawManifold
	collideBoxes(&A, &B, margin, m.static >= 0, &raw)
	if raw.count == 0 {
		if prev != nil && prev.flags&mfTouching != 0 {
			w.events.ContactsEnded = append(w.events.ContactsEnded, w.contactEvent(prev, false))
		}
		return false
	}
	m.n = raw.n
	m.t[0], m.t[1] = tangentsSV(raw.n)
	m.friction, m.restitution = friction, restitution
	m.count = int32(raw.count)
	touching := false
	for q := 0; q < raw.count; q++ {
		rp := &raw.pts[q]
		cp := &m.pts[q]
		*cp = contactPoint{rA: rp.p.sub(A.c), rB: rp.p.sub(B.c), sep: rp.sep, id: rp.id}
		if rp.sep <= touchDistance {
			touching = true
		}
	}
	inv := 1 / float64(raw.count)
	var pc sv
	sepSum := 0.0
	for q := 0; q < raw.count; q++ {
		pc = pc.add(raw.pts[q].p)
		sepSum += raw.pts[q].sep
	}
	pc = pc.scale(inv)
	m.rAc, m.rBc, m.sepC = pc.sub(A.c), pc.sub(B.c), sepSum*inv
	rng := 0.0
	for q := 0; q < raw.count; q++ {
		d := raw.pts[q].p.sub(pc)
		rng += math.Sqrt(d.dot(d))
	}
	m.twistRange = rng * inv
	m.frictionI, m.twistI = [2]float64{}, 0
	if prev != nil {
		warmStart(m, prev)
	}
	if touching {
		m.flags |= mfTouching
		if prev == nil || prev.flags&mfTouching == 0 {
			w.events.ContactsBegun = append(w.events.ContactsBegun, w.contactEvent(m, true))
			w.counters.ContactsBegun++
		}
		if m.b >= 0 {
			// A touch between an awake and a sleeping body wakes the sleeper.
			sa := ba.flags&flagSleeping != 0
			sb := w.bodies[m.b].flags&flagSleeping != 0
			if sa != sb {
				if sa {
					w.contacts.wake = append(w.contacts.wake, m.a)
				} else {
					w.contacts.wake = append(w.contacts.wake, m.b)
				}
			}
		}
	} else if prev != nil && prev.flags&mfTouching != 0 {
		w.events.ContactsEnded = append(w.events.ContactsEnded, w.contactEvent(prev, false))
	}
	if m.static >= 0 && touching {
		sc.touched = append(sc.touched, touchedPair{body: m.a, static: m.static})
	}
	return true
}

// warmStart copies last step's normal impulses to points with the same
// feature id. A point whose id is new (clipping can trade a vertex for an edge
// crossing as boxes jitter) takes the impulse of the unmatched old point
// nearest to it, if one lies within warmRadius.
func warmStart(m, prev *manifold) {
	// Friction: the tangent impulse as a world vector, re-projected on the
	// new basis; the twist impulse along the new normal.
	ft := prev.t[0].scale(prev.frictionI[0]).madd(prev.t[1], prev.frictionI[1])
	m.frictionI[0], m.frictionI[1] = ft.dot(m.t[0]), ft.dot(m.t[1])
	m.twistI = prev.twistI * prev.n.dot(m.n)
	var used [4]bool
	var matched [4]bool
	for q := int32(0); q < m.count; q++ {
		for r := int32(0); r < prev.count; r++ {
			if !used[r] && prev.pts[r].id == m.pts[q].id {
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
			d := m.pts[q].rA.sub(prev.pts[r].rA)
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

func copyImpulse(m *manifold, q int32, prev *manifold, r int32) {
	m.pts[q].normalI = prev.pts[r].normalI
}

// tangentsSV returns a fixed orthonormal basis of the plane normal to n.
func tangentsSV(n sv) (sv, sv) {
	var t sv
	if math.Abs(n.x) >= 0.57735 {
		t = sv{n.y, -n.x, 0}
	} else {
		t = sv{0, n.z, -n.y}
	}
	if l := math.Sqrt(t.dot(t)); l > 0 {
		t = t.scale(1 / l)
	} else {
		t = sv{1, 0, 0}
	}
	return t, n.cross(t)
}

// contactEvent describes m for the event lists; the normal points toward A.
func (w *World) contactEvent(m *manifold, begin bool) ContactEvent {
	e := ContactEvent{A: w.ID(int(m.a)), B: NoBody, Static: NoStatic, Normal: m.n.neg().vec()}
	if m.b >= 0 {
		e.B = w.ID(int(m.b))
	} else {
		e.Static = StaticID(m.static)
	}
	if begin && m.count > 0 {
		e.Point = add(w.bodies[m.a].pos, m.pts[0].rA.vec())
	}
	return e
}
