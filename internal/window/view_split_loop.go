//go:build cgo

package window

import (
	"sandbox/engine/gfx"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// The split view by loop policy: with the split on and "fixed | policy"
// ticked in the Loop section, the halves show two simulations of the same
// scene fed the same frame times and shots: the fixed loop on the left,
// the Loop section's policy on the right (variable when that is fixed).
// The main session runs the section's policy; a second, shadow session runs
// the other, and both restart from tick 0 when the mode is turned on, so
// that they start together. Both halves are presented every frame.

// shadowState is the second simulation of the split by policy.
type shadowState struct {
	on    bool             // the mode is ticked (the split must be on too)
	sess  *session.Session // nil while the mode is off
	of    *session.Session // the main session it shadows (a reset makes a new one)
	view  *gfx.WorldView   // its bodies, trails and marks
	frame *session.Frame   // its last frame
	pol   loop.Policy      // the loop it runs
	in    []physics.Input  // the user's shots queued this frame, mirrored
}

// byPolicy reports whether the split shows two loops.
func (a *app) byPolicy() bool { return a.split.On && a.shadow.on && a.shadow.sess != nil }

// shadowPolicy is the loop the shadow runs: the fixed one, or variable
// when the main session runs the fixed one.
func (a *app) shadowPolicy() loop.Policy {
	if a.sim.policy == loop.Fixed {
		return loop.Variable
	}
	return loop.Fixed
}

// setSplitPolicies turns the split by policy on (the split too; the next
// frame restarts the scene, so that both simulations start at tick 0) or
// off.
func (a *app) setSplitPolicies(on bool) {
	a.shadow.on = on
	a.shadow.sess = nil
	if on && !a.split.On {
		a.toggleSplit()
	}
	if on {
		a.homeCamera() // the whole scene: both halves' bodies, not one followed
	}
}

// syncShadow builds the shadow session when the mode needs one and the
// main session or its policy changed, and mirrors pause, time scale and
// CCD onto it.
func (a *app) syncShadow() {
	sh := &a.shadow
	if !sh.on || !a.split.On || a.loopLocked() {
		sh.sess = nil
		return
	}
	if sh.sess == nil || sh.of != a.sim.sess || sh.pol != a.shadowPolicy() {
		if a.sim.sess.Tick() > 0 {
			a.resetScene() // both start together, at tick 0
		}
		s, err := session.New(session.Options{Scene: a.sim.sc, Policy: a.shadowPolicy(), CatchUp: a.sim.catchUp})
		if err != nil {
			sh.sess = nil
			return
		}
		sh.sess, sh.of, sh.pol, sh.frame = s, a.sim.sess, a.shadowPolicy(), nil
		if sh.view == nil {
			sh.view = gfx.NewWorldView(a.viewer.view.Mode)
		}
		sh.view.Reset()
		a.sim.mirror = func(in physics.Input) { sh.in = append(sh.in, in) }
	}
	lp, main := sh.sess.Loop(), a.sim.lp
	lp.SetPaused(main.Paused())
	_ = lp.SetTimeScale(main.TimeScale()) // the main loop's, in range
	_ = lp.SetCatchUp(main.CatchUp())
	sh.sess.World().SetCCD(a.sim.world.CCD())
	sh.view.Mode = a.viewer.view.Mode
}

// advanceShadow hands the shadow the frame the main session was handed,
// with the user's inputs of this frame.
func (a *app) advanceShadow(fed float64) error {
	sh := &a.shadow
	if sh.sess == nil {
		sh.in = sh.in[:0]
		return nil
	}
	for _, in := range sh.in {
		sh.sess.Queue(in)
	}
	sh.in = sh.in[:0]
	fr, err := sh.sess.Advance(fed)
	if err != nil {
		return err
	}
	sh.frame = fr
	return nil
}

// halfSource is what half i of the split draws: the main simulation, or
// under the split by policy the fixed loop's on the left and the other on
// the right.
func (a *app) halfSource(i int, fr *session.Frame) (*physics.World, *gfx.WorldView, float64) {
	if !a.byPolicy() || a.shadow.frame == nil {
		return a.sim.world, a.viewer.view, fr.Alpha
	}
	shadowLeft := a.shadow.pol == loop.Fixed
	if (i == 0) == shadowLeft {
		return a.shadow.sess.World(), a.shadow.view, a.shadow.frame.Alpha
	}
	return a.sim.world, a.viewer.view, fr.Alpha
}

// halfPolicy names the loop half i shows under the split by policy.
func (a *app) halfPolicy(i int) loop.Policy {
	if i == 0 {
		return loop.Fixed
	}
	if a.sim.policy == loop.Fixed {
		return a.shadow.pol
	}
	return a.sim.policy
}
