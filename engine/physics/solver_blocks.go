package physics

import "math/bits"

// Solver blocks: the contact solver runs island by island where it can.
//
// An island is a set of bodies linked by active manifolds (slabs do not
// link). Islands share no body, so the solver may run each one through all
// of the step's substeps before it starts the next, and every body ends
// with the same bits as when every pass runs over the whole world: within
// an island the constraints are still solved colour by colour in the same
// order, and nothing of one island is read by another (a slab side reads
// the shared zero state, which no pass writes).
//
// What that buys is the cache. Run pass by pass over the world, the
// substeps stream every constraint (504 bytes) and body state from memory
// a dozen times a step; the 10,000 pile's working set is about 25 MB, far
// more than a core's level-2 cache, so each pass waited on the shared
// level-3 cache. Small islands are packed into blocks of about blockCons
// constraints, whose constraints and body states stay in the worker's
// cache from the block's preparation to its store. A step whose plan is
// new builds them into a small array of the worker's own (consView), so
// that writing them fetches nothing from memory; a step with last step's
// plan builds them into the world's array, where the step after can keep
// them and only refresh them (refreshConstraint). A step whose plan is
// new copies those of reused manifolds from where the step before built
// them in the world's array (the big blocks', or all after a kept plan)
// and refreshes them (carryFrom); a step where only a few manifolds begin
// or end patches last step's plan instead, and keeps the others where they
// are (patchPlan, solver_patch.go). On two workers a block is a unit of
// work: the workers take whole blocks, with no barrier between the passes
// of a colour.
//
// With blocks, a big pile's solver passes cost per body what a small
// pile's do (BenchmarkPileScaling). blockCons: a block's hot data about
// the size of the level-1 cache was the fastest size.
//
// An island of more than bigIslandCons constraints (the 5,050 pyramid is
// one island) is a block of its own, run as before: pass by pass, each
// colour split over the workers. Bodies in no island (falling free, or
// asleep) are packed into blocks of at most freeBlockBodies with no
// constraints, which only integrate. Where the big islands hold most of
// the constraints, every island and body goes in one big block instead
// (mostlyBig), so that the plan can be patched (solver_patch.go).
//
// In the AVX2 build, each block's colours are split into groups of four
// (planWide), which its passes solve at once.
const (
	blockCons       = 64
	bigIslandCons   = 1024
	freeBlockBodies = 512
)

// solverBlock is a block's place in the solver's arrays.
type solverBlock struct {
	// cols indexes sol.blockCols, where the block's colours start: the
	// start of each of its colours in sol.cons, the overflow set last,
	// then its end (numColors+2 entries). Its active manifolds are
	// sc.active over the same range, in list order.
	cols int32
	// runs: its bodies are the runs sol.runs[runs[0]:runs[1]].
	runs [2]int32
	big  bool
}

// bodyRun is a run of consecutive bodies [lo, hi).
type bodyRun struct{ lo, hi int32 }

// blockRun is a bodyRun and the block it belongs to, before the runs are
// sorted by block.
type blockRun struct {
	bodyRun
	block int32
}

// blockScratch is what planBlocks keeps between steps, so that a warm step
// allocates nothing.
type blockScratch struct {
	parent    []int32 // union-find over the bodies
	islandOf  []int32 // per root body: its island, or -1
	manIsland []int32 // per active manifold: its island
	islCons   []int32 // per island: its active manifolds
	islBlock  []int32 // per island: its block
	bodyBlock []int32 // per body: its block, or -1 before the free blocks
	runTmp    []blockRun
	place     []int32 // per block: its next active manifold (placeConstraints)
	// actTmp: the active list being rebuilt in block order; after a plan,
	// the one it was made from, in list order (the two are swapped).
	actTmp []int32
	runAt  []int32 // where each block's runs start
	// The last plan's active manifolds' keys, the manifolds in block
	// order, and the body count (samePlan; its manifolds in list order
	// are actTmp).
	planned []int32
	// plannedAt: where each of planned was in the list-order active list,
	// to move planned when the same manifolds come at new places in the
	// contact list (samePlan).
	plannedAt []int32
	// lastSlot: per manifold of the last plan's active list, its place;
	// prevSlot: per manifold of this step's, its place in the last plan,
	// or -1 (carrySlots).
	lastSlot, prevSlot []int32
	lastKeys           []uint64
	lastColors         []int32 // the last plan's active manifolds' colours, in list order
	// A patch's scratch (solver_patch.go).
	patchOut                                  []patchLeave
	patchIn, patchNeed, patchPlace, patchFree []int32
	plannedBodies                             int
	// whole: the plan put every island and body in one block (mostlyBig).
	whole       bool
	plannedWide bool // it has groups (options.wide: wide.go)
}

