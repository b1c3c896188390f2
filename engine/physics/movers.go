package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Movers: kinematic oriented boxes of infinite mass that follow a path
// (mover_path.go). A separate set, not bodies with a flag: a mover is never
// written by the solver, never joins an island, takes no graph colour and
// never sleeps, so kept apart, none of the passes over the bodies needs a
// test for it. To the contact solver a mover's contact is a slab's (b < 0,
// never written, not coloured) whose side is the mover's own state
// (moverSet.side: its velocity, and how far it has moved so far in the
// step) instead of the shared zero state.
//
// The step takes the pose at tick t and at t+1 from the path, builds the
// contacts at the first and moves the mover's side to the second over the
// substeps at the constant velocity between them, so riders are carried by
// friction and pushed boxes are pushed. In the per-frame mode (the
// anti-pattern, SetMoversPerFrame) the pose comes from SetMoverTime
// instead, once per display frame, and the steps see a mover that stands
// still and jumps between frames.

// MoverDef describes a mover: a box of half extents Half about Center with
// Orientation (identity when zero) at time 0, following Path.
type MoverDef struct {
	Name         string
	Center, Half mgl64.Vec3
	Orientation  mgl64.Quat
	Path         MoverPath
}

// MaxMovers bounds the movers of a world: the broadphase tests every awake
// body against every mover.
const MaxMovers = 64

// MoverID names a mover: its creation index plus one; the zero MoverID
// names none.
type MoverID int32

// NoMover is the zero MoverID.
const NoMover MoverID = 0

// Index is the mover's creation index, or -1 for NoMover.
func (id MoverID) Index() int { return int(id) - 1 }

// mover is one mover and its pose over the step being taken (p0, q0 at the
// start, p1, q1 at the end).
type mover struct {
	def    MoverDef
	p0, p1 vec3
	q0, q1 mgl64.Quat
	rot0   mat3 // rotation at the start of the step (the narrowphase's)
	v, w   sv   // velocity over the step, m/s and rad/s (world axes)
	margin float64
	box    fatBox // the boxes it covers over the step, grown by its margin
	// moving: it moves this step, or (per frame) has jumped since the
	// last step began, from pLast, qLast.
	moving bool
	pLast  vec3
	qLast  mgl64.Quat
}

// moverSet holds the world's movers and how they are timed.
type moverSet struct {
	list []mover
	// side: each mover's state as the solver reads it: its velocity, and
	// the position and rotation change since the step began (sidesAt).
	side []bodyState
	// perFrame: poses come from SetMoverTime (the anti-pattern), at time
	// seconds, not from the tick.
	perFrame bool
	seconds  float64
	// The step's body-mover pairs and the buffer they are merged into
	// (moverPairs).
	keys, merge []uint64
}

func (d MoverDef) validate() (MoverDef, error) {
	if !withinBox(d.Center, MaxCoordinate) {
		return d, fmt.Errorf("center %v: want finite coordinates within ±%g m", d.Center, float64(MaxCoordinate))
	}
	if !withinBox(d.Half, MaxCoordinate) || d.Half[0] <= 0 || d.Half[1] <= 0 || d.Half[2] <= 0 {
		return d, fmt.Errorf("half %v: want each half extent > 0 and finite", d.Half)
	}
	q := d.Orientation
	if q.W == 0 && q.V == (vec3{}) {
		q = mgl64.QuatIdent()
	}
	l := math.Sqrt(toSQ(q).dot(toSQ(q)))
	if !finite(l) || l < 1e-9 {
		return d, fmt.Errorf("orientation %v: want a nonzero finite quaternion", d.Orientation)
	}
	d.Orientation = q.Scale(1 / l)
	p, err := d.Path.validate()
	if err != nil {
		return d, err
	}
	d.Path = p
	return d, nil
}

// AddMover adds a mover, placed at its pose of time 0 (which is the same
// at any physics rate). The error names the bad field.
func (w *World) AddMover(d MoverDef) (MoverID, error) {
	if len(w.mv.list) >= MaxMovers {
		return NoMover, fmt.Errorf("movers: at most %d", MaxMovers)
	}
	d, err := d.validate()
	if err != nil {
		return NoMover, err
	}
	m := mover{def: d}
	m.place(timebase{sec: 1})
	m.p0, m.q0 = m.p1, m.q1
	m.pLast, m.qLast = m.p1, m.q1
	w.mv.list = append(w.mv.list, m)
	w.mv.side = append(w.mv.side, bodyState{})
	w.bp.valid = false
	return MoverID(len(w.mv.list)), nil
}

