package physics

// Running the substeps block by block (see solver_blocks.go).

// The SolverProfile fields, as indices of the small blocks' stage times.
const (
	stPrepare = iota
	stIntegrate
	stWarm
	stSolve
	stPositions
	stRelax
	stRestitution
	stStore
	numStages
)

// solveByBlocks runs the substeps, restitution and the store of every
// block: the big ones pass by pass on all the workers, then the small
// ones, each whole on one worker, into the world's constraint array when
// the plan is last step's (sol.smallHeld), else into the workers' own. On
// one worker the small blocks' stages are lapped on sw's clock as they
// run; on several they interleave, so their wall time is split over the
// profile's stages in proportion to the time each took on its worker.
func (w *World) solveByBlocks(n int, sw *stopwatch, sp *SolverProfile) {
	sol := &w.sol
	sol.big, sol.small = sol.big[:0], sol.small[:0]
	for b := range sol.blocks {
		if sol.blocks[b].big {
			sol.big = append(sol.big, int32(b))
		} else {
			sol.small = append(sol.small, int32(b))
		}
	}
	for _, b := range sol.big {
		w.solveBigBlock(int(b), n, sw, sp)
	}
	if len(sol.small) == 0 {
		return
	}
	inline := !w.par.active || len(sol.small) == 1
	w.sizeLocal(inline)
	if inline {
		t := stageTimes{clock: sw.clock, last: sw.last}
		v := &sol.local[0]
		if sol.smallHeld {
			v = &sol.allSmall
		}
		w.runSmallBlocks(v, 0, len(sol.small), &t)
		sw.last = t.last
		t.addTo(sp)
		return
	}
	for i := range sol.blockTimes {
		sol.blockTimes[i].Store(0)
	}
	w.par.run(len(sol.small), 1, sol.fnSmallBlocks)
	wall := sw.lap()
	var t stageTimes
	total := int64(0)
	for i := range t.sum {
		t.sum[i] = sol.blockTimes[i].Load()
		total += t.sum[i]
	}
	if total <= 0 {
		return
	}
	for i := range t.sum {
		t.sum[i] = wall * t.sum[i] / total
	}
	t.addTo(sp)
}

// sizeLocal makes the workers' views room for the largest small block,
// and notes how many are used: one when the small blocks run on the
// caller (inline), else one per worker that may run them. Every worker's
// is sized either way, so that a step on which the helpers join for the
// first time allocates nothing.
func (w *World) sizeLocal(inline bool) {
	sol := &w.sol
	// Room for the largest small block there can be (a block is closed
	// once it holds blockCons constraints, and its last island has at most
	// bigIslandCons), or for all the active manifolds if they are fewer:
	// the largest block of the step changes from step to step as islands
	// join and split, and sized by it alone, a settling pile grew the
	// views again and again.
	most := min(len(w.scratch.active), blockCons+bigIslandCons)
	sol.localSets = 1
	if !inline {
		sol.localSets = min(w.par.workers, len(sol.small))
	}
	for k := 0; k < w.par.workers; k++ {
		v := &sol.local[k]
		v.local = true
		v.cons = grow(v.cons, most)
		v.cold = grow(v.cold, most)
		v.warm = grow(v.warm, most)
	}
}

// solveBigBlock runs block bi pass by pass (solvePasses).
func (w *World) solveBigBlock(bi, n int, sw *stopwatch, sp *SolverProfile) {
	sol := &w.sol
	b := &sol.blocks[bi]
	cols := sol.blockCols[b.cols : b.cols+stride]
	sol.colors = append(sol.colors[:0], cols...) // for runColors
	if w.opt.wide {
		sol.runSegs = sol.segs[bi*numColors:][:numColors] // for runWide
	}
	w.solvePasses(sol.runs[b.runs[0]:b.runs[1]], int(cols[0]), int(cols[numColors+1]), n, sw, sp)
}

