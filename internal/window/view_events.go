//go:build cgo

package window

import (
	"fmt"

	"sandbox/engine/ui"
)

// goToEvent is a click on a row of the event list: pause, move the session
// to the event's tick when the rewind buffer still holds it (the way Left
// and Right do, so resuming goes on from there and a recording says so),
// and select the event's body. The state of that tick is drawn as it is
// (its curr poses), as after a single step. A replay shuts rewinding out,
// as it does for Left and Right; EventNote says what could not be done.
func (a *app) goToEvent(e ui.Event) {
	a.sim.lp.SetPaused(true)
	a.viewer.eventNote = ""
	switch lo, hi, ok := a.sim.sess.RewindRange(); {
	case a.replaying():
		a.viewer.eventNote = "a replay plays on its own ticks: the event's tick cannot be shown"
	case !ok || e.Tick < lo || e.Tick > hi:
		a.viewer.eventNote = fmt.Sprintf("tick %d is no longer in the rewind buffer (ticks %d to %d)", e.Tick, lo, hi)
	default:
		if err := a.sim.sess.SeekTick(e.Tick); err != nil {
			a.viewer.eventNote = err.Error()
			break
		}
		a.viewer.hold.Hold() // draw the tick's own state, not a blend back toward the one before
	}
	if e.Body < a.sim.world.NumBodies() {
		a.viewer.view.Selected = e.Body
	}
}