// place sets the mover's end-of-step pose to its path's at tb.
func (m *mover) place(tb timebase) {
	off, r := m.def.Path.pose(tb)
	m.p1 = m.def.Center.Add(off)
	m.q1 = r.Mul(m.def.Orientation).Normalize()
}

// NumMovers is the number of movers.
func (w *World) NumMovers() int { return len(w.mv.list) }

// SetMoversPerFrame switches the movers between the step (false, the
// default: the pose at tick t is the path's at t) and the per-frame
// anti-pattern (true: the pose is the path's at the time last given to
// SetMoverTime, and the steps see the movers stand still).
func (w *World) SetMoversPerFrame(on bool) { w.mv.perFrame = on }

// MoversPerFrame reports the per-frame mode.
func (w *World) MoversPerFrame() bool { return w.mv.perFrame }

// SetMoverTime places the movers at their paths' pose at display time
// seconds, at once, for the per-frame mode (ignored otherwise): the
// anti-pattern, a pose that depends on when frames are drawn.
func (w *World) SetMoverTime(seconds float64) {
	if !w.mv.perFrame || !finite(seconds) {
		return
	}
	w.mv.seconds = seconds
	for i := range w.mv.list {
		m := &w.mv.list[i]
		m.place(timebase{t: seconds, sec: 1})
		m.p0, m.q0 = m.p1, m.q1
	}
}

// advanceMovers takes each mover's poses at the start and end of this
// step, its velocity between them and its box over the step, resets the
// solver's sides, and wakes the sleeping bodies a moving mover may reach.
func (w *World) advanceMovers(dt float64) {
	ms := &w.mv
	for i := range ms.list {
		m := &ms.list[i]
		if ms.perFrame {
			m.p0, m.q0 = m.p1, m.q1 // stands still through the step
		} else {
			m.place(timebase{t: float64(w.tick), sec: dt, whole: true})
			m.p0, m.q0 = m.p1, m.q1
			m.place(timebase{t: float64(w.tick + 1), sec: dt, whole: true})
		}
		rotationInto(&m.rot0, &m.q0)
		m.v = toSV(m.p1.Sub(m.p0).Mul(1 / dt))
		m.w = sv{} // only a spin turns, and only on the step
		if !ms.perFrame && m.def.Path.Kind == PathSpin {
			m.w = toSV(m.def.Path.AngularVelocity)
		}
		m.moving = !m.v.isZero() || !m.w.isZero() || m.p0 != m.pLast || m.q0 != m.qLast
		m.pLast, m.qLast = m.p0, m.q0
		// Its speculative reach: its own motion this step on top of the
		// world's distance, so that a box it closes on has a contact first.
		e := orientedExtentSV(&m.rot0, &m.def.Half)
		r := float64(math.Sqrt(m.v.dot(m.v))*dt) + float64(math.Sqrt(m.w.dot(m.w))*dt*length(m.def.Half))
		m.margin = w.def.SpeculativeDistance + r
		g := e.x + m.margin
		gy, gz := e.y+m.margin, e.z+m.margin
		lo := sv{math.Min(m.p0[0], m.p1[0]) - g, math.Min(m.p0[1], m.p1[1]) - gy, math.Min(m.p0[2], m.p1[2]) - gz}
		hi := sv{math.Max(m.p0[0], m.p1[0]) + g, math.Max(m.p0[1], m.p1[1]) + gy, math.Max(m.p0[2], m.p1[2]) + gz}
		// A turning box reaches its bounding radius on every side.
		if !m.w.isZero() {
			rad := length(m.def.Half) + m.margin
			c := toSV(m.p0)
			lo = sv{math.Min(lo.x, c.x-rad), math.Min(lo.y, c.y-rad), math.Min(lo.z, c.z-rad)}
			hi = sv{math.Max(hi.x, c.x+rad), math.Max(hi.y, c.y+rad), math.Max(hi.z, c.z+rad)}
		}
		m.box = fatBox{lo: lo, hi: hi}
		ms.side[i] = bodyState{v: m.v, w: m.w}
		if m.moving {
			w.wakeNear(&m.box)
		}
	}
}

