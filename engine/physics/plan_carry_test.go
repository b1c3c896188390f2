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
// planCase is a scene that a plan test steps beside a world that plans
// and builds afresh every step.
type planCase struct {
	scene    string // "landing", "every feature" or "toppling"
	workers  int
	oneBlock bool
}

func (c planCase) String() string {
	return fmt.Sprintf("%s,workers=%d,oneBlock=%v", c.scene, c.workers, c.oneBlock)
}

// worlds builds c's scene twice, the world under test on c.workers and
// the reference on one, both with c.oneBlock and without the AVX2 build's
// groups (planned afresh, planWide, they carry and patch nothing), and
// returns the inputs the scene takes.
func (c planCase) worlds(t *testing.T) (tested, fresh *World, inputs func(*World, int, []Input) []Input) {
	build, inputs := buildLanding, func(*World, int, []Input) []Input { return nil }
	def := awakeDef
	switch c.scene {
	case "every feature":
		build, inputs = buildEveryFeature, featureInputs
		def = func(workers int) WorldDef { d := DefaultWorldDef(); d.Workers = workers; return d }
	case "toppling":
		build = buildToppling
	}
	tested, fresh = build(t, def(c.workers)), build(t, def(1))
	t.Cleanup(tested.Close)
	tested.opt.oneBlock, fresh.opt.oneBlock = c.oneBlock, c.oneBlock
	tested.opt.wide, fresh.opt.wide = false, false
	return tested, fresh, inputs
}

// stepBeside steps tested and fresh through tick i with inputs' input
// (kept in buf), fresh planning and building afresh, and fails t unless
// their states are equal after it.
func stepBeside(t *testing.T, tested, fresh *World, inputs func(*World, int, []Input) []Input, i int, buf []Input) []Input {
	t.Helper()
	fresh.sol.bs.plannedBodies = -1
	buf = inputs(tested, i, buf)
	tested.Step(1.0/60, buf)
	fresh.Step(1.0/60, buf)
	if a, b := tested.StateHash(), fresh.StateHash(); a != b {
		t.Fatalf("step %d: state %016x, %016x with the plan made and built afresh", i+1, a, b)
	}
	return buf
}

func TestCarriedConstraintsMatchAFreshBuild(t *testing.T) {
	for _, c := range []planCase{{"landing", 1, false}, {"landing", 1, true}, {"landing", 2, false}, {"every feature", 2, false}} {
		t.Run(c.String(), func(t *testing.T) {
			carried, fresh, inputs := c.worlds(t)
			// A plan patched where a few manifolds come and go carries
			// nothing (solver_patch_test.go).
			carried.opt.noPatch = true
			steps, total := 0, 0
			var buf []Input
			for i := 0; i < 240; i++ {
				buf = stepBeside(t, carried, fresh, inputs, i, buf)
				if n := carriedCons(carried); n > 0 {
					steps++
					total += n
				}
			}
			if steps < 60 {
				t.Fatalf("constraints were carried on %d steps of 240 (%d in all): the test misses the carried path", steps, total)
			}
			t.Logf("constraints carried on %d steps of 240, %d in all", steps, total)
		})
	}
}
