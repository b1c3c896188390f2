//go:build cgo

package window

import (
	"os"
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
		if want := a.o.frameSeconds + stallSeconds; fr.Steps != 1 || fr.StepSeconds < want-1e-12 || fr.StepSeconds > want+1e-12 {
			t.Errorf("stalled frame under the variable loop: %d steps of %v s, want one of %v", fr.Steps, fr.StepSeconds, want)
		}
		p := a.viewer.panel
		p.sync(a)
		p.syncLoop(a)
		if p.st.Loop.Policy != int32(loop.Variable) || p.st.Loop.StepDT != fr.StepSeconds || p.st.Loop.Steps != 1 {
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
		if fr := a.sim.sess.Last(); fr.StepSeconds > a.sim.lp.Config().StepSeconds*(1+1e-9) {
			t.Errorf("semi-fixed stepped %v s, longer than the physics step", fr.StepSeconds)
		}
		// A reload keeps the policy.
		a.resetScene()
		if a.sim.lp.Policy() != loop.SemiFixed {
			t.Errorf("after R the loop is %v", a.sim.lp.Policy())
		}
		return a.runFrames(2)
	})
}

// The split by policy: the fixed loop on the left, variable on the right,
// from tick 0 together, fed the same frames and shots; a 50 ms stall
// makes the right half's stiff spring jump and leaves the left's as it
// would have been. SANDBOX_LOOPS_SHOT=FILE.png saves the view for a look.
func TestWindowSplitByPolicy(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		sc, err := scene.Load("springs")
		if err != nil {
			return err
		}
		if err := a.loadScene(sc); err != nil {
			return err
		}
		a.o.frameSeconds = 1.0 / 60
		if err := a.runFrames(5); err != nil {
			return err
		}
		a.setSplitPolicies(true)
		if err := a.runFrames(1); err != nil {
			return err
		}
		if !a.byPolicy() || a.shadow.pol != loop.Variable || a.sim.lp.Policy() != loop.Fixed {
			t.Fatalf("split by policy: on %v, shadow %v, main %v", a.byPolicy(), a.shadow.pol, a.sim.lp.Policy())
		}
		if a.sim.sess.Tick() != 1 || a.shadow.sess.Tick() != 1 {
			t.Fatalf("not started together: ticks %d and %d", a.sim.sess.Tick(), a.shadow.sess.Tick())
		}
		a.sim.fire(&a.viewer.cam, false) // a shot reaches both
		if err := a.runFrames(20); err != nil {
			return err
		}
		if m, s := a.sim.world.NumBodies(), a.shadow.sess.World().NumBodies(); m != s || m != len(sc.Bodies)+1 {
			t.Fatalf("bodies: main %d, shadow %d; want the shot in both", m, s)
		}
		stiff := len(sc.Springs) - 1
		before := a.shadow.sess.World().Spring(stiff).Extension
		a.onKey(glfw.KeyF3, 0)
		if err := a.runFrames(10); err != nil {
			return err
		}
		fixedX, varX := a.sim.world.Spring(stiff).Extension, a.shadow.sess.World().Spring(stiff).Extension
		if a.sim.sess.Tick() != 20+1+3+10 {
			t.Errorf("fixed loop: tick %d after 31 frames and a 50 ms stall", a.sim.sess.Tick())
		}
		if !(abs(varX) > 2*abs(fixedX)+0.5) {
			t.Errorf("after the stall the variable loop's stiff spring is at %v m (before %v), the fixed loop's at %v m: want a jump", varX, before, fixedX)
		}
		w0, v0, _ := a.halfSource(0, a.sim.sess.Last())
		w1, v1, _ := a.halfSource(1, a.sim.sess.Last())
		if w0 != a.sim.world || w1 != a.shadow.sess.World() || v0 == v1 {
			t.Error("the halves do not draw the fixed loop left and the variable loop right")
		}
		if path := os.Getenv("SANDBOX_LOOPS_SHOT"); path != "" {
			if err := a.shell.screenshot(path, a.shell.fbWidth, a.shell.fbHeight); err != nil {
				return err
			}
		}
		a.setSplitPolicies(false)
		return a.runFrames(2)
	})
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
