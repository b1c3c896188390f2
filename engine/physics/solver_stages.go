package physics

import "sync/atomic"

// The solver's driver, after Box2D v3's stages (b2SolverStage,
// b2ExecuteBlock): solveBlock takes a block of islands (solver_blocks.go)
// through the stages in order, and runStage is the one switch that does a
// stage's work. A small block runs each stage whole on the worker that
// took it, from building its constraints to storing their impulses, so
// that they stay in its cache. A big block (one island of more than
// bigIslandCons constraints) runs each stage over all the workers, one
// part at a time (a run of its bodies, or a colour of its constraints),
// each worker calling runStage on the chunks it claims (workers.go). Both
// make the same calls on the same items in the same order within a
// colour, so the same bits.
//
// Where is a contact solved: runStage, stageSolve (the biased pass) and
// stageRelax, through iterateCons (contact_rows.go), or iterateWide
// (wide.go) for the AVX2 build's groups.

// solverStage is one stage of the solver, in the order solveBlock runs
// them. stageLoad and stageSave move the bodies' states in and out (timed
// with prepare and store).
type solverStage uint8

const (
	stageLoad solverStage = iota
	stagePrepare
	stageIntegrateVelocities
	stageWarmStart
	stageSolve
	stageIntegratePositions
	stageRelax
	stageRestitution
	stageStore
	stageSave
	numStages
)

// blockSolve is a block on its way through the stages: everything
// runStage reads besides the world's arrays. For a big block, whose stages
// the workers share, stage sets the part being run (stage, run,
// color) before handing it to the pool, which publishes it with the
// stage.
type blockSolve struct {
	v    *consView // where the block's constraints are built
	runs []bodyRun // its bodies
	// cols: where its colours start in the constraints, the overflow set
	// last, then its end; kinds: where each colour's kinds end (colorEnd;
	// the rest up to the next start is room: colorRoom); first and end
	// are its first and its end.
	cols, kinds []int32
	first, end  int
	segs        []wideSeg // per colour, its groups and the rest (nil: no groups)
	big         bool
	substep     int

	// The part being run: the stage, and the run of bodies or the colour
	// it is over (the block's active manifolds or constraints for
	// prepare and store).
	stage solverStage
	run   bodyRun
	color int

	restit atomic.Bool  // prepare met a constraint with restitution
	t      *stageTimes  // where the stages are timed
	ws     *wideScratch // a small block's groups' scratch (a big one's chunks have their own)
}

// solveBlock runs block b through every stage: its bodies' states in, its
// constraints built, the substeps, restitution, the impulses and states
// back.
func (w *World) solveBlock(b *blockSolve) {
	t := b.t
	b.restit.Store(false)
	w.stage(b, stageLoad)
	w.stage(b, stagePrepare)
	restit := b.restit.Load()
	t.lap(stagePrepare)
	for s := 0; s < w.substeps(); s++ {
		b.substep = s
		w.stage(b, stageIntegrateVelocities)
		if !w.rewarms(s) {
			t.lap(stageIntegrateVelocities)
			w.stage(b, stageWarmStart)
		}
		// With rewarm, gravity and the warm start were one pass over the
		// bodies (body_state.go), timed as the warm start.
		t.lap(stageWarmStart)
		w.moverSidesAt(float64(s) * w.sol.h)
		w.stage(b, stageSolve)
		t.lap(stageSolve)
		w.stage(b, stageIntegratePositions)
		t.lap(stageIntegratePositions)
		w.moverSidesAt(float64(s+1) * w.sol.h)
		w.stage(b, stageRelax)
		t.lap(stageRelax)
	}
	if restit {
		for it := 0; it < restitutionPasses; it++ {
			w.stage(b, stageRestitution)
		}
	}
	t.lap(stageRestitution)
	w.stage(b, stageStore)
	w.stage(b, stageSave)
	t.lap(stageStore)
}

// rewarms reports whether substep s warm-starts in its velocity pass over
// the bodies (body_state.go) rather than from the constraints.
func (w *World) rewarms(s int) bool { return s > 0 && !w.opt.warmEverySubstep }

