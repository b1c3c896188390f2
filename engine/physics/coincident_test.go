package physics

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"
)

// Issue 12, part 5: n boxes placed at one point touch each other n(n-1)/2
// times. The first step once reserved a manifold slot for every candidate
// pair and more (3,000 boxes asked for 4.5 GB, 1,000 took 928 MB); memory
// must grow with the touching pairs at a modest constant and stay linear in
// the bodies once maxBodyPairs caps a crowded body's pairs.
func coincidentWorld(t testing.TB, n int) *World {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	for i := 0; i < n; i++ {
		mustBody(t, w, cube(fmt.Sprint("c", i), mgl64.Vec3{0, 0.5, 0}))
	}
	return w
}

// firstStepBytes returns the bytes allocated by the first step of w and runs
// steps-1 more, failing on NaN.
func firstStepBytes(t *testing.T, w *World, steps int) uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	a0 := ms.TotalAlloc
	w.Step(1.0/60, nil)
	runtime.ReadMemStats(&ms)
	first := ms.TotalAlloc - a0
	run(w, steps-1, 1.0/60)
	noNaN(t, w, steps)
	return first
}

// noNaN fails if a body's centre is NaN after steps steps.
func noNaN(t *testing.T, w *World, steps int) {
	t.Helper()
	for i := 0; i < w.NumBodies(); i++ {
		c := w.Body(i).Curr.Center
		if math.IsNaN(c[0] + c[1] + c[2]) {
			t.Fatalf("body %d is NaN after %d steps", i, steps)
		}
	}
}

func TestCoincidentBoxesMemory(t *testing.T) {
	const n = 500
	pairs := uint64(n * (n - 1) / 2)
	w := coincidentWorld(t, n)
	got := firstStepBytes(t, w, 10)
	// The wide solver's groups (AVX2 build) come on top: they hold only
	// coloured constraints, at most numColors*n/2 whatever the pair count.
	wide := uint64(cap(w.sol.wide)) * uint64(unsafe.Sizeof(wideCons{}))
	if got > 300*pairs+wide {
		t.Errorf("first step of %d coincident boxes allocated %d MB, %d bytes per touching pair (%d MB of them wide groups); want under 300 besides the groups", n, got>>20, got/pairs, wide>>20)
	}
	t.Logf("%d coincident boxes: first step allocated %d MB (%d bytes per touching pair)", n, got>>20, got/pairs)
}

// The case: coincident boxes run and separate without NaN, the
// process under 2 GB. make test runs 500 of them (a couple of seconds);
// SANDBOX_COINCIDENT_3000=1 runs the 3,000 (about 20 s).
func TestCoincidentBoxesSeparate(t *testing.T) {
	n := 500
	if os.Getenv("SANDBOX_COINCIDENT_3000") != "" {
		n = 3000
	}
	w := coincidentWorld(t, n)
	got := firstStepBytes(t, w, 1)
	touching := len(solvedManifolds(w))
	run(w, 119, 1.0/60)
	noNaN(t, w, 120)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.Sys > 2<<30 {
		t.Errorf("process holds %d MB, want under 2 GB", ms.Sys>>20)
	}
	// Apart: a box touches a few others, as in any pile, not the hundreds
	// (up to maxBodyPairs) it touched at the start.
	if now := len(solvedManifolds(w)); now > 2*n || now >= touching {
		t.Errorf("%d boxes still touch in %d pairs after 2 s (%d after the first step); want under %d", n, now, touching, 2*n)
	}
	t.Logf("%d boxes: first step allocated %d MB; %d MB held from the OS; touching pairs %d, then %d", n, got>>20, ms.Sys>>20, touching, len(solvedManifolds(w)))
}