// stride is the number of entries a block has in sol.blockCols.
const stride = numColors + 2

// planBlocks finds the islands of the active manifolds, packs them into
// blocks, and lays the constraints out block by block, each block's by
// colour (sol.slotOf, sol.manOf, sol.blockCols), with sc.active reordered to
// match; then the bodies of each block as runs (sol.runs). It replaces
// a placement by colour alone; colorNext has given each
// active manifold its colour. It reports whether the plan's places are
// last step's: the same active manifolds (samePlan), or a few more or
// fewer (patchPlan, solver_patch.go).
func (w *World) planBlocks() (same bool) {
	sol := &w.sol
	sc := &w.scratch
	bs := &sol.bs
	heads := w.contacts.heads
	active := sc.active
	nb, na := len(w.bodies), len(active)
	sol.carry, sol.patched = false, false
	if same, moved := bs.samePlan(active, heads, nb, w.opt.wide); same {
		if moved {
			bs.movePlan(active, sol)
		}
		sc.active = append(sc.active[:0], bs.planned...)
		if !w.opt.wide || w.sameGroups() {
			if w.def.Sleep {
				w.linkIslands(false) // sleep's: which contacts touch may change
			}
			return true
		}
		// A manifold gained or lost its group (a cube's contact lost a
		// point): planned again, from the list order.
		sc.active = append(sc.active[:0], bs.actTmp...)
		active = sc.active
	}
	// Where last step built the constraints of the manifolds it solved
	// too, while its plan's places are at hand (carrySlots): a patched
	// plan leaves them there, a new one copies them (carryFrom).
	carry := !w.opt.wide && !bs.plannedWide && nb == bs.plannedBodies
	if carry {
		bs.carrySlots(active, heads, sol.slotOf)
		if !w.opt.noPatch && w.patchPlan() {
			sol.patched = true
			if w.def.Sleep {
				w.linkIslands(false)
			}
			return true
		}
	}
	sol.carry = carry
	// Room for the most islands, blocks and runs there can be, so that
	// nothing below allocates while a scene settles and its islands split
	// and join. Every closed block but the big ones holds blockCons
	// constraints or more, a big one more than bigIslandCons, and every
	// free block but the last freeBlockBodies bodies.
	mostBlocks := na/blockCons + na/bigIslandCons + nb/freeBlockBodies + 2
	bs.islCons = reserve(bs.islCons[:0], na)
	sol.blocks = reserve(sol.blocks[:0], mostBlocks)
	sol.big = reserve(sol.big[:0], mostBlocks)
	sol.small = reserve(sol.small[:0], mostBlocks)
	bs.runTmp = reserve(bs.runTmp[:0], nb+mostBlocks)
	w.packIslands()
	w.placeBodies(mostBlocks)
	w.placeConstraints(mostBlocks, carry)
	return false
}

