package physics

import (
	"math"
	"unsafe"
)

// Snapshot is a saved copy of everything that determines a world's future:
// tick, CCD switch, bodies (poses, velocities, sleep state), the contact
// cache that warm-starts the solver, counters and the last step's events.
// Restoring it and stepping with the same inputs gives the same states, bit
// for bit, as the first time.
type Snapshot struct {
	tick     uint64
	ccdOn    bool
	names    []string
	bodies   []body
	sb       []solverBody
	invI     []mat3
	nStatics int
	contacts []manifold // in key order (contactSet.appendList)
	events   StepEvents
	counters Counters
	inside   []insideRec
	stops    []stopRec
	movers   moverSnap
}

// Snapshot saves the world's state (it allocates; not for every step).
func (w *World) Snapshot() *Snapshot {
	s := &Snapshot{
		tick:     w.tick,
		ccdOn:    w.ccdOn,
		names:    append([]string(nil), w.names...),
		bodies:   append([]body(nil), w.bodies...),
		sb:       append([]solverBody(nil), w.sb...),
		invI:     append([]mat3(nil), w.invI...),
		nStatics: len(w.statics),
		counters: w.counters,
		inside:   append([]insideRec(nil), w.inside...),
		stops:    append([]stopRec(nil), w.stops...),
	}
	s.contacts = w.contacts.appendList(nil)
	s.events.copyFrom(&w.events)
	s.movers.save(&w.mv)
	return s
}

// Restore puts the world back to the snapshot's state. Bodies created after the
// snapshot are removed and their BodyIDs become stale; statics added after it
// are removed too. The snapshot can be restored any number of times.
func (w *World) Restore(s *Snapshot) {
	for i := len(s.bodies); i < len(w.bodies); i++ {
		w.gens[i]++
	}
	w.tick = s.tick
	w.ccdOn = s.ccdOn
	w.names = append(w.names[:0], s.names...)
	w.bodies = append(w.bodies[:0], s.bodies...)
	w.sb = append(w.sb[:0], s.sb...)
	w.invI = append(w.invI[:0], s.invI...)
	if s.nStatics < len(w.statics) {
		w.statics = w.statics[:s.nStatics]
		w.sindex.stale = true
	}
	w.contacts.loadList(s.contacts)
	w.events.copyFrom(&s.events)
	w.counters = s.counters
	w.inside = append(w.inside[:0], s.inside...)
	w.stops = append(w.stops[:0], s.stops...)
	s.movers.restore(&w.mv)
	w.noteTeleported()
	w.bp.valid = false // candidate pairs are scratch: found again
	// So is the solver's plan, and the constraints it kept from the last
	// step, which were built from the manifolds before the restore.
	w.sol.bs.plannedBodies = -1
}

func (e *StepEvents) copyFrom(o *StepEvents) {
	e.Tick = o.Tick
	e.CCDHits = append(e.CCDHits[:0], o.CCDHits...)
	e.ContactsBegun = append(e.ContactsBegun[:0], o.ContactsBegun...)
	e.ContactsEnded = append(e.ContactsEnded[:0], o.ContactsEnded...)
	e.Teleports = append(e.Teleports[:0], o.Teleports...)
	e.Tunnels = append(e.Tunnels[:0], o.Tunnels...)
	e.Embedded = append(e.Embedded[:0], o.Embedded...)
	e.Slept = append(e.Slept[:0], o.Slept...)
	e.Woke = append(e.Woke[:0], o.Woke...)
}

// SnapshotInto saves the world's state into s, as Snapshot does, reusing
// s's buffers: once s has held a state as large, it allocates nothing. A
// rewind ring buffer saves every tick with it (Snapshot, which allocates a
// fresh copy each time, would allocate per tick).
func (w *World) SnapshotInto(s *Snapshot) {
	s.tick = w.tick
	s.ccdOn = w.ccdOn
	s.names = append(s.names[:0], w.names...)
	s.bodies = append(s.bodies[:0], w.bodies...)
	s.sb = append(s.sb[:0], w.sb...)
	s.invI = append(s.invI[:0], w.invI...)
	s.nStatics = len(w.statics)
	s.counters = w.counters
	s.inside = append(s.inside[:0], w.inside...)
	s.stops = append(s.stops[:0], w.stops...)
	s.contacts = w.contacts.appendList(s.contacts[:0])
	s.events.copyFrom(&w.events)
	s.movers.save(&w.mv)
}

// Tick is the tick the snapshot was taken at.
func (s *Snapshot) Tick() uint64 { return s.tick }

// NumBodies is the number of bodies the snapshot holds.
func (s *Snapshot) NumBodies() int { return len(s.bodies) }

// BodyPose is body i's pose in the snapshot (0 <= i < NumBodies): what a
// renderer draws of a saved state, such as a rollback's confirmed one.
func (s *Snapshot) BodyPose(i int) Pose {
	b := &s.bodies[i]
	return Pose{Center: b.pos, Orientation: b.q}
}