// solvePasses runs the solver pass by pass over a big block's bodies
// (runs) and constraints [first, end), in the colours of sol.colors (and,
// in the AVX2 build, the groups of sol.runSegs), each pass split over the
// workers.
func (w *World) solvePasses(runs []bodyRun, first, end, n int, sw *stopwatch, sp *SolverProfile) {
	sol := &w.sol
	p := &w.par
	w.runRuns(runs, sol.fnLoadAt)
	sol.restitAny.Store(false)
	sol.offset = first
	p.run(end-first, consChunk, sol.fnPrepareAt)
	restit := sol.restitAny.Load()
	sp.PrepareContacts += sw.lap()
	for s := 0; s < n; s++ {
		sol.rewarm = s > 0 && !w.opt.warmEverySubstep
		w.runRuns(runs, sol.fnVelocitiesAt)
		if !sol.rewarm {
			sp.IntegrateVelocities += sw.lap()
			sol.firstWarm = s == 0
			w.runPass(sol.fnWarmWide, sol.fnWarm)
		}
		// Otherwise gravity and the warm start were one pass over the
		// bodies (rewarm.go), timed as WarmStart.
		sp.WarmStart += sw.lap()
		sol.useBias = true
		w.runPass(sol.fnIterWide, sol.fnIterate)
		sp.SolveContacts += sw.lap()
		w.runRuns(runs, sol.fnPositionsAt)
		sp.IntegratePositions += sw.lap()
		sol.useBias = false
		w.runPass(sol.fnIterWide, sol.fnIterate)
		sp.RelaxContacts += sw.lap()
	}
	if restit {
		for it := 0; it < restitutionPasses; it++ {
			w.runColors(sol.fnRestitute)
		}
	}
	sp.Restitution += sw.lap()
	sol.offset = first
	p.run(end-first, consChunk, sol.fnStoreAt)
	w.runRuns(runs, sol.fnSaveAt)
	sp.StoreImpulses += sw.lap()
}

// runRuns runs fn, a stage offset by sol.offset, over each run of bodies.
func (w *World) runRuns(runs []bodyRun, fn func(lo, hi int)) {
	for _, r := range runs {
		w.sol.offset = int(r.lo)
		w.par.run(int(r.hi-r.lo), bodyChunk, fn)
	}
}

// solveSmallBlocks runs small blocks [lo, hi) on a worker (a stage of
// sol.fnSmallBlocks), and adds the time of their stages to sol.blockTimes.
func (w *World) solveSmallBlocks(lo, hi int) {
	sol := &w.sol
	var t stageTimes
	t.start(w.def.Clock)
	if sol.smallHeld {
		w.runSmallBlocks(&sol.allSmall, lo, hi, &t)
	} else {
		// A view no other worker is using: there are as many as workers
		// can run this stage at once.
		k := 0
		for !sol.localBusy[k].CompareAndSwap(false, true) {
			k = (k + 1) % sol.localSets
		}
		w.runSmallBlocks(&sol.local[k], lo, hi, &t)
		sol.localBusy[k].Store(false)
	}
	if t.clock != nil {
		for i, d := range t.sum {
			sol.blockTimes[i].Add(d)
		}
	}
}

// runSmallBlocks runs small blocks [lo, hi) whole, one after the other,
// building their constraints in v and lapping their stages on t.
func (w *World) runSmallBlocks(v *consView, lo, hi int, t *stageTimes) {
	for _, b := range w.sol.small[lo:hi] {
		w.solveBlock(int(b), v, t)
	}
}

// stageTimes sums a worker's time per stage, from an injected clock (nil:
// nothing).
type stageTimes struct {
	clock func() int64
	last  int64
	sum   [numStages]int64
}

func (t *stageTimes) start(clock func() int64) {
	t.clock = clock
	if clock != nil {
		t.last = clock()
	}
}

// lap adds the time since the last lap to stage.
func (t *stageTimes) lap(stage int) {
	if t.clock == nil {
		return
	}
	now := t.clock()
	t.sum[stage] += now - t.last
	t.last = now
}

// addTo adds the stage times to the profile's.
func (t *stageTimes) addTo(sp *SolverProfile) {
	sp.PrepareContacts += t.sum[stPrepare]
	sp.IntegrateVelocities += t.sum[stIntegrate]
	sp.WarmStart += t.sum[stWarm]
	sp.SolveContacts += t.sum[stSolve]
	sp.IntegratePositions += t.sum[stPositions]
	sp.RelaxContacts += t.sum[stRelax]
	sp.Restitution += t.sum[stRestitution]
	sp.StoreImpulses += t.sum[stStore]
}