// packIslands finds the islands of the active manifolds (bs.manIsland,
// bs.islCons) and packs them into blocks (sol.blocks, bs.islBlock).
func (w *World) packIslands() {
	sol, bs := &w.sol, &w.sol.bs
	heads, active := w.contacts.heads, w.scratch.active
	nb, na := len(w.bodies), len(active)
	// Islands, in the order of their first manifold in the list.
	par := w.linkIslands(true)
	islandOf := grow(bs.islandOf, nb)
	bs.islandOf = islandOf
	for i := range islandOf {
		islandOf[i] = -1
	}
	bs.manIsland = grow(bs.manIsland, na)
	bs.islCons = bs.islCons[:0]
	for j, k := range active {
		a, _ := heads[k].bodies()
		r := find(par, a)
		id := islandOf[r]
		if id < 0 {
			id = int32(len(bs.islCons))
			islandOf[r] = id
			bs.islCons = append(bs.islCons, 0)
		}
		bs.islCons[id]++
		bs.manIsland[j] = id
	}

	// Blocks: the islands in order, packed until a block holds blockCons
	// constraints; a big island alone.
	sol.blocks = sol.blocks[:0]
	bs.islBlock = reserve(bs.islBlock[:0], na)[:len(bs.islCons)]
	open, inOpen := int32(-1), int32(0)
	// With movers, pass by pass: a mover's side moves with the substeps
	// (moverSidesAt), which only this driver steps together.
	bs.whole = w.opt.oneBlock || len(w.mv.list) > 0 || mostlyBig(bs.islCons)
	for id, n := range bs.islCons {
		if bs.whole {
			if open < 0 {
				open = int32(len(sol.blocks))
				sol.blocks = append(sol.blocks, solverBlock{big: true})
			}
			bs.islBlock[id] = open
			continue
		}
		if n > bigIslandCons {
			bs.islBlock[id] = int32(len(sol.blocks))
			sol.blocks = append(sol.blocks, solverBlock{big: true})
			continue
		}
		if open < 0 {
			open, inOpen = int32(len(sol.blocks)), 0
			sol.blocks = append(sol.blocks, solverBlock{})
		}
		bs.islBlock[id] = open
		if inOpen += n; inOpen >= blockCons {
			open = -1
		}
	}
}

// mostlyBig reports whether the big islands (more than bigIslandCons
// constraints each) hold three quarters or more of the constraints in
// islCons, the counts of all islands. Then every island and every body
// goes in one block: the small islands gain little from blocks of their
// own, and bodies that land on a big island, or small islands that join
// one, would each make the plan again (solver_patch.go: a patched plan
// takes a new manifold only between bodies of one block), as they do
// on most steps while a crowd settles on a pile.
func mostlyBig(islCons []int32) bool {
	big, all := 0, 0
	for _, n := range islCons {
		all += int(n)
		if n > bigIslandCons {
			big += int(n)
		}
	}
	return big > 0 && 4*big >= 3*all
}

// placeBodies lays out the bodies of each block as runs (sol.runs), the
// free bodies in blocks of their own.
func (w *World) placeBodies(mostBlocks int) {
	sol, bs := &w.sol, &w.sol.bs
	nb, par, islandOf := len(w.bodies), bs.parent, bs.islandOf
	bodyBlock := grow(bs.bodyBlock, nb)
	bs.bodyBlock = bodyBlock
	for i := range bodyBlock {
		bodyBlock[i] = -1
		if id := islandOf[find(par, int32(i))]; id >= 0 {
			bodyBlock[i] = bs.islBlock[id]
		} else if bs.whole && len(sol.blocks) > 0 {
			bodyBlock[i] = 0 // a body in no island too (mostlyBig)
		}
	}
	runs := bs.runTmp[:0]
	free, inFree := int32(-1), 0
	for i := 0; i < nb; {
		blk := bodyBlock[i]
		j := i + 1
		for j < nb && bodyBlock[j] == blk {
			j++
		}
		for lo := i; lo < j; {
			hi := j
			if blk < 0 {
				if free < 0 || inFree == freeBlockBodies {
					free, inFree = int32(len(sol.blocks)), 0
					sol.blocks = append(sol.blocks, solverBlock{})
				}
				hi = min(j, lo+freeBlockBodies-inFree)
				inFree += hi - lo
				runs = append(runs, blockRun{bodyRun{int32(lo), int32(hi)}, free})
			} else {
				runs = append(runs, blockRun{bodyRun{int32(lo), int32(hi)}, blk})
			}
			lo = hi
		}
		i = j
	}
	bs.runTmp = runs
	nBlocks := len(sol.blocks)
	bs.runAt = reserve(bs.runAt[:0], mostBlocks+1)[:nBlocks+1]
	clear(bs.runAt)
	for _, r := range runs {
		bs.runAt[r.block+1]++
	}
	for b := 0; b < nBlocks; b++ {
		bs.runAt[b+1] += bs.runAt[b]
		sol.blocks[b].runs = [2]int32{bs.runAt[b], bs.runAt[b]}
	}
	sol.runs = grow(sol.runs, len(runs))
	for _, r := range runs {
		blk := &sol.blocks[r.block]
		sol.runs[blk.runs[1]] = r.bodyRun
		blk.runs[1]++
	}
}