// Capacity is the number of elements s's buffers hold without growing; it
// rises when SnapshotInto had to allocate.
func (s *Snapshot) Capacity() int {
	e := &s.events
	return cap(s.names) + cap(s.bodies) + cap(s.sb) + cap(s.invI) + cap(s.contacts) + cap(s.inside) + cap(s.stops) +
		cap(e.CCDHits) + cap(e.ContactsBegun) + cap(e.ContactsEnded) + cap(e.Teleports) + cap(e.Tunnels) +
		cap(e.Embedded) + cap(e.Slept) + cap(e.Woke)
}

// Bytes is about how much memory s's buffers hold (their capacity times
// the element sizes; names share their text with the world), for callers
// that keep many snapshots within a budget.
func (s *Snapshot) Bytes() int {
	e := &s.events
	return bytesOf(s.names) + bytesOf(s.bodies) + bytesOf(s.sb) + bytesOf(s.invI) + bytesOf(s.contacts) + bytesOf(s.inside) + bytesOf(s.stops) +
		bytesOf(e.CCDHits) + bytesOf(e.ContactsBegun) + bytesOf(e.ContactsEnded) + bytesOf(e.Teleports) + bytesOf(e.Tunnels) +
		bytesOf(e.Embedded) + bytesOf(e.Slept) + bytesOf(e.Woke)
}

// UsedBytes is the size of the state s holds (its buffers' lengths, not
// their capacities, times the element sizes): what a restore copies back,
// the figure a rollback's report gives per tick and per body.
func (s *Snapshot) UsedBytes() int {
	e := &s.events
	return lenBytes(s.names) + lenBytes(s.bodies) + lenBytes(s.sb) + lenBytes(s.invI) + lenBytes(s.contacts) + lenBytes(s.inside) + lenBytes(s.stops) +
		lenBytes(e.CCDHits) + lenBytes(e.ContactsBegun) + lenBytes(e.ContactsEnded) + lenBytes(e.Teleports) + lenBytes(e.Tunnels) +
		lenBytes(e.Embedded) + lenBytes(e.Slept) + lenBytes(e.Woke)
}

func lenBytes[T any](b []T) int {
	var z T
	return len(b) * int(unsafe.Sizeof(z))
}

func bytesOf[T any](b []T) int {
	var z T
	return cap(b) * int(unsafe.Sizeof(z))
}

// Reserve grows s's buffers, with a quarter to spare, so that a state as
// large as o's fits without allocating. A ring of snapshots reserves every
// slot when one grows, so that the allocations happen once, when the world
// grows, rather than again as each slot comes round.
func (s *Snapshot) Reserve(o *Snapshot) {
	s.names = reserve(s.names, len(o.names))
	s.bodies = reserve(s.bodies, len(o.bodies))
	s.sb = reserve(s.sb, len(o.sb))
	s.invI = reserve(s.invI, len(o.invI))
	s.contacts = reserve(s.contacts, len(o.contacts))
	s.inside = reserve(s.inside, len(o.inside))
	s.stops = reserve(s.stops, len(o.stops))
	e, f := &s.events, &o.events
	e.CCDHits = reserve(e.CCDHits, len(f.CCDHits))
	e.ContactsBegun = reserve(e.ContactsBegun, len(f.ContactsBegun))
	e.ContactsEnded = reserve(e.ContactsEnded, len(f.ContactsEnded))
	e.Teleports = reserve(e.Teleports, len(f.Teleports))
	e.Tunnels = reserve(e.Tunnels, len(f.Tunnels))
	e.Embedded = reserve(e.Embedded, len(f.Embedded))
	e.Slept = reserve(e.Slept, len(f.Slept))
	e.Woke = reserve(e.Woke, len(f.Woke))
}

func reserve[T any](b []T, n int) []T {
	if cap(b) >= n {
		return b
	}
	nb := make([]T, len(b), n+n/4)
	copy(nb, b)
	return nb
}

// FNV-1a, 64-bit.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

type hasher uint64

func (h *hasher) u64(x uint64) {
	v := uint64(*h)
	for i := 0; i < 8; i++ {
		v ^= x & 0xff
		v *= fnvPrime
		x >>= 8
	}
	*h = hasher(v)
}

func (h *hasher) f64(x float64) { h.u64(math.Float64bits(x)) }

func (h *hasher) vec(v vec3) { h.f64(v[0]); h.f64(v[1]); h.f64(v[2]) }

// StateHash is an FNV-1a hash over the tick and, for every body in creation
// order, the exact bits of its centre, orientation, velocity, angular velocity
// and sleeping flag. Equal hashes mean bit-identical body states.
func (w *World) StateHash() uint64 {
	h := hasher(fnvOffset)
	h.u64(w.tick)
	w.moverHash(&h)
	h.u64(uint64(len(w.bodies)))
	for i := range w.bodies {
		b := &w.bodies[i]
		s := &w.sb[i]
		h.vec(b.pos)
		h.f64(b.q.W)
		h.vec(b.q.V)
		h.vec(s.v.vec())
		h.vec(s.w.vec())
		if b.flags&flagSleeping != 0 {
			h.u64(1)
		} else {
			h.u64(0)
		}
	}
	return uint64(h)
}
