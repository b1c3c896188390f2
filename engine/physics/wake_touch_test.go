package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A sleeping box that a falling one touches is woken by the narrowphase and
// solved against it in that same step. (The solver reads which bodies
// sleep from the broadphase's byte per body, which the wake must clear;
// left stale, the touch that woke the box was left out of the solve for the
// step. Its ground contact, kept while it slept, joins the solve a step
// later, when the narrowphase sees the pair awake.)
func TestTouchWakesIntoTheSameStep(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	below := mustBody(t, w, cube("below", mgl64.Vec3{0, 0.5, 0})).Index()
	for i := 0; i < 600 && !w.Body(below).Sleeping; i++ {
		w.Step(1.0/60, nil)
	}
	if !w.Body(below).Sleeping {
		t.Fatal("the box never fell asleep")
	}
	above := mustBody(t, w, cube("above", mgl64.Vec3{0, 1.52, 0})).Index()
	for i := 0; i < 60; i++ {
		w.Step(1.0/60, nil)
		if len(w.Events().Woke) == 0 {
			continue
		}
		// The manifolds the solver took this step (in either build: the
		// AVX2 one keeps some constraints in its lanes only).
		for _, k := range w.scratch.active {
			if a, b := w.contacts.heads[k].bodies(); int(a) == below && int(b) == above {
				return
			}
		}
		t.Fatalf("step %d: the woken box was not solved against the box that woke it (%d manifolds solved)", i, len(w.scratch.active))
	}
	t.Fatal("the falling box never woke the sleeping one")
}