// samePlan reports whether the step's active manifolds (in list order)
// are last step's, the same pairs in the same order, among as many bodies:
// then the islands, colours and blocks are last step's too, and so is
// every place planBlocks would compute. On the 5,050 pyramid planning took
// 1.5% of the step; a resting pile or pyramid keeps its manifolds step
// after step. moved reports that some of them are at other places in the
// contact list than last step (a pair that is not active, such as one
// whose boxes are within the broadphase's margin but do not touch, came
// or went before them): then the plan holds, but its list indices must
// move (movePlan).
func (bs *blockScratch) samePlan(active []int32, heads []manifoldHead, nb int, wide bool) (same, moved bool) {
	last := bs.actTmp // the last plan's active list, in list order (planBlocks)
	if nb != bs.plannedBodies || bs.plannedWide != wide || len(active) != len(last) {
		return false, false
	}
	for j, k := range active {
		if heads[k].key != bs.lastKeys[j] {
			return false, false
		}
		moved = moved || k != last[j]
	}
	return true, moved
}

// movePlan brings the last plan's list indices (planned, sol.manOf and
// the list-order active list samePlan compares with) to this step's
// places of the same manifolds, given in active (list order).
func (bs *blockScratch) movePlan(active []int32, sol *solverState) {
	copy(bs.actTmp, active)
	for p, j := range bs.plannedAt[:len(bs.planned)] {
		if j < 0 {
			continue // room
		}
		k := active[j]
		bs.planned[p] = k
		sol.manOf[sol.slotOf[p]] = k
	}
}

// notePlan keeps what samePlan compares with besides the active list
// itself, and the active list in block order (act) that a step with the
// same plan reuses.
func (bs *blockScratch) notePlan(active, act []int32, heads []manifoldHead, nb int, wide bool) {
	bs.plannedBodies, bs.plannedWide = nb, wide
	// carrySlots' arrays, sized on every plan so that a step that carries
	// after many kept plans allocates nothing.
	bs.lastSlot = grow(bs.lastSlot, len(active))
	bs.prevSlot = grow(bs.prevSlot, len(active))
	bs.lastKeys = grow(bs.lastKeys, len(active))
	for j, k := range active {
		bs.lastKeys[j] = heads[k].key
	}
	bs.planned = grow(bs.planned, len(act))
	copy(bs.planned, act)
}

