package physics

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The second core must not change a bit: the same scripted run (a pile with
// shots, teleports and CCD toggles, then a pyramid) gives the same state hash
// after every step with 1, 2 and 4 workers, and so do the contact events.
func TestWorkersSameResult(t *testing.T) {
	type scene struct {
		name  string
		build func(def WorldDef) *World
		ticks int
	}
	scenes := []scene{
		{"pile", func(def WorldDef) *World { return buildPile(t, def, 300) }, 240},
		{"pyramid", func(def WorldDef) *World { return buildPyramid(t, def, 30, 0.05) }, 60},
	}
	for _, sc := range scenes {
		var worlds []*World
		for _, n := range []int{1, 2, 4} {
			def := DefaultWorldDef()
			def.Workers = n
			worlds = append(worlds, sc.build(def))
		}
		var buf []Input
		parallel := 0
		for k := 0; k < sc.ticks; k++ {
			buf = shotInputs(worlds[0], k, buf)
			for _, w := range worlds {
				w.Step(1.0/60, buf)
			}
			h := worlds[0].StateHash()
			for i, w := range worlds[1:] {
				if w.StateHash() != h {
					t.Fatalf("%s tick %d: %d workers hash %016x, 1 worker %016x", sc.name, k, w.def.Workers, w.StateHash(), h)
				}
				if a, b := fmt.Sprint(worlds[0].Events()), fmt.Sprint(w.Events()); a != b {
					t.Fatalf("%s tick %d: events differ with %d workers", sc.name, k, worlds[i+1].def.Workers)
				}
			}
			// Enough constraints for more than one chunk of a colour,
			// or more than one block (solver_blocks.go).
			if len(worlds[0].scratch.active) > 2*consChunk && (wideOn || len(worlds[0].sol.blocks) > 1) {
				parallel++
			}
		}
		if parallel == 0 {
			t.Fatalf("%s: no step had enough constraints to be split", sc.name)
		}
		if worlds[0].NumBodies() < 100 {
			t.Fatalf("%s: scene too small", sc.name)
		}
		// The helpers did take part (they join when idle, so on a busy
		// machine not every step; over a run, surely).
		if runtime.GOMAXPROCS(0) > 1 && worlds[1].par.r.helped.Load() == 0 {
			t.Errorf("%s: no helper ever ran a chunk", sc.name)
		}
	}
}

// The pool runs every item once, whatever the number of workers and chunks.
func TestPoolCoversEveryItem(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 16} {
		var p pool
		p.init(workers)
		p.begin()
		for _, n := range []int{0, 1, 31, 32, 33, 1000, 4097} {
			hits := make([]int32, n)
			p.run(n, 32, func(lo, hi int) {
				for i := lo; i < hi; i++ {
					hits[i]++
				}
			})
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("%d workers, n %d: item %d run %d times", workers, n, i, h)
				}
			}
		}
		p.end()
	}
}

// Two workers allocate nothing per step either.
func TestWorkersDoNotAllocate(t *testing.T) {
	def := DefaultWorldDef()
	def.Workers = 2
	w := buildPile(t, def, 300)
	run(w, 100, 1.0/60)
	if a := testing.AllocsPerRun(50, func() { w.Step(1.0/60, nil) }); a != 0 {
		t.Fatalf("%v allocations per step with 2 workers, want 0", a)
	}
}

// A helper that wakes after the owner published a region's first stage
// still works on it. The narrowphase is a region of one stage: a helper that
// only waited for the next stage never helped it, and two workers were no
// faster than one there. Each chunk here waits until a helper has run one
// (or 2 s have passed), so the owner cannot finish the stage
// alone before the helper is up.
func TestHelperJoinsTheRunningStage(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs two procs")
	}
	for round := 0; round < 5; round++ {
		var p pool
		p.init(2)
		beginOffered(t, &p)
		helped := runUntilHelped(&p)
		p.end()
		if !helped {
			t.Fatalf("round %d: no helper ran a chunk of the region's only stage", round)
		}
	}
}

// beginOffered opens p's region (two workers) once a helper has been
// offered it through the channel. A region opened while no helper waits
// on the channel (the first after the helpers start, or all of them busy
// elsewhere) is closed and opened again: not what the tests are about.
func beginOffered(t *testing.T, p *pool) {
	t.Helper()
	for tries := 0; ; tries++ {
		p.begin()
		if !p.active {
			t.Skip("no helper could be offered the region")
		}
		if p.r.offered.Load() > 0 {
			return
		}
		p.end()
		if tries > 1000 {
			t.Skip("no helper was idle to be offered the region")
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// goroutineID is the running goroutine's id, from its stack header.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return strings.Fields(string(buf))[1]
}

// runUntilHelped runs one stage of p's open region whose owner's chunks
// wait until a helper has run one (or 2 s have passed), and reports
// whether a helper did.
func runUntilHelped(p *pool) bool {
	var helped atomic.Bool
	owner := goroutineID()
	deadline := time.Now().Add(2 * time.Second)
	p.run(64, 1, func(lo, hi int) {
		if goroutineID() != owner {
			helped.Store(true)
			return
		}
		for !helped.Load() && time.Now().Before(deadline) {
			time.Sleep(50 * time.Microsecond)
		}
	})
	return helped.Load()
}

// A helper that helped a region polls it for a while after it closes
// (linger), and joins its next opening without being offered it through
// the channel: woken through the channel, a parked helper took 100-250 us
// to run on a 2-core virtual machine, while the step's first stages went
// on without it.
func TestLingeringHelperJoinsTheNextRegion(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs two procs")
	}
	// A few attempts: the helper gives up lingering after about 2 ms, and
	// a test goroutine held up that long between its check and begin
	// finds it gone.
	for attempt := 0; attempt < 5; attempt++ {
		var p pool
		p.init(2)
		beginOffered(t, &p)
		if !runUntilHelped(&p) {
			t.Fatal("the offered helper did not help")
		}
		p.end()
		for deadline := time.Now().Add(time.Second); p.r.lingering.Load() == 0; {
			if time.Now().After(deadline) {
				t.Fatal("the helper did not linger on the closed region")
			}
			runtime.Gosched()
		}
		offered := p.r.offered.Load()
		p.begin()
		if p.r.offered.Load() != offered {
			t.Fatal("begin offered the channel to another helper while one lingered")
		}
		joined := runUntilHelped(&p)
		p.end()
		if joined {
			return
		}
	}
	t.Fatal("the lingering helper did not join the next opening")
}
