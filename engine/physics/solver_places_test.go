package physics

import (
	"slices"
	"testing"
)

// overflowInListOrder reports whether every block's overflow set, whose
// constraints may share bodies, is in the contact list's order.
func overflowInListOrder(w *World) bool {
	for _, blk := range w.sol.blocks {
		cols := w.sol.blockCols[blk.cols:][:stride]
		for s := cols[numColors] + 1; s < cols[numColors+1]; s++ {
			if w.sol.manOf[s] <= w.sol.manOf[s-1] {
				return false
			}
		}
	}
	return true
}

// Each colour's constraints placed by kind (solver_places.go) give the
// bits that the contact list's order gives: 500 bullets landing (all four
// kinds in most colours), boxes placed at one point (bodies with more
// manifolds than colours: an overflow set, which must keep the list's
// order since its constraints share bodies; checked directly, since the
// states here come out the same either way) and buildEveryFeature.
func TestKindsMatchListOrder(t *testing.T) {
	for _, c := range []struct {
		name   string
		build  func() *World
		inputs func(*World, int, []Input) []Input
	}{
		{"bullets", func() *World { return buildBulletBox(t, awakeDef(1), 500, 0) }, nil},
		{"coincident", func() *World { return coincidentWorld(t, 100) }, nil},
		{"every feature", func() *World { return buildEveryFeature(t, DefaultWorldDef()) }, featureInputs},
	} {
		t.Run(c.name, func(t *testing.T) {
			byKind, listed := c.build(), c.build()
			listed.opt.listOrder = true
			reordered, overflow := 0, 0
			var buf []Input
			for i := 0; i < 120; i++ {
				if c.inputs != nil {
					buf = c.inputs(byKind, i, buf)
				}
				byKind.Step(1.0/60, buf)
				listed.Step(1.0/60, buf)
				if a, b := byKind.StateHash(), listed.StateHash(); a != b {
					t.Fatalf("step %d: state %016x by kind, %016x in list order", i+1, a, b)
				}
				if n := len(byKind.scratch.active); !slices.Equal(byKind.sol.manOf[:n], listed.sol.manOf[:n]) {
					reordered++
				}
				if byKind.sol.colorCount[numColors] > 0 {
					overflow++
				}
				if !overflowInListOrder(byKind) {
					t.Fatalf("step %d: an overflow set is not in the list's order", i+1)
				}
			}
			if reordered == 0 || c.name == "coincident" && overflow == 0 {
				t.Fatalf("the kinds reordered %d steps of 120, %d had an overflow set: the test misses what it checks", reordered, overflow)
			}
			t.Logf("reordered on %d steps of 120, an overflow set on %d", reordered, overflow)
		})
	}
}