// wakeNear wakes the sleeping bodies whose bounding box meets q (before
// the broadphase, so that their pairs are found this step).
func (w *World) wakeNear(q *fatBox) {
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.flags&flagSleeping == 0 {
			continue
		}
		r := b.radius + w.def.SpeculativeDistance
		box := fatBox{lo: sv{b.pos[0] - r, b.pos[1] - r, b.pos[2] - r}, hi: sv{b.pos[0] + r, b.pos[1] + r, b.pos[2] + r}}
		if box.overlaps(q) {
			w.wakeBody(i)
		}
	}
}

// moverSidesAt moves every mover's solver side to time t (s) into the
// step: the substeps call it before each biased pass and after each
// position update, so a point's separation follows the mover as it does
// the body.
func (w *World) moverSidesAt(t float64) {
	for i := range w.mv.side {
		s := &w.mv.side[i]
		s.dp, s.dth = s.v.scale(t), s.w.scale(t)
	}
}

// moverSide returns the solver's state of the mover a constraint's b
// names (b = -2 - index).
func (w *World) moverSide(b int32) *bodyState { return &w.mv.side[-2-b] }

// keepRidersAwake restarts the rest time of every body touching a moving
// mover, so that its island does not fall asleep on a platform that is
// still carrying it (updateSleep).
func (w *World) keepRidersAwake() {
	if len(w.mv.list) == 0 {
		return
	}
	for _, h := range w.contacts.heads {
		if k, ok := keyMover(h.key); ok && h.flags&mfTouching != 0 && w.mv.list[k].moving {
			w.bodies[h.key>>32].sleepTime = 0
		}
	}
}

// MoverView is a read-only copy of one mover for renderers and reports.
type MoverView struct {
	ID   MoverID
	Name string
	Half mgl64.Vec3
	// Prev and Curr are its poses at the start and end of the last step
	// (the same in the per-frame mode: its pose at the last SetMoverTime).
	Prev, Curr Pose
	// Velocity and AngularVelocity over the last step.
	Velocity, AngularVelocity mgl64.Vec3
	// Def is the mover as it was defined (its path's centre and pose at
	// time 0).
	Def MoverDef
}

// Mover returns a view of mover i (0 <= i < NumMovers).
func (w *World) Mover(i int) MoverView {
	m := &w.mv.list[i]
	return MoverView{
		ID: MoverID(i + 1), Name: m.def.Name, Half: m.def.Half,
		Prev:     Pose{Center: m.p0, Orientation: m.q0},
		Curr:     Pose{Center: m.p1, Orientation: m.q1},
		Velocity: m.v.vec(), AngularVelocity: m.w.vec(),
		Def: m.def,
	}
}

// moverHash adds what the movers' poses depend on beyond the tick to h:
// the display time of the per-frame mode. Nothing when there are no
// movers, so the hashes of worlds without them are as they were.
func (w *World) moverHash(h *hasher) {
	if len(w.mv.list) == 0 {
		return
	}
	h.u64(uint64(len(w.mv.list)))
	if w.mv.perFrame {
		h.f64(w.mv.seconds)
	}
}

// moverSnap is what a snapshot keeps of the movers: their poses over the
// last step and the per-frame mode's time (in the step mode the poses
// follow from the tick, but the views read them before the next step).
type moverSnap struct {
	list     []mover
	perFrame bool
	seconds  float64
}

func (s *moverSnap) save(ms *moverSet) {
	s.list = append(s.list[:0], ms.list...)
	s.perFrame, s.seconds = ms.perFrame, ms.seconds
}

func (s *moverSnap) restore(ms *moverSet) {
	if len(s.list) == len(ms.list) {
		copy(ms.list, s.list)
	}
	ms.perFrame, ms.seconds = s.perFrame, s.seconds
}

// Rider is a body resting on a mover: a touching contact whose normal
// points down from the body into the mover's top. Sep is the contact's
// least separation when the last step built it (m, < 0: overlapping):
// the gap the physics has between them.
type Rider struct {
	Body, Mover int
	Sep         float64
}

// Riders appends to dst the bodies that rested on a mover at the end of
// the last step's narrowphase, in contact order.
func (w *World) Riders(dst []Rider) []Rider {
	if len(w.mv.list) == 0 {
		return dst
	}
	for k := range w.contacts.heads {
		m := w.contacts.at(int32(k))
		if m.static >= -1 || m.flags&mfTouching == 0 || m.flags&mfEmpty != 0 {
			continue
		}
		// n points from the body toward the mover: down, for a rider.
		if m.n.y < -0.7 {
			sep := m.sep[0]
			for q := int32(1); q < m.count; q++ {
				sep = math.Min(sep, m.sep[q])
			}
			dst = append(dst, Rider{Body: int(m.a), Mover: int(-2 - m.static), Sep: sep})
		}
	}
	return dst
}

