package ui

import (
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// The panel's event list is filled from each session frame after
// Advance (never from inside a step), in tick order: within one tick in
// the order the step's stages found them (the declared teleports applied
// at its start, islands woken by them or by touches and hits, CCD hits,
// islands that fell asleep, then the oracle's tunnels and embedded
// bodies), then the jumps the teleport detector caught after the step,
// each list in the order physics reported it.

// AddFrame adds a session frame's events to the list, w being the
// session's world after it (for the names). A frame that went on from a
// rewound tick first drops the events of the abandoned branch.
func (l *EventLog) AddFrame(fr *session.Frame, w *physics.World) {
	if fr.HasRewound {
		l.DropAfter(fr.Rewound.To)
	}
	var tp, wk, ch, sl, tu, em, un int // next unlogged entry of each list
	for {
		t := ^uint64(0) // the earliest tick left in any list
		if tp < len(fr.Teleports) {
			t = min(t, fr.Teleports[tp].Tick)
		}
		if wk < len(fr.Woke) {
			t = min(t, fr.Woke[wk].Tick)
		}
		if ch < len(fr.CCDHits) {
			t = min(t, fr.CCDHits[ch].Tick)
		}
		if sl < len(fr.Slept) {
			t = min(t, fr.Slept[sl].Tick)
		}
		if tu < len(fr.Tunnels) {
			t = min(t, fr.Tunnels[tu].Tick)
		}
		if em < len(fr.Embedded) {
			t = min(t, fr.Embedded[em].Tick)
		}
		if un < len(fr.Undeclared) {
			t = min(t, fr.Undeclared[un].Tick)
		}
		if t == ^uint64(0) {
			return
		}
		for ; tp < len(fr.Teleports) && fr.Teleports[tp].Tick == t; tp++ {
			e := &fr.Teleports[tp]
			l.Push(bodyEvent(w, EventTeleport, t, e.Body.Index()))
		}
		for ; wk < len(fr.Woke) && fr.Woke[wk].Tick == t; wk++ {
			l.Push(islandEvent(w, EventWoke, t, &fr.Woke[wk]))
		}
		for ; ch < len(fr.CCDHits) && fr.CCDHits[ch].Tick == t; ch++ {
			h := &fr.CCDHits[ch]
			e := bodyEvent(w, EventCCDHit, t, h.Body.Index())
			e.Speed = h.Speed
			switch {
			case h.Mover != physics.NoMover:
				e.Other = moverName(w, h.Mover)
			case h.Static == physics.NoStatic:
				e.Other, e.OtherBody = bodyName(w, h.Other.Index()), true
			default:
				e.Other = staticName(w, h.Static)
			}
			l.Push(e)
		}
		for ; sl < len(fr.Slept) && fr.Slept[sl].Tick == t; sl++ {
			l.Push(islandEvent(w, EventSlept, t, &fr.Slept[sl]))
		}
		for ; tu < len(fr.Tunnels) && fr.Tunnels[tu].Tick == t; tu++ {
			h := &fr.Tunnels[tu]
			e := bodyEvent(w, EventTunnel, t, h.Body.Index())
			e.Other = staticName(w, h.Static)
			l.Push(e)
		}
		for ; em < len(fr.Embedded) && fr.Embedded[em].Tick == t; em++ {
			h := &fr.Embedded[em]
			e := bodyEvent(w, EventEmbedded, t, h.Body.Index())
			e.Other = staticName(w, h.Static)
			l.Push(e)
		}
		for ; un < len(fr.Undeclared) && fr.Undeclared[un].Tick == t; un++ {
			l.Push(bodyEvent(w, EventUndeclared, t, fr.Undeclared[un].Body))
		}
	}
}

// islandEvent is a sleep or wake event of kind at tick t.
func islandEvent(w *physics.World, kind EventKind, t uint64, s *session.Sleep) Event {
	e := bodyEvent(w, kind, t, s.Body.Index())
	e.Bodies = s.Bodies
	return e
}

// bodyEvent is an event of kind on body i at tick t.
func bodyEvent(w *physics.World, kind EventKind, t uint64, i int) Event {
	return Event{Kind: kind, Tick: t, Body: i, BodyName: bodyName(w, i)}
}

// bodyName is body i's name ("?" for an index the world does not hold).
func bodyName(w *physics.World, i int) string {
	if i < 0 || i >= w.NumBodies() {
		return "?"
	}
	return w.Body(i).Name
}

// staticName is slab id's name.
func staticName(w *physics.World, id physics.StaticID) string {
	if int(id) < 0 || int(id) >= w.NumStatics() {
		return "?"
	}
	return w.Static(int(id)).Name
}

// moverName is mover id's name.
func moverName(w *physics.World, id physics.MoverID) string {
	if i := id.Index(); i >= 0 && i < w.NumMovers() {
		return w.Mover(i).Name
	}
	return "?"
}
