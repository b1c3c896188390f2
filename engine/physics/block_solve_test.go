package physics

import (
	"fmt"
	"testing"
)

// Running the substeps island by island, small islands whole on one
// worker (solver_blocks.go), gives the same bits as running every pass
// over the whole world, as the solver did before: the islands share no
// body, and each island's constraints are solved colour by colour in the
// same order either way. Checked after every step of a pile with shots,
// teleports and CCD toggles, and of a random heap of boxes and plates of
// every size with restitution and sleep, on 1 and 2 workers.
func TestBlocksMatchWorldWidePasses(t *testing.T) {
	scenes := []struct {
		name  string
		build func(def WorldDef) *World
		ticks int
	}{
		{"pile", func(def WorldDef) *World { return buildPile(t, def, 600) }, 300},
		{"heap", func(def WorldDef) *World {
			w := heapWorld(t)
			w.def.Workers = def.Workers
			w.par.init(def.Workers)
			return w
		}, 300},
	}
	for _, sc := range scenes {
		for _, workers := range []int{1, 2} {
			def := DefaultWorldDef()
			def.Workers = workers
			blocks, whole := sc.build(def), sc.build(def)
			whole.opt.oneBlock = true
			var buf []Input
			smallBlocks := 0
			for k := 0; k < sc.ticks; k++ {
				buf = shotInputs(blocks, k, buf)
				blocks.Step(1.0/60, buf)
				whole.Step(1.0/60, buf)
				if a, b := blocks.StateHash(), whole.StateHash(); a != b {
					t.Fatalf("%s, %d workers, tick %d: by blocks %016x, pass by pass %016x", sc.name, workers, k, a, b)
				}
				if a, b := fmt.Sprint(blocks.Events()), fmt.Sprint(whole.Events()); a != b {
					t.Fatalf("%s, %d workers, tick %d: the events differ", sc.name, workers, k)
				}
				if len(blocks.sol.blocks) > 1 {
					smallBlocks++
				}
			}
			if smallBlocks == 0 {
				t.Fatalf("%s: never more than one block", sc.name)
			}
		}
	}
}
