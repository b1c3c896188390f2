//go:build cgo

package main

import (
	"sandbox/engine/interp"
	"sandbox/engine/session"
)

// Two clocks drive what is drawn: the frame clock (wall time) paces and
// measures frames; simulation time, (tick + alpha) steps, ages trails,
// hit markers and teleport flags, so that they freeze while paused and
// slow down with the time scale, as the bodies do.

// simTime is the simulation time of the frame, s: the loop's time plus its
// alpha of a step (none after a single step: the step's end is what is
// drawn). The loop's time stays continuous when the physics rate changes.
func (a *app) simTime() float64 {
	t := a.sim.lp.Time()
	if !a.steppedPaused {
		t += a.sim.lp.Alpha() * a.sim.lp.Config().StepSeconds
	}
	return t
}

// alphaToDraw is the blend factor this frame is drawn at: the loop's
// alpha, except while paused after a single step (N). The loop keeps its
// alpha while paused, so the new step would be drawn partway back toward
// the old pose; instead the step's end, curr, is drawn: blend 1 for the
// modes that blend prev to curr, 0 for extrapolation (curr plus nothing).
// It stays so until the loop runs again.
func (a *app) alphaToDraw(fr *session.Frame) float64 {
	if !a.sim.lp.Paused() {
		a.steppedPaused = false
		return fr.Alpha
	}
	if fr.Steps > 0 {
		a.steppedPaused = true
	}
	if !a.steppedPaused {
		return fr.Alpha
	}
	if a.view.Mode == interp.Extrapolate {
		return 0
	}
	return 1
}
