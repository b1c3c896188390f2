package physics

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// The second core must not change a bit: the same scripted run gives the
// same state hash after every step with 1, 2 and 4 workers, and so do the
// contact events. The scenes: a pile with shots, teleports and CCD toggles;
// a pyramid; and buildEveryFeature, whose one big island is solved pass by
// pass with each stage split over the workers, with restitution, mixed
// friction, bullets, sleep, a teleport and a drag (its restitution flag is
// set by whichever chunk has a bouncing contact: a chunk that overwrote it
// instead dropped the bounce with 2 workers and not with 1).
//
// The 2-worker world has a helper of the test's own (ownHelper), joined
// before each step's first stage, so that it runs chunks however slowly the
// world's own helpers would wake; the 4-worker world uses its own helpers,
// as the program does.
func TestWorkersSameResult(t *testing.T) {
	atLeastTwoProcs(t)
	type scene struct {
		name   string
		build  func(def WorldDef) *World
		inputs func(w *World, k int, buf []Input) []Input
		ticks  int
	}
	scenes := []scene{
		{"pile", func(def WorldDef) *World { return buildPile(t, def, 300) }, shotInputs, 240},
		{"pyramid", func(def WorldDef) *World { return buildPyramid(t, def, 30, 0.05) }, shotInputs, 60},
		{"every feature", func(def WorldDef) *World { return buildEveryFeature(t, def) }, featureInputs, 200},
	}
	for _, sc := range scenes {
		var worlds []*World
		for _, n := range []int{1, 2, 4} {
			def := DefaultWorldDef()
			def.Workers = n
			worlds = append(worlds, sc.build(def))
		}
		ownHelper(&worlds[1].par)
		var buf []Input
		parallel, big, slept := 0, 0, 0
		for k := 0; k < sc.ticks; k++ {
			buf = sc.inputs(worlds[0], k, buf)
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
			if splitsWork(worlds[0]) {
				parallel++
			}
			for _, b := range worlds[0].sol.blocks {
				if b.big {
					big++
					break
				}
			}
			if worlds[0].NumAwake() < worlds[0].NumBodies() {
				slept++
			}
		}
		if parallel == 0 {
			t.Fatalf("%s: no step had enough constraints to be split", sc.name)
		}
		if worlds[0].NumBodies() < 100 {
			t.Fatalf("%s: scene too small", sc.name)
		}
		if sc.name == "every feature" && (big == 0 || slept == 0) {
			t.Fatalf("%s: %d steps with a big island, %d with a body asleep; want both", sc.name, big, slept)
		}
		if worlds[1].par.r.helped.Load() == 0 {
			t.Errorf("%s: the 2-worker world's helper never ran a chunk", sc.name)
		}
	}
}

// atLeastTwoProcs lets the Go scheduler run two goroutines at once for the
// rest of the test (pool.begin keeps everything on the caller with one),
// so that the parallel paths run on any machine.
func atLeastTwoProcs(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		prev := runtime.GOMAXPROCS(2)
		t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
	}
}

