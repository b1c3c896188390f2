//go:build cgo

package main

import (
	"fmt"

	"sandbox/engine/physics"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// The panel's event list is filled from the session's frame after
// Advance (never from inside a step), in tick order: within one tick in
// the order the step's stages found them (the declared teleports applied
// at its start, islands woken by them or by touches and hits, CCD hits,
// islands that fell asleep, then the oracle's tunnels and embedded
// bodies), then the jumps the teleport detector caught after the step,
// each list in the order physics reported it.

// logEvents adds the frame's events to the app's event list. A frame that
// went on from a rewound tick first drops the events of the abandoned
// branch.
func (a *app) logEvents(fr *session.Frame) {
	log := &a.events
	if fr.HasRewound {
		log.DropAfter(fr.Rewound.To)
	}
	w := a.sim.world
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
			log.Push(bodyEvent(w, ui.EventTeleport, t, e.Body.Index()))
		}
		for ; wk < len(fr.Woke) && fr.Woke[wk].Tick == t; wk++ {
			log.Push(islandEvent(w, ui.EventWoke, t, &fr.Woke[wk]))
		}
		for ; ch < len(fr.CCDHits) && fr.CCDHits[ch].Tick == t; ch++ {
			h := &fr.CCDHits[ch]
			e := bodyEvent(w, ui.EventCCDHit, t, h.Body.Index())
			e.Speed = h.Speed
			switch {
			case h.Mover != physics.NoMover:
				e.Other = moverName(w, h.Mover)
			case h.Static == physics.NoStatic:
				e.Other, e.OtherBody = bodyName(w, h.Other.Index()), true
			default:
				e.Other = staticName(w, h.Static)
			}
			log.Push(e)
		}
		for ; sl < len(fr.Slept) && fr.Slept[sl].Tick == t; sl++ {
			log.Push(islandEvent(w, ui.EventSlept, t, &fr.Slept[sl]))
		}
		for ; tu < len(fr.Tunnels) && fr.Tunnels[tu].Tick == t; tu++ {
			h := &fr.Tunnels[tu]
			e := bodyEvent(w, ui.EventTunnel, t, h.Body.Index())
			e.Other = staticName(w, h.Static)
			log.Push(e)
		}
		for ; em < len(fr.Embedded) && fr.Embedded[em].Tick == t; em++ {
			h := &fr.Embedded[em]
			e := bodyEvent(w, ui.EventEmbedded, t, h.Body.Index())
			e.Other = staticName(w, h.Static)
			log.Push(e)
		}
		for ; un < len(fr.Undeclared) && fr.Undeclared[un].Tick == t; un++ {
			log.Push(bodyEvent(w, ui.EventUndeclared, t, fr.Undeclared[un].Body))
		}
	}
}

// islandEvent is a sleep or wake event of kind at tick t.
func islandEvent(w *physics.World, kind ui.EventKind, t uint64, s *session.Sleep) ui.Event {
	e := bodyEvent(w, kind, t, s.Body.Index())
	e.Bodies = s.Bodies
	return e
}

// bodyEvent is an event of kind on body i at tick t.
func bodyEvent(w *physics.World, kind ui.EventKind, t uint64, i int) ui.Event {
	return ui.Event{Kind: kind, Tick: t, Body: i, BodyName: bodyName(w, i)}
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

// goToEvent is a click on a row of the event list: pause, move the session
// to the event's tick when the rewind buffer still holds it (the way Left
// and Right do, so resuming goes on from there and a recording says so),
// and select the event's body. The state of that tick is drawn as it is
// (its curr poses), as after a single step. A replay shuts rewinding out,
// as it does for Left and Right; EventNote says what could not be done.
func (a *app) goToEvent(e ui.Event) {
	a.sim.lp.SetPaused(true)
	a.eventNote = ""
	switch lo, hi, ok := a.sim.sess.RewindRange(); {
	case a.replaying():
		a.eventNote = "a replay plays on its own ticks: the event's tick cannot be shown"
	case !ok || e.Tick < lo || e.Tick > hi:
		a.eventNote = fmt.Sprintf("tick %d is no longer in the rewind buffer (ticks %d to %d)", e.Tick, lo, hi)
	default:
		if err := a.sim.sess.SeekTick(e.Tick); err != nil {
			a.eventNote = err.Error()
			break
		}
		a.steppedPaused = true // draw the tick's own state, not a blend back toward the one before
	}
	if e.Body < a.sim.world.NumBodies() {
		a.view.Selected = e.Body
	}
}
