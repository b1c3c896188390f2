//go:build cgo

package window

import (
	"sandbox/engine/loop"
	"sandbox/engine/ui"
)

// stallSeconds is the length of a stall on demand (F3, the panel's button):
// the hitch of the texts' spring experiment, three 60 Hz frames long.
const stallSeconds = 0.05

// loopControl is the window's side of the loop policies: a stall asked for
// and the panel's line on the last frame.
type loopControl struct {
	stall bool
}

// takeStall returns the stall to add to this frame's seconds, once.
func (l *loopControl) takeStall() float64 {
	if !l.stall {
		return 0
	}
	l.stall = false
	return stallSeconds
}

// loopLocked reports whether the loop must stay as it is: a replay steps
// with the dts its recording holds. (A recording records the dt of every
// step that is not the fixed step's, so the loop may change while one runs.)
func (a *app) loopLocked() bool { return a.sim.locked }

// cycleLoop moves to the next policy (J) or catch-up (Shift+J).
func (a *app) cycleLoop(catchUp bool) {
	p, c := a.sim.policy, a.sim.catchUp
	if catchUp {
		c = loop.CatchUp((int(c) + 1) % len(loop.CatchUpNames()))
	} else {
		p = loop.Policy((int(p) + 1) % len(loop.PolicyNames()))
	}
	a.setLoop(p, c)
}

// setLoop switches the running loop and the one later loads start with;
// refused (with a message over the view) while recording or replaying.
func (a *app) setLoop(p loop.Policy, c loop.CatchUp) {
	if p == a.sim.policy && c == a.sim.catchUp {
		return
	}
	if a.loopLocked() {
		a.viewer.showToast("the loop stays "+a.sim.policy.String()+" while recording or replaying", a.shell.clock())
		return
	}
	if a.sim.netDelay > 0 && p != loop.Fixed {
		a.viewer.showToast("the loop stays fixed under a network delay: a rollback re-simulates whole fixed steps", a.shell.clock())
		return
	}
	if err := a.sim.lp.SetPolicy(p); err != nil {
		return
	}
	if err := a.sim.lp.SetCatchUp(c); err != nil {
		return
	}
	a.sim.policy, a.sim.catchUp = p, c
	a.viewer.showToast("loop "+p.String()+", catch-up "+c.String(), a.shell.clock())
}

// syncLoop fills the panel's loop section.
func (p *panel) syncLoop(a *app) {
	l := &p.st.Loop
	l.Policy, l.CatchUp = int32(a.sim.policy), int32(a.sim.catchUp)
	l.Locked = a.loopLocked()
	l.SplitPolicies = a.shadow.on
	if fr := a.sim.sess.Last(); fr != nil && fr.Index > 0 {
		if fr.Steps > 0 {
			l.StepDT = fr.StepSeconds
		}
		l.Steps = fr.Steps
		l.Clamped, l.Capped, l.Skipped = fr.ClampedSeconds, fr.CappedSeconds, fr.SkippedSeconds
		l.Reset, l.Deferred, l.Behind = fr.ResetSeconds, fr.SlowedSeconds, fr.Behind
	}
}

// applyLoop carries the section's changes to the app.
func (p *panel) applyLoop(a *app, before *ui.LoopState) {
	l := &p.st.Loop
	if l.StallRequested {
		l.StallRequested = false
		a.loops.stall = true
	}
	if l.SplitPolicies != before.SplitPolicies {
		a.setSplitPolicies(l.SplitPolicies)
	}
	if l.Policy != before.Policy || l.CatchUp != before.CatchUp {
		a.setLoop(loop.Policy(l.Policy), loop.CatchUp(l.CatchUp))
	}
}
