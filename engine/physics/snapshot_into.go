package physics

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
	s.nStatics = len(w.statics)
	s.counters = w.counters
	s.contacts.copyFrom(&w.contacts)
	s.events.copyFrom(&w.events)
}

// Tick is the tick the snapshot was taken at.
func (s *Snapshot) Tick() uint64 { return s.tick }