// Movers in the broadphase and the narrowphase. A body-mover pair is keyed
// like a slab pair whose tag has pairMoverBit: (body << 32) | pairMoverBit
// | mover, so for each body its slab pairs come first, then its movers,
// then its body pairs. Its manifold has b = -1 (nothing of the body
// passes treats it as a body) and static = -2 - mover.

// pairMoverBit marks a pair tag that names a mover (below pairBodyBit).
const pairMoverBit = 1 << 30

func pairKeyMover(a, k int) uint64 { return uint64(a)<<32 | pairMoverBit | uint64(k) }

// keyMover returns the mover of pair key, if it names one.
func keyMover(key uint64) (int, bool) {
	tag := uint32(key)
	if tag&pairBodyBit != 0 || tag&pairMoverBit == 0 {
		return 0, false
	}
	return int(tag &^ pairMoverBit), true
}

// moverPairs adds to the step's sorted pairs every awake body's pairs with
// the movers whose box over the step its fat box meets. Every body is
// tested against every mover: there are few movers (MaxMovers).
func (w *World) moverPairs() {
	bp := &w.bp
	ms := &w.mv
	add := ms.keys[:0]
	for i := range w.bodies {
		if bp.asleep[i] {
			continue
		}
		f := &bp.fat[i]
		for k := range w.mv.list {
			if f.overlaps(&w.mv.list[k].box) {
				add = append(add, pairKeyMover(i, k))
			}
		}
	}
	ms.keys = add
	if len(add) == 0 {
		return
	}
	// Merge: both are sorted. The merge's buffer and the pairs' swap
	// roles (neither is kept anywhere else).
	out := grow(ms.merge, len(bp.keys)+len(add))[:0]
	j := 0
	for _, key := range bp.keys {
		for j < len(add) && add[j] < key {
			out = append(out, add[j])
			j++
		}
		out = append(out, key)
	}
	out = append(out, add[j:]...)
	bp.keys, ms.merge = out, bp.keys
}

// moverShape sets B to mover k's box at the start of the step and returns
// its orientation and speculative margin.
func (w *World) moverShape(k int, B *boxShape) (sq, float64) {
	m := &w.mv.list[k]
	B.set(&m.p0, &m.def.Half, &m.rot0)
	return sqAt(&m.q0), m.margin
}

// Continuous collision against movers: a fast body is swept against each
// mover frozen at its end-of-step pose (as a bullet is swept against the
// bodies), in the mover's own frame, where it is an axis-aligned box and
// the slab sweep (sweepNested) applies: the body's centre, motion and
// bounds are turned into that frame and the normal found is turned back.

// sweepMovers returns the earliest impact of a body at c (bound ext over
// its spin, tight at its pose q with half extents half) moving by d with
// any mover: the time, the world normal, the mover, and whether one was
// found.
func (w *World) sweepMovers(c, ext vec3, q quat, half, d vec3, touch float64) (float64, vec3, int, bool) {
	bestT, bestN, best := math.Inf(1), vec3{}, -1
	for k := range w.mv.list {
		m := &w.mv.list[k]
		r := rotationMatrix(m.q1)
		toLocal := func(v vec3) vec3 { return vec3{dot(r.col(0), v), dot(r.col(1), v), dot(r.col(2), v)} }
		cl, dl := toLocal(sub(c, m.p1)), toLocal(d)
		// The world box ext, seen from the mover's axes.
		extl := vec3{}
		for i := 0; i < 3; i++ {
			a := r.col(i)
			extl[i] = float64(math.Abs(a[0])*ext[0]) + float64(math.Abs(a[1])*ext[1]) + float64(math.Abs(a[2])*ext[2])
		}
		rel := rotationMatrix(m.q1.Conjugate().Mul(q))
		tight := orientedExtent(&rel, half)
		hm := m.def.Half
		t, nl, ok := sweepNested(cl, extl, tight, dl, neg(hm), hm, touch)
		if ok && t < bestT {
			n := add(add(scale(r.col(0), nl[0]), scale(r.col(1), nl[1])), scale(r.col(2), nl[2]))
			bestT, bestN, best = t, n, k
		}
	}
	return bestT, bestN, best, best >= 0
}
