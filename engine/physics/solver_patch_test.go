package physics

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// buildToppling is 60 leaning towers of six cubes, 8 m apart, that
// topple one after another, and cubes that tumble across the ground
// between them: small islands only, each in a block of small ones,
// whose contacts begin and end within their blocks.
func buildToppling(t testing.TB, def WorldDef) *World {
	w := mustWorld(t, def)
	ground(t, w)
	for k := 0; k < 60; k++ {
		x, z := float64(k%10)*8, float64(k/10)*8
		lean := 0.12 + 0.005*float64(k)
		for i := 0; i < 6; i++ {
			mustBody(t, w, cube(fmt.Sprintf("t%d-%d", k, i), mgl64.Vec3{x + lean*float64(i), 0.5 + float64(i), z}))
		}
		d := cube(fmt.Sprintf("r%d", k), mgl64.Vec3{x + 4, 0.5, z + 4})
		d.AngularVelocity = mgl64.Vec3{0, 0, -float64(3 + k%7)}
		mustBody(t, w, d)
	}
	return w
}

// checkPlanLayout fails t unless w's plan, kept, patched or new, holds
// each of the step's active manifolds (bs.actTmp) exactly once: in its block's run of its colour,
// each colour's constraints one run from its start, the room after them
// empty, the places and slots pointing at each other, and both bodies in
// the block's runs.
func checkPlanLayout(t *testing.T, w *World, step int) {
	t.Helper()
	sol, bs := &w.sol, &w.sol.bs
	heads := w.contacts.heads
	colorOf := map[int32]int32{} // manifold: its colour this step
	for j, k := range bs.actTmp {
		colorOf[k] = sol.colorOf[j]
	}
	active := len(bs.actTmp)
	if len(colorOf) != active {
		t.Fatalf("step %d: the plan's list of %d manifolds names %d", step, active, len(colorOf))
	}
	seen := map[int32]bool{}
	for bi := range sol.blocks {
		blk := &sol.blocks[bi]
		cols := sol.blockCols[blk.cols : blk.cols+stride]
		inBlock := map[int32]bool{}
		for _, r := range sol.runs[blk.runs[0]:blk.runs[1]] {
			for i := r.lo; i < r.hi; i++ {
				inBlock[i] = true
			}
		}
		for c := 0; c <= numColors; c++ {
			// Each colour's kinds end in order, the last (the colour's
			// end) within its room.
			kinds := sol.kindEnds[(int(blk.cols)+c)*numKinds:][:numKinds]
			end := kinds[numKinds-1]
			if kinds[0] < cols[c] || !slices.IsSorted(kinds) || end > cols[c+1] {
				t.Fatalf("step %d: block %d colour %d: kinds end at %v, the colour's places run %d to %d", step, bi, c, kinds, cols[c], cols[c+1])
			}
			for s := cols[c]; s < cols[c+1]; s++ {
				k := sol.manOf[s]
				if (s < end) != (k >= 0) {
					t.Fatalf("step %d: block %d colour %d: slot %d holds %d, its run ends at %d", step, bi, c, s, k, end)
				}
				if k < 0 {
					continue
				}
				if seen[k] {
					t.Fatalf("step %d: manifold %d has two slots", step, k)
				}
				seen[k] = true
				if colorOf[k] != int32(c) {
					t.Fatalf("step %d: manifold %d is in colour %d, coloured %d", step, k, c, colorOf[k])
				}
				p := sol.placeOf[s]
				if p < cols[0] || p >= cols[numColors+1] || w.scratch.active[p] != k || sol.slotOf[p] != s {
					t.Fatalf("step %d: slot %d (manifold %d) and its place %d disagree", step, s, k, p)
				}
				a, b := heads[k].bodies()
				if !inBlock[a] || b >= 0 && !inBlock[b] {
					t.Fatalf("step %d: manifold %d's bodies %d, %d are not all in block %d", step, k, a, b, bi)
				}
			}
		}
	}
	if len(seen) != active {
		t.Fatalf("step %d: %d manifolds have slots, %d are active", step, len(seen), active)
	}
}

// runPatched steps patched beside fresh through ticks [0, steps)
// (stepBeside), checks patched's layout after each, and returns on how
// many steps its plan was patched and on how many it was one block for
// all (mostlyBig).
func runPatched(t *testing.T, patched, fresh *World, inputs func(*World, int, []Input) []Input, steps int) (patchedSteps, whole int) {
	t.Helper()
	var buf []Input
	for i := 0; i < steps; i++ {
		buf = stepBeside(t, patched, fresh, inputs, i, buf)
		checkPlanLayout(t, patched, i+1)
		if patched.sol.patched {
			patchedSteps++
		}
		if patched.sol.bs.whole {
			whole++
		}
	}
	return patchedSteps, whole
}