// ownHelper makes p's regions go to a helper goroutine of the test's own,
// started for each opening and joined before begin returns: the step's
// stages then always have a second worker, however slowly the world's own
// helpers would wake.
func ownHelper(p *pool) {
	p.offer = func(r *region) bool {
		n := r.joined.Load()
		go r.help()
		for r.joined.Load() == n {
			runtime.Gosched()
		}
		return true
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
// faster than one there. The helper is started from the owner's first chunk,
// so the stage is surely published before it runs; the owner's chunks then
// wait until the helper has run one, or has gone to sleep waiting for
// another stage (the failure), so nothing here depends on timing.
func TestHelperJoinsTheRunningStage(t *testing.T) {
	atLeastTwoProcs(t)
	var p pool
	p.init(2)
	var r *region
	p.offer = func(reg *region) bool { r = reg; return true } // started below
	p.begin()
	if r == nil {
		t.Fatal("begin offered the region to no helper")
	}
	var gone atomic.Bool
	started := false
	helped := runUntilHelped(&p, func() bool { return r.sleepers.Load() > 0 || gone.Load() }, func() {
		if !started {
			started = true
			go func() { r.help(); gone.Store(true) }()
		}
	})
	p.end()
	if !helped {
		t.Fatal("the helper did not run a chunk of the stage running when it joined")
	}
}

// goroutineID is the running goroutine's id, from its stack header.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return strings.Fields(string(buf))[1]
}

// runUntilHelped runs one stage of p's open region and reports whether a
// helper ran a chunk of it. Each of the owner's chunks first calls
// onOwner, then waits until a helper has run a chunk or idle reports that
// none will (asleep, or gone).
func runUntilHelped(p *pool, idle func() bool, onOwner func()) bool {
	var helped atomic.Bool
	owner := goroutineID()
	p.run(64, 1, func(lo, hi int) {
		if goroutineID() != owner {
			helped.Store(true)
			return
		}
		onOwner()
		for !helped.Load() && !idle() {
			runtime.Gosched()
		}
	})
	return helped.Load()
}

// A helper that helped a region polls it for a while after it closes
// (linger), and joins its next opening without being offered it again:
// woken through the channel, a parked helper took 100-250 us to run on a
// 2-core virtual machine, while the step's first stages went on without it.
// The test's helper lingers for testLingerPolls, a thousand times the
// program's lingerLimit (about 2 ms), so that a test goroutine held up
// between its steps does not lose it, and a helper that never joins
// still ends the test.
const testLingerPolls = 1 << 30

func TestLingeringHelperJoinsTheNextRegion(t *testing.T) {
	atLeastTwoProcs(t)
	var p pool
	p.init(2)
	var gone, lingered atomic.Bool
	var offers atomic.Int32
	p.offer = func(r *region) bool {
		if offers.Add(1) > 1 {
			return false // one helper: another offer is the failure below
		}
		go func() {
			defer gone.Store(true)
			r.help()
			if r.linger(testLingerPolls) {
				lingered.Store(true)
				r.help()
			}
		}()
		return true
	}
	idle := func() bool { return p.r.sleepers.Load() > 0 || gone.Load() }
	p.begin()
	if n := offers.Load(); n != 1 {
		t.Fatalf("begin offered the region %d times, want once", n)
	}
	if !runUntilHelped(&p, idle, func() {}) {
		t.Fatal("the offered helper did not help")
	}
	p.end()
	t.Cleanup(func() { releaseLingerer(&p, &gone) })
	for p.r.lingering.Load() == 0 {
		if gone.Load() {
			t.Fatal("the helper did not linger on the closed region")
		}
		runtime.Gosched()
	}
	p.begin()
	if offers.Load() != 1 {
		t.Fatal("begin offered the region to another helper while one lingered")
	}
	joined := runUntilHelped(&p, idle, func() {})
	p.end()
	if !lingered.Load() || !joined {
		t.Fatal("the lingering helper did not join the next opening")
	}
}

// releaseLingerer ends the test's helper of p if a failure left it
// running: it closes an opening the failure left open, and opens the
// region while the helper lingers, so that it joins and then leaves.
func releaseLingerer(p *pool, gone *atomic.Bool) {
	for p.nest > 0 {
		p.end()
	}
	for !gone.Load() {
		if p.r.lingering.Load() > 0 {
			p.begin()
			for p.r.lingering.Load() > 0 && !gone.Load() {
				runtime.Gosched()
			}
			p.end()
		}
		runtime.Gosched()
	}
}

// splitsWork reports whether w's last step gave the workers more than
// one piece of a stage: a colour of a big block of more than one chunk,
// or more than one small block (solver_blocks.go).
func splitsWork(w *World) bool {
	sol := &w.sol
	small := 0
	for _, b := range sol.blocks {
		if !b.big {
			small++
			continue
		}
		for c := 0; c < numColors; c++ {
			if sol.colorEnd(int(b.cols)+c)-sol.blockCols[int(b.cols)+c] > consChunk {
				return true
			}
		}
	}
	return small > 1
}
