//go:build cgo

package main

import (
	"fmt"

	"sandbox/engine/physics"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// The panel's event list is filled from the session's frame after
// Advance (never from inside a step), in tick order: within one tick the
// declared teleports first (applied at the step's start), then CCD hits,
// tunnels and the jumps the teleport detector caught, each in the order
// physics reported them. Physics reports no embedded-body or sleep events.

// logEvents adds the frame's events to the app's event list. A frame that
// went on from a rewound tick first drops the events of the abandoned
// branch.
func (a *app) logEvents(fr *session.Frame) {
	log := &a.events
	if fr.HasRewound {
		log.DropAfter(fr.Rewound.To)
	}
	w := a.sim.world
	var tp, ch, tu, un int // next unlogged entry of each list
	for tp < len(fr.Teleports) || ch < len(fr.CCDHits) || tu < len(fr.Tunnels) || un < len(fr.Undeclared) {
		t := ^uint64(0) // the earliest tick left in any list
		if tp < len(fr.Teleports) {
			t = min(t, fr.Teleports[tp].Tick)
		}
		if ch < len(fr.CCDHits) {
			t = min(t, fr.CCDHits[ch].Tick)
		}
		if tu < len(fr.Tunnels) {
			t = min(t, fr.Tunnels[tu].Tick)
		}
		if un < len(fr.Undeclared) {
			t = min(t, fr.Undeclared[un].Tick)
		}
		for ; tp < len(fr.Teleports) && fr.Teleports[tp].Tick == t; tp++ {
			e := &fr.Teleports[tp]
			log.Push(bodyEvent(w, ui.EventTeleport, t, e.Body.Index()))
		}
		for ; ch < len(fr.CCDHits) && fr.CCDHits[ch].Tick == t; ch++ {
			h := &fr.CCDHits[ch]
			e := bodyEvent(w, ui.EventCCDHit, t, h.Body.Index())
			e.Speed = h.Speed
			if h.Static == physics.NoStatic {
				e.Other, e.OtherBody = bodyName(w, h.Other.Index()), true
			} else {
				e.Other = staticName(w, h.Static)
			}
			log.Push(e)
		}
		for ; tu < len(fr.Tunnels) && fr.Tunnels[tu].Tick == t; tu++ {
			h := &fr.Tunnels[tu]
			e := bodyEvent(w, ui.EventTunnel, t, h.Body.Index())
			e.Other = staticName(w, h.Static)
			log.Push(e)
		}
		for ; un < len(fr.Undeclared) && fr.Undeclared[un].Tick == t; un++ {
			log.Push(bodyEvent(w, ui.EventUndeclared, t, fr.Undeclared[un].Body))
		}
	}
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