// stage runs stage st over block b, part by part: the runs of its bodies,
// its active manifolds or constraints, or its colours in order (the
// overflow set last, on one worker: its constraints may share bodies).
func (w *World) stage(b *blockSolve, st solverStage) {
	b.stage = st
	switch st {
	case stageLoad, stageIntegrateVelocities, stageIntegratePositions, stageSave:
		for _, r := range b.runs {
			b.run = r
			w.part(b, int(r.hi-r.lo), bodyChunk)
		}
	case stagePrepare, stageStore:
		w.part(b, b.end-b.first, consChunk)
	default:
		for c := 0; c <= numColors; c++ {
			if b.cols[c] == b.colorEnd(c) {
				continue // no constraints, so no groups: most of a small block's colours
			}
			b.color = c
			n, chunk := b.colorItems(c)
			if n == 0 {
				continue
			}
			if c == numColors {
				w.runStage(st, b, 0, n)
				continue
			}
			w.part(b, n, chunk)
		}
	}
}

// part runs the part of b's stage that is set, n items: on this worker
// for a small block, in chunks over the workers for a big one.
func (w *World) part(b *blockSolve, n, chunk int) {
	if b.big {
		w.par.run(n, chunk, w.sol.fnBigStage) // runStage on sol.bigSolve
		return
	}
	w.runStage(b.stage, b, 0, n)
}

// colorItems returns the number of items of colour c in b's stage, and
// the chunk the workers claim them by: its groups, then its other
// constraints, where it has groups (not for restitution, which no group
// has), else its constraints.
func (b *blockSolve) colorItems(c int) (n, chunk int) {
	if b.grouped(c) {
		sg := &b.segs[c]
		return int(sg.g1 - sg.g0 + sg.r1 - sg.r0), wideChunk
	}
	return int(b.colorEnd(c) - b.cols[c]), consChunk
}

// colorEnd returns where the constraints of b's colour c end.
func (b *blockSolve) colorEnd(c int) int32 { return b.kinds[c*numKinds+numKinds-1] }

// grouped reports whether colour c of b's stage runs by groups.
func (b *blockSolve) grouped(c int) bool {
	return b.segs != nil && c < numColors && b.stage != stageRestitution
}

// runStage runs items [lo, hi) of the part of block b's stage st that is
// set: bodies of b.run, active manifolds (prepare) or constraints (store)
// of the block, or items of colour b.color.
func (w *World) runStage(st solverStage, b *blockSolve, lo, hi int) {
	body := int(b.run.lo)
	switch st {
	case stageLoad:
		w.loadStates(body+lo, body+hi)
	case stagePrepare:
		// Rarely true, so the workers do not contend for the flag.
		if w.prepareCons(b.v, b.first+lo, b.first+hi) && !b.restit.Load() {
			b.restit.Store(true)
		}
	case stageIntegrateVelocities:
		w.integrateVelocities(body+lo, body+hi, w.rewarms(b.substep))
	case stageWarmStart, stageSolve, stageRelax:
		first := int(b.cols[b.color])
		if b.grouped(b.color) {
			w.runGroups(st, b, lo, hi)
		} else if st == stageWarmStart {
			w.warmCons(b.v, first+lo, first+hi, b.substep == 0)
		} else {
			w.iterateCons(b.v, first+lo, first+hi, st == stageSolve, b.color == numColors)
		}
	case stageIntegratePositions:
		w.integrateSubstep(body+lo, body+hi)
	case stageRestitution:
		first := int(b.cols[b.color])
		w.restituteCons(b.v, first+lo, first+hi)
	case stageStore:
		w.storeCons(b.v, b.first+lo, b.first+hi)
	case stageSave:
		w.storeStates(body+lo, body+hi)
	}
}

