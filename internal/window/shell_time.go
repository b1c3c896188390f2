//go:build cgo

package window

import (
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
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
	if !a.viewer.hold.Held() {
		t += a.sim.lp.Alpha() * a.sim.lp.Config().StepSeconds
	}
	return t
}

// frameClock is the one clock of a window run: monotonic nanoseconds from
// GLFW's high-resolution timer.
func frameClock() int64 { return int64(glfw.GetTime() * 1e9) }

func sleepNs(ns int64) { time.Sleep(time.Duration(ns)) }
