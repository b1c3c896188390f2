package physics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// carriedCons counts the constraints w's last step copied from where the
// step before built them (carryFrom) rather than built from their
// manifolds.
func carriedCons(w *World) int {
	sol := &w.sol
	if !sol.carry {
		return 0
	}
	n := 0
	for s := range w.scratch.active {
		if sol.manOf[s] < 0 {
			continue // room
		}
		m := w.contacts.at(sol.manOf[s])
		if f := sol.fromSlot[s]; f >= 0 && int(f) < sol.prevValid && m.flags&mfReused != 0 && m.restitution == 0 {
			n++
		}
	}
	return n
}

// buildLanding is a 40-layer pyramid (one island of more than
// bigIslandCons constraints: a big block) with 200 cubes dropped on its
// slopes, where they land, tumble and slide for seconds: contacts begin
// and end on most steps, so most steps make a new plan.
func buildLanding(t testing.TB, def WorldDef) *World {
	w := buildPyramid(t, def, 40, 0)
	for k := 0; k < 200; k++ {
		x := float64(k%40-20) + 0.3
		y := 40 - 2*math.Abs(x) + 1.5 + 1.2*float64(k/40)
		mustBody(t, w, cube(fmt.Sprintf("drop-%d", k), mgl64.Vec3{x, y, 0.2 * float64(k%3)}))
	}
	return w
}

// On a step whose plan is new (a contact began or ended anywhere), the
// constraint of a manifold that was reused and solved last step is copied
// from where last step built it and refreshed, not built again: every bit
// is what building them all gives. Last step built them in the world's
// array for its big blocks (here the pyramid), or for all of them with
// every island in one block. On two workers, the small blocks are built
// in the workers' own arrays while the big ones carry. buildEveryFeature
// adds bouncing boxes (whose constraints are built, not carried), sleep,
// bullets, teleports and a drag.
func TestCarriedConstraintsMatchAFreshBuild(t *testing.T) {
	for _, c := range []struct {
		scene    string
		workers  int
		oneBlock bool
	}{{"landing", 1, false}, {"landing", 1, true}, {"landing", 2, false}, {"every feature", 2, false}} {
		t.Run(fmt.Sprintf("%s,workers=%d,oneBlock=%v", c.scene, c.workers, c.oneBlock), func(t *testing.T) {
			build, inputs := buildLanding, func(*World, int, []Input) []Input { return nil }
			def := awakeDef
			if c.scene == "every feature" {
				build, inputs = buildEveryFeature, featureInputs
				def = func(workers int) WorldDef { d := DefaultWorldDef(); d.Workers = workers; return d }
			}
			carried := build(t, def(c.workers))
			fresh := build(t, def(1))
			defer carried.Close()
			carried.opt.oneBlock, fresh.opt.oneBlock = c.oneBlock, c.oneBlock
			// The AVX2 build's groups are planned afresh (planWide) and
			// carry nothing.
			carried.opt.wide, fresh.opt.wide = false, false
			// A plan patched where a few manifolds come and go carries
			// nothing (solver_patch_test.go).
			carried.opt.noPatch = true
			steps, total := 0, 0
			var buf []Input
			for i := 0; i < 240; i++ {
				fresh.sol.bs.plannedBodies = -1 // plan and build afresh every step
				buf = inputs(carried, i, buf)
				carried.Step(1.0/60, buf)
				fresh.Step(1.0/60, buf)
				if n := carriedCons(carried); n > 0 {
					steps++
					total += n
				}
				if a, b := carried.StateHash(), fresh.StateHash(); a != b {
					t.Fatalf("step %d: state %016x with constraints carried, %016x built afresh", i+1, a, b)
				}
			}
			if steps < 60 {
				t.Fatalf("constraints were carried on %d steps of 240 (%d in all): the test misses the carried path", steps, total)
			}
			t.Logf("constraints carried on %d steps of 240, %d in all", steps, total)
		})
	}
}