// runGroups runs items [lo, hi) of colour b.color, by groups (wide.go):
// its groups first, then its other constraints one by one.
func (w *World) runGroups(st solverStage, b *blockSolve, lo, hi int) {
	sol := &w.sol
	sg := &b.segs[b.color]
	n := int(sg.g1 - sg.g0)
	g0, g1 := int(sg.g0)+min(lo, n), int(sg.g0)+min(hi, n)
	r0, r1 := int(sg.r0)+max(lo-n, 0), int(sg.r0)+max(hi-n, 0)
	ws := b.ws
	if b.big {
		ws = new(wideScratch) // a chunk's own, on the stack
	}
	if st == stageWarmStart {
		for g := g0; g < g1; g++ {
			w.warmWide(&sol.wide[g], &sol.sinks[g], ws)
		}
		for _, i := range sol.rest[r0:r1] {
			w.warmOne(&b.v.cons[int(i)-b.v.base])
		}
		return
	}
	useBias := st == stageSolve
	for g := g0; g < g1; g++ {
		w.iterateWide(&sol.wide[g], &sol.sinks[g], useBias, ws)
	}
	for _, i := range sol.rest[r0:r1] {
		w.solveOne(b.v, int(i), sol.inv, useBias)
	}
}

// openBlock points b at block bi, its constraints built in v.
func (w *World) openBlock(b *blockSolve, bi int, v *consView) {
	sol := &w.sol
	blk := &sol.blocks[bi]
	b.v, b.big = v, blk.big
	b.runs = sol.runs[blk.runs[0]:blk.runs[1]]
	b.cols = sol.blockCols[blk.cols : blk.cols+stride]
	b.kinds = sol.kindEnds[blk.cols*numKinds : (blk.cols+stride)*numKinds]
	b.first, b.end = int(b.cols[0]), int(b.cols[numColors+1])
	b.segs = nil
	if w.opt.wide {
		b.segs = sol.segs[bi*numColors:][:numColors]
	}
	if v.local {
		v.base = b.first
	}
}

// solveByBlocks runs every block through the stages: the big ones first,
// each stage over all the workers, then the small ones, each whole on one
// worker, into the world's constraint array when the plan is last step's
// (sol.smallHeld), else into the workers' own. On one worker the stages
// are lapped on sw's clock as they run; on several the small blocks
// interleave, so their wall time is split over the profile's stages in
// proportion to the time each took on its worker.
func (w *World) solveByBlocks(sw *stopwatch, sp *SolverProfile) {
	sol := &w.sol
	sol.big, sol.small = sol.big[:0], sol.small[:0]
	for b := range sol.blocks {
		if sol.blocks[b].big {
			sol.big = append(sol.big, int32(b))
		} else {
			sol.small = append(sol.small, int32(b))
		}
	}
	for _, bi := range sol.big {
		b, t := &sol.bigSolve, &sol.bigTimes
		*t = stageTimes{clock: sw.clock, last: sw.last}
		b.t = t
		w.openBlock(b, int(bi), &sol.all)
		w.solveBlock(b)
		sw.last = t.last
		t.addTo(sp)
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
	most := blockCons + bigIslandCons
	most = min(len(w.scratch.active), most+most/8+2*numColors) // and its room (colorRoom)
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

// solveSmallBlocks runs small blocks [lo, hi) on a worker (the pool's
// stage function for them, sol.fnSmallBlocks), and adds the time of their
// stages to sol.blockTimes.
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
	var ws wideScratch
	b := blockSolve{t: t, ws: &ws}
	for _, bi := range w.sol.small[lo:hi] {
		w.openBlock(&b, int(bi), v)
		w.solveBlock(&b)
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
func (t *stageTimes) lap(stage solverStage) {
	if t.clock == nil {
		return
	}
	now := t.clock()
	t.sum[stage] += now - t.last
	t.last = now
}

// addTo adds the stage times to the profile's (loading the states is
// preparing, saving them storing).
func (t *stageTimes) addTo(sp *SolverProfile) {
	sp.PrepareContacts += t.sum[stageLoad] + t.sum[stagePrepare]
	sp.IntegrateVelocities += t.sum[stageIntegrateVelocities]
	sp.WarmStart += t.sum[stageWarmStart]
	sp.SolveContacts += t.sum[stageSolve]
	sp.IntegratePositions += t.sum[stageIntegratePositions]
	sp.RelaxContacts += t.sum[stageRelax]
	sp.Restitution += t.sum[stageRestitution]
	sp.StoreImpulses += t.sum[stageStore] + t.sum[stageSave]
}