// linkIslands finds the step's islands, once, by union-find over the
// active manifolds (sc.active, in list order) into bs.parent: first over
// those that touch, whose islands are sleep's (sc.sleepRoot, when sleep
// is on), then, for the solver's blocks (all), over the others, which a
// speculative impulse may still cross. An island's root is its smallest
// body whatever order the unions come in (union), so sleep's islands are
// as if found alone.
func (w *World) linkIslands(all bool) []int32 {
	bs, sc := &w.sol.bs, &w.scratch
	heads := w.contacts.heads
	nb := len(w.bodies)
	par := grow(bs.parent, nb)
	bs.parent = par
	for i := range par {
		par[i] = int32(i)
	}
	for _, k := range sc.active {
		if k < 0 {
			continue // room in a kept plan's list (colorRoom)
		}
		m := &heads[k]
		if a, b := m.bodies(); b >= 0 && m.flags&mfTouching != 0 {
			union(par, a, b)
		}
	}
	if w.def.Sleep {
		sc.sleepRoot = grow(sc.sleepRoot, nb)
		for i := range sc.sleepRoot {
			sc.sleepRoot[i] = find(par, int32(i))
		}
	}
	if all {
		for _, k := range sc.active {
			if k < 0 {
				continue
			}
			m := &heads[k]
			if a, b := m.bodies(); b >= 0 && m.flags&mfTouching == 0 {
				union(par, a, b)
			}
		}
	}
	return par
}

// Graph colouring of the contact constraints (after Box2D v3's constraint
// graph). Constraints of one colour share no dynamic body, so within a colour
// the order of solving does not change a single bit: each constraint reads and
// writes only its own two bodies. The solver walks the colours in a fixed
// order, on one worker or several, which is what makes one and two workers
// give the same bits; it also lets the 4-point rows of a batch of constraints
// be solved phase by phase (contact_rows.go).
//
// Colours are assigned greedily in key order each step (no state is carried,
// so Snapshot and Restore need nothing). A slab contact involves one dynamic
// body and never takes colour 0, as in Box2D, which keeps colour 0 for the
// body-body pairs; a constraint that fits no colour goes to the overflow
// set, solved last and on one worker.

// numColors is the number of colours before the overflow set.
const numColors = 24

// Colouring runs in two parts: beginColors, then colorNext for each active
// manifold in list order as solve collects them, then planBlocks
// (solver_blocks.go), which places each active manifold's constraint in
// sol.slotOf: block by block, each block's colour by colour.
//
// Each body keeps the colours its manifolds took so far as bits of one
// word (sol.taken), so a manifold's colour is the lowest bit clear in both
// of its bodies' words: one step, where a row of bits per colour was
// tested colour by colour (most pyramid contacts found theirs at the fourth
// to eighth try). The word's top bit (touchedBit) marks a body with a
// manifold at all, overflow included: that is flagTouching, which
// loadStates sets, so the serial walk writes nothing to the bodies.

// touchedBit is the bit of sol.taken that marks a body with an active
// manifold; numColors stays below it.
const touchedBit = 1 << 31

// beginColors clears the colouring for a step with n bodies and at most
// most manifolds (room for all of them, so that colorNext never allocates).
func (w *World) beginColors(n, most int) {
	sol := &w.sol
	sol.taken = grow(sol.taken, n)
	clear(sol.taken)
	sol.colorCount = [numColors + 1]int32{}
	sol.colorOf = grow(sol.colorOf, most)[:0]
}

// colorNext gives the next active manifold, between bodies a and b (b < 0:
// a slab), the first colour in which neither of its dynamic bodies is
// taken yet. A slab contact never takes colour 0, as in Box2D, which keeps
// colour 0 for the body-body pairs.
func (w *World) colorNext(a, b int32) {
	sol := &w.sol
	ta := &sol.taken[a]
	var free uint32
	if b < 0 {
		free = ^*ta &^ 1
	} else {
		free = ^(*ta | sol.taken[b])
	}
	c := min(bits.TrailingZeros32(free), numColors) // numColors: overflow
	bit := uint32(touchedBit)
	if c < numColors {
		bit |= 1 << c
	}
	*ta |= bit
	if b >= 0 {
		sol.taken[b] |= bit
	}
	sol.colorOf = append(sol.colorOf, int32(c)) // numColors: overflow
	sol.colorCount[c]++
}
