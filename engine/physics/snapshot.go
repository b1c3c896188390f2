package physics

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
	contacts contactSet
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
	s.contacts.copyFrom(&w.contacts)
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
	w.contacts.copyFrom(&s.contacts)
	w.contacts.syncHeads()
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