// A step whose active manifolds differ from last step's by a few patches
// the plan (patchPlan) instead of making it again, and every bit is what
// a plan made afresh gives: on a landing crowd and on buildEveryFeature
// (sleep, bullets, teleports, a drag), each in one block for all
// (mostlyBig), and on toppling towers in small blocks, on 1 and 2
// workers. The layout is checked after every step.
func TestPatchedPlanMatchesAFreshPlan(t *testing.T) {
	for _, c := range []planCase{{"landing", 1, false}, {"landing", 1, true}, {"landing", 2, false},
		{"every feature", 2, false}, {"toppling", 1, false}, {"toppling", 2, false}} {
		t.Run(c.String(), func(t *testing.T) {
			patched, fresh, inputs := c.worlds(t)
			steps, whole := runPatched(t, patched, fresh, inputs, 240)
			if steps < 60 {
				t.Fatalf("the plan was patched on %d steps of 240: the test misses the patched path", steps)
			}
			t.Logf("the plan was patched on %d steps of 240; one block for all (mostlyBig) on %d", steps, whole)
		})
	}
}

// buildRandomCrowd is seed's crowd of 150 boxes of random sizes (so that
// some inertias are not a scale), orientations, velocities and spins,
// some bouncy, thrown into a pen of four walls on the ground.
func buildRandomCrowd(t testing.TB, def WorldDef, seed uint64) (*World, []BodyID) {
	rng := rand.New(rand.NewPCG(seed, 36))
	w := mustWorld(t, def)
	ground(t, w)
	mustStatic(t, w, "w0", mgl64.Vec3{-6.5, 0, -6.5}, mgl64.Vec3{-6, 4, 6.5})
	mustStatic(t, w, "w1", mgl64.Vec3{6, 0, -6.5}, mgl64.Vec3{6.5, 4, 6.5})
	mustStatic(t, w, "w2", mgl64.Vec3{-6, 0, -6.5}, mgl64.Vec3{6, 4, -6})
	mustStatic(t, w, "w3", mgl64.Vec3{-6, 0, 6}, mgl64.Vec3{6, 4, 6.5})
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }
	var ids []BodyID
	for k := 0; k < 150; k++ {
		d := cube(fmt.Sprint("r", k), mgl64.Vec3{u(-5, 5), u(0.6, 8), u(-5, 5)})
		if k%3 == 0 {
			d.Half = mgl64.Vec3{u(0.2, 0.6), u(0.2, 0.6), u(0.2, 0.6)}
		}
		d.Orientation = mgl64.QuatRotate(u(0, 6.3), mgl64.Vec3{u(-1, 1), u(-1, 1), u(0.1, 1)}.Normalize())
		d.Velocity = mgl64.Vec3{u(-4, 4), u(-4, 1), u(-4, 4)}
		d.AngularVelocity = mgl64.Vec3{u(-5, 5), u(-5, 5), u(-5, 5)}
		if k%7 == 0 {
			d.Restitution = 0.5
		}
		ids = append(ids, mustBody(t, w, d))
	}
	return w, ids
}

// Property: on random crowds, with sleep and on 1 or 2 workers, and with
// a random box teleported now and then, a patched plan gives every bit a
// plan made afresh gives, and its layout holds after every step.
func TestPatchedPlanRandomCrowds(t *testing.T) {
	seeds := 8
	if testing.Short() {
		seeds = 4
	}
	patchedSteps := 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		def := DefaultWorldDef()
		def.Sleep = seed%2 == 0
		def.Workers = 1 + int(seed%2)
		patched, ids := buildRandomCrowd(t, def, seed)
		def.Workers = 1
		fresh, _ := buildRandomCrowd(t, def, seed)
		patched.opt.wide, fresh.opt.wide = false, false
		rng := rand.New(rand.NewPCG(seed, 7))
		inputs := func(_ *World, i int, buf []Input) []Input {
			buf = buf[:0]
			if i%15 == 14 {
				buf = append(buf, Input{Kind: InputTeleport, Body: ids[rng.IntN(len(ids))],
					Center: mgl64.Vec3{rng.Float64()*8 - 4, 3 + rng.Float64()*3, rng.Float64()*8 - 4}})
			}
			return buf
		}
		n, _ := runPatched(t, patched, fresh, inputs, 150)
		patchedSteps += n
		patched.Close()
	}
	if patchedSteps < 10*seeds {
		t.Fatalf("the plan was patched on %d steps of %d: the test misses the patched path", patchedSteps, 150*seeds)
	}
	t.Logf("the plan was patched on %d steps of %d", patchedSteps, 150*seeds)
}
