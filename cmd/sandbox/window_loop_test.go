//go:build cgo

package main

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/loop"
	"sandbox/engine/scene"
)

// The loop section and its keys: J cycles the policy live and the next
// load keeps it, Shift+J the catch-up, the panel's combo sets both, F3 and
// the stall button make one frame 50 ms longer (a variable loop steps it
// whole), and the section reports the step's dt.
func TestWindowLoopControls(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		sc, err := scene.Load("springs")
		if err != nil {
			return err
		}
		if err := a.loadScene(sc); err != nil {
			return err
		}
		a.o.frameSeconds = 1.0 / 60 // frames of a known length, not the wall clock's
		a.onKey(glfw.KeyJ, 0)
		if a.sim.lp.Policy() != loop.Variable || a.sim.policy != loop.Variable {
			t.Fatalf("J: loop %v, app %v; want variable", a.sim.lp.Policy(), a.sim.policy)
		}
		a.onKey(glfw.KeyJ, glfw.ModShift)
		if a.sim.lp.CatchUp() != loop.Slow {
			t.Fatalf("Shift+J: catch-up %v; want slow", a.sim.lp.CatchUp())
		}
		a.onKey(glfw.KeyF3, 0)
		if err := a.runFrames(1); err != nil {
			return err
		}
		fr := a.sim.sess.Last()
		if want := a.o.frameSeconds + stallSeconds; fr.Steps != 1 || fr.StepDT < want-1e-12 || fr.StepDT > want+1e-12 {
			t.Errorf("stalled frame under the variable loop: %d steps of %v s, want one of %v", fr.Steps, fr.StepDT, want)
		}
		p := a.panel
		p.sync(a)
		p.syncLoop(a)
		if p.st.Loop.Policy != int32(loop.Variable) || p.st.Loop.StepDT != fr.StepDT || p.st.Loop.Steps != 1 {
			t.Errorf("panel loop section %+v", p.st.Loop)
		}
		// The panel's combo and stall button.
		p.before = p.st
		p.st.Loop.Policy, p.st.Loop.CatchUp, p.st.Loop.StallRequested = int32(loop.SemiFixed), int32(loop.Drop), true
		p.apply(a)
		p.applyLoop(a, &p.before.Loop)
		if a.sim.lp.Policy() != loop.SemiFixed || a.sim.lp.CatchUp() != loop.Drop || !a.loops.stall || p.st.Loop.StallRequested {
			t.Errorf("panel: loop %v / %v, stall pending %v", a.sim.lp.Policy(), a.sim.lp.CatchUp(), a.loops.stall)
		}
		if err := a.runFrames(1); err != nil {
			return err
		}
		if fr := a.sim.sess.Last(); fr.StepDT > a.sim.lp.Config().StepSeconds*(1+1e-9) {
			t.Errorf("semi-fixed stepped %v s, longer than the physics step", fr.StepDT)
		}
		// A reload keeps the policy.
		a.resetScene()
		if a.sim.lp.Policy() != loop.SemiFixed {
			t.Errorf("after R the loop is %v", a.sim.lp.Policy())
		}
		return a.runFrames(2)
	})
}
