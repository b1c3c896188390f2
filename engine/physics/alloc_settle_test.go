package physics

import (
	"runtime"
	"strings"
	"testing"

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
// Not yet covered, outside the broadphase: at step 73 of this pyramid the
// contact event slices grow by append (80 B, contacts.go emitContacts), and
// Box3D's pyramid allocates its second manifold buffer (15 MB,
// contacts.go collide) the first time its pairs change, about 215 steps in.
func TestSettlingStepsAllocateNothing(t *testing.T) {
	pyramidSteps := 60 // past step 32, where the merge buffer was allocated
	if testing.Short() {
		pyramidSteps = 30
	}
	for _, c := range []struct {
		name        string
		build       func() *World
		warm, steps int
	}{
		// BenchmarkPyramid's scene, awake: bodies leave their proxies a few
		// at a time while the rows settle onto each other.
		{"pyramid", func() *World { return buildPyramid(t, awakeDef(1), 100, 0.05) }, 10, pyramidSteps},
		// The 1,000 pile with sleep on, from just after the first contacts
		// (the columns land at steps 15 to 18) until it sleeps.
		{"pile-1000", func() *World { return buildPile(t, DefaultWorldDef(), 1000) }, 20, 200},
	} {
		w := c.build()
		run(w, c.warm, 1.0/60)
		var m0, m1 runtime.MemStats
		res, err := allocprof.Measure(1, func() error {
			runtime.ReadMemStats(&m0)
			run(w, c.steps, 1.0/60)
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