// solveBlock runs block b through the whole solver on the calling worker:
// its bodies' states in, its constraints built, the substeps, restitution,
// the impulses and states back; the same passes in the same order as
// solveBigBlock, so the same bits.
func (w *World) solveBlock(bi int, v *consView, t *stageTimes) {
	sol := &w.sol
	b := &sol.blocks[bi]
	runs := sol.runs[b.runs[0]:b.runs[1]]
	cols := sol.blockCols[b.cols : b.cols+stride]
	var segs []wideSeg // the AVX2 build's groups (wide.go)
	if w.opt.wide {
		segs = sol.segs[bi*numColors:][:numColors]
	}
	first, end := int(cols[0]), int(cols[numColors+1])
	for _, r := range runs {
		w.loadStates(int(r.lo), int(r.hi))
	}
	if v.local {
		v.base = first
	}
	restit := w.prepareCons(v, first, end)
	t.lap(stPrepare)
	for s := 0; s < w.substeps(); s++ {
		rewarm := s > 0 && !w.opt.warmEverySubstep
		for _, r := range runs {
			w.kickBodies(int(r.lo), int(r.hi), rewarm)
		}
		if !rewarm {
			t.lap(stIntegrate)
			w.warmBlock(v, cols, segs, s == 0)
		}
		t.lap(stWarm)
		w.iterateBlock(v, cols, segs, true)
		t.lap(stSolve)
		for _, r := range runs {
			w.integrateSubstep(int(r.lo), int(r.hi))
		}
		t.lap(stPositions)
		w.iterateBlock(v, cols, segs, false)
		t.lap(stRelax)
	}
	if restit {
		for it := 0; it < restitutionPasses; it++ {
			for c := 0; c <= numColors; c++ {
				w.restituteCons(v, int(cols[c]), int(cols[c+1]))
			}
		}
	}
	t.lap(stRestitution)
	w.storeCons(v, first, end)
	for _, r := range runs {
		w.storeStates(int(r.lo), int(r.hi))
	}
	t.lap(stStore)
}

// iterateBlock runs one velocity pass over a block's colours (cols, its
// entries of sol.blockCols; in the AVX2 build segs, their groups), the
// overflow set last.
func (w *World) iterateBlock(v *consView, cols []int32, segs []wideSeg, useBias bool) {
	sol := &w.sol
	var ws *wideScratch
	if segs != nil {
		ws = new(wideScratch) // on the stack: it does not escape
	}
	for c := 0; c <= numColors; c++ {
		lo, hi := int(cols[c]), int(cols[c+1])
		if lo == hi {
			continue
		}
		if segs == nil || c == numColors {
			w.iterateCons(v, lo, hi, useBias, c == numColors)
			continue
		}
		// As iterateStage does for a colour of a big block.
		sg := &segs[c]
		for g := sg.g0; g < sg.g1; g++ {
			w.iterateWide(&sol.wide[g], &sol.sinks[g], useBias, ws)
		}
		for _, i := range sol.rest[sg.r0:sg.r1] {
			w.solveOne(v, int(i), sol.inv, useBias)
		}
	}
}

// warmBlock is the warm start of a block's colours (as iterateBlock runs
// them), from the warm records in the first substep (first). It repeats
// iterateBlock's walk on purpose: one function for both, with a flag
// choosing the pass, made the AVX2 build's 1,000 pile step take 1.10 of
// its time (interleaved binaries, same bits).
func (w *World) warmBlock(v *consView, cols []int32, segs []wideSeg, first bool) {
	sol := &w.sol
	var ws *wideScratch
	if segs != nil {
		ws = new(wideScratch) // on the stack: it does not escape
	}
	for c := 0; c <= numColors; c++ {
		lo, hi := int(cols[c]), int(cols[c+1])
		if lo == hi {
			continue
		}
		if segs == nil || c == numColors {
			w.warmCons(v, lo, hi, first)
			continue
		}
		// As warmStage does for a colour of a big block.
		sg := &segs[c]
		for g := sg.g0; g < sg.g1; g++ {
			w.warmWide(&sol.wide[g], &sol.sinks[g], ws)
		}
		for _, i := range sol.rest[sg.r0:sg.r1] {
			w.warmOne(&v.cons[int(i)-v.base])
		}
	}
}
