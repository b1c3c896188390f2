package physics

import "unsafe"

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
	s.contacts.copyFrom(&w.contacts)
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
	return cap(s.names) + cap(s.bodies) + cap(s.sb) + cap(s.invI) + cap(s.contacts.list) + cap(s.inside) + cap(s.stops) +
		cap(e.CCDHits) + cap(e.ContactsBegun) + cap(e.ContactsEnded) + cap(e.Teleports) + cap(e.Tunnels) +
		cap(e.Embedded) + cap(e.Slept) + cap(e.Woke)
}

// Bytes is about how much memory s's buffers hold (their capacity times
// the element sizes; names share their text with the world), for callers
// that keep many snapshots within a budget.
func (s *Snapshot) Bytes() int {
	e := &s.events
	return bytesOf(s.names) + bytesOf(s.bodies) + bytesOf(s.sb) + bytesOf(s.invI) + bytesOf(s.contacts.list) + bytesOf(s.inside) + bytesOf(s.stops) +
		bytesOf(e.CCDHits) + bytesOf(e.ContactsBegun) + bytesOf(e.ContactsEnded) + bytesOf(e.Teleports) + bytesOf(e.Tunnels) +
		bytesOf(e.Embedded) + bytesOf(e.Slept) + bytesOf(e.Woke)
}

// UsedBytes is the size of the state s holds (its buffers' lengths, not
// their capacities, times the element sizes): what a restore copies back,
// the figure a rollback's report gives per tick and per body.
func (s *Snapshot) UsedBytes() int {
	e := &s.events
	return lenBytes(s.names) + lenBytes(s.bodies) + lenBytes(s.sb) + lenBytes(s.invI) + lenBytes(s.contacts.list) + lenBytes(s.inside) + lenBytes(s.stops) +
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
	s.contacts.list = reserve(s.contacts.list, len(o.contacts.list))
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
