package physics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// rewarmScene is a world for the rewarm check: a settling stack of cubes,
// bodies with damping, a flat box whose inertia is not a scale (so the
// solver multiplies by its matrix), a bouncing one (restitution) and a
// thrown one hitting the stack.
//
// The stack's neighbours stand 5 cm apart. Side by side and touching (as
// in Box3D's pyramid), two faces rest at a separation of about zero, where
// a row switches from speculative to soft (normalRow): a rounding-level
// difference in the separation flips it, and the impulses then differ by
// far more than rounding. Any change in how a separation is rounded moved
// those rows across, and made the comparison fail while rewarm was right.
func rewarmScene(t *testing.T, def WorldDef) *World {
	w := buildPyramid(t, def, 12, 0.05)
	flat := cube("flat", mgl64.Vec3{-9, 0.3, 0})
	flat.Half = mgl64.Vec3{1, 0.25, 0.5}
	flat.LinearDamping, flat.AngularDamping = 0.5, 2
	flat.AngularVelocity = mgl64.Vec3{0, 3, 0}
	mustBody(t, w, flat)
	ball := cube("bouncer", mgl64.Vec3{9, 2, 0})
	ball.Restitution = 0.6
	mustBody(t, w, ball)
	shot := cube("shot", mgl64.Vec3{-14, 1.5, 0})
	shot.Velocity = mgl64.Vec3{20, 0, 0}
	shot.AngularVelocity = mgl64.Vec3{1, 2, 3}
	mustBody(t, w, shot)
	return w
}

// From the second substep on, the warm start is a pass over the bodies that
// re-applies each one's velocity change over the substep before
// (body_state.go). Stepped from the same state, it must give what the warm
// start from the constraints gives, to rounding: the two differ only in the
// order of the sums.
func TestRewarmMatchesWarmStart(t *testing.T) {
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			def := DefaultWorldDef()
			def.Sleep = false
			def.Workers = workers
			w := rewarmScene(t, def)
			ref := rewarmScene(t, def)
			ref.opt.warmEverySubstep = true
			var worst float64
			for step := 0; step < 90; step++ {
				ref.Restore(w.Snapshot())
				w.Step(1.0/60, nil)
				ref.Step(1.0/60, nil)
				for i := range w.sb {
					a, b := &w.sb[i], &ref.sb[i]
					for _, d := range [][2]sv{{a.v, b.v}, {a.w, b.w}} {
						e := d[0].sub(d[1]).length() / (1 + d[1].length())
						worst = math.Max(worst, e)
						if !(e <= 1e-9) {
							t.Fatalf("step %d, %s: velocity %v, warm start from the constraints gives %v",
								step, w.names[i], d[0], d[1])
						}
					}
				}
			}
			t.Logf("largest relative difference over 90 steps: %.2g", worst)
		})
	}
}
