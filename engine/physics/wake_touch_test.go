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
	w, below := sleepingBox(t, 0.5)
	above := mustBody(t, w, cube("above", mgl64.Vec3{0, 1.52, 0})).Index()
	for i := 0; i < 60; i++ {
		w.Step(1.0/60, nil)
		if len(w.Events().Woke) == 0 {
			continue
		}
		// The manifolds the solver took this step (in either build: the
		// AVX2 one keeps some constraints in its lanes only).
		for _, k := range solvedManifolds(w) {
			if a, b := w.contacts.heads[k].bodies(); int(a) == below && int(b) == above {
				return
			}
		}
		t.Fatalf("step %d: the woken box was not solved against the box that woke it (%d manifolds solved)", i, len(solvedManifolds(w)))
	}
	t.Fatal("the falling box never woke the sleeping one")
}

// A box woken by a touch starts the step it is woken in without motion:
// the solver's record of how far it has moved this step (bodyState.dp,
// from which the contacts' separations are tracked through the substeps)
// ends equal to where the substeps took it. It once started from the
// motion of the step in which the box fell asleep, kept with its
// velocities while it slept, as if it had already moved by that much.
func TestWokenBodyStartsWithoutMotion(t *testing.T) {
	w, below := sleepingBox(t, 0.6)
	mustBody(t, w, cube("above", mgl64.Vec3{0, 1.62, 0}))
	for i := 0; i < 60; i++ {
		w.Step(1.0/60, nil)
		if len(w.Events().Woke) == 0 {
			continue
		}
		b := &w.bodies[below]
		moved := sub(b.pos, b.prevPos)
		dp := w.sol.state[below].dp.vec()
		if d := sub(dp, moved); dot(d, d) > 1e-20 {
			t.Fatalf("step %d: the woken box moved %v but the solver counted %v", i, moved, dp)
		}
		return
	}
	t.Fatal("the falling box never woke the sleeping one")
}

// sleepingBox is a world with a cube dropped onto the ground from centre
// height y and stepped until it sleeps; it returns the world and the
// cube's index.
func sleepingBox(t *testing.T, y float64) (*World, int) {
	t.Helper()
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	below := mustBody(t, w, cube("below", mgl64.Vec3{0, y, 0})).Index()
	for i := 0; i < 600 && !w.Body(below).Sleeping; i++ {
		w.Step(1.0/60, nil)
	}
	if !w.Body(below).Sleeping {
		t.Fatal("the box never fell asleep")
	}
	return w, below
}
