package physics

import (
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/internal/allocprof"
)

// Warm steps allocate nothing, also while a scene is still settling (issue
// 9). testing.AllocsPerRun counts allocations, not bytes, and rounds down:
// BenchmarkPyramid showed 0 allocs/op and 3.5 KB/op because one step in
// sixty allocated a 184 KB buffer (moveProxies' merge buffer, first used
// when the first few bodies left their proxies, 22 steps into the settle,
// along with its per-body flags). So this counts every allocation of a run
// of steps: the heap profile at a rate of 1 (allocprof) credits each to the
// function that made it, so that the test runner's own goroutines cannot
// fail it, and runtime.MemStats' TotalAlloc gives the bytes.
//
// The contact cache's second buffer (contacts.go collide) was made the
// first time the pairs changed (15 MB, 215 steps into Box3D's pyramid), and
// the contact event lists grew by append: the "pairs-change" case
// teleports a resting cube next to a settled pyramid, which does both.
func TestSettlingStepsAllocateNothing(t *testing.T) {
	pyramidSteps := 60 // past step 32, where the merge buffer was allocated
	if testing.Short() {
		pyramidSteps = 30
	}
	for _, c := range []struct {
		name        string
		build       func() *World
		warm, steps int
		// inputs, if set, gives the inputs of measured step k.
		inputs func(w *World, k int) []Input
	}{
		// BenchmarkPyramid's scene, awake: bodies leave their proxies a few
		// at a time while the rows settle onto each other.
		{"pyramid", func() *World { return buildPyramid(t, awakeDef(1), 100, 0.05) }, 10, pyramidSteps, nil},
		// The 1,000 pile with sleep on, from just after the first contacts
		// (the columns land at steps 15 to 18) until it sleeps.
		{"pile-1000", func() *World { return buildPile(t, DefaultWorldDef(), 1000) }, 20, 200, nil},
		// A pyramid whose pairs stay the same (built in place) until a cube
		// lying apart is teleported against its base.
		{"pairs-change", func() *World {
			w := buildPyramid(t, awakeDef(1), 12, 0.05)
			mustBody(t, w, cube("loose", mgl64.Vec3{40, 0.5, 0}))
			return w
		}, 60, 30, func(w *World, k int) []Input {
			if k != 10 {
				return nil
			}
			return []Input{{Kind: InputTeleport, Body: w.ID(w.NumBodies() - 1), Center: mgl64.Vec3{6.6, 0.5, 0}}}
		}},
	} {
		w := c.build()
		run(w, c.warm, 1.0/60)
		var m0, m1 runtime.MemStats
		res, err := allocprof.Measure(1, func() error {
			runtime.ReadMemStats(&m0)
			for k := 0; k < c.steps; k++ {
				var in []Input
				if c.inputs != nil {
					in = c.inputs(w, k)
				}
				w.Step(1.0/60, in)
			}
			runtime.ReadMemStats(&m1)
			return nil
		}, "sandbox/engine/physics.")
		if err != nil {
			t.Fatal(err)
		}
		if n := res.ByOwner[allocprof.Ours]; n != 0 {
			t.Errorf("%s: steps %d to %d made %d allocations (%d bytes in the whole process), want 0:\n%s",
				c.name, c.warm, c.warm+c.steps, n, m1.TotalAlloc-m0.TotalAlloc,
				strings.Join(res.Sites(8, allocprof.Ours), "\n"))
		}
	}
}
