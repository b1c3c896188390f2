package physics

// A patched plan: on a step where a few manifolds begin or end, or change
// colour, among bodies whose blocks last step's plan already made, the
// plan is kept and patched (patchPlan) rather than made again. A manifold
// that ends leaves its colour; the last constraint of that colour takes
// its slot, so each colour stays one run. One that begins goes after the
// last of its colour, in the room each colour was given (colorRoom), and
// to a free place in its block's active list. Every other constraint stays
// in its slot, built last step, and is only refreshed (prepareCons), as on
// a step with last step's plan; a new plan would copy every one of them
// to its new place (carryFrom).
//
// The bits are a new plan's: a constraint's colour is what colorNext gives
// it this step either way, the colours run in the same order, and within
// a colour the order changes no bit (its constraints share no body). The
// overflow set, whose order does count, is only kept unchanged. What is
// kept is where things are, which no result depends on: a block that an
// ended manifold split in two islands is still solved as one.
//
// The plan is made again instead when a manifold begins between bodies of
// two blocks, or on a body in no block (one that fell free or slept when
// the plan was made), when a colour has no room left, or when the
// overflow set changes.

// patchPlan patches last step's plan, which was made among as many
// bodies and without groups, to this step's active manifolds (sc.active,
// in list order, coloured in sol.colorOf; bs.prevSlot: each one's slot
// last step, or -1), and reports whether it could; when it cannot,
// nothing is changed.
func (w *World) patchPlan() bool {
	sol, bs, sc := &w.sol, &w.sol.bs, &w.scratch
	heads, active := w.contacts.heads, sc.active
	last := bs.lastKeys

	// What changes, per colour of each block (its index in blockEnds):
	// the slots that leave (bs.patchOut) and the active manifolds that
	// come (bs.patchIn, list order); bs.patchPlace[j]: active manifold
	// j's place in the block-order list, where it stays.
	ends := sol.blockEnds
	bs.patchOut, bs.patchIn = bs.patchOut[:0], bs.patchIn[:0]
	bs.patchNeed = bs.patchNeed[:len(ends)]
	clear(bs.patchNeed)
	bs.patchPlace = grow(bs.patchPlace, len(active))
	i := 0
	for j, k := range active {
		key := heads[k].key
		for ; i < len(last) && last[i] < key; i++ {
			if !bs.leave(i) {
				return false
			}
		}
		matched := i < len(last) && last[i] == key
		c := sol.colorOf[j]
		if matched && bs.lastColors[i] == c {
			bs.patchPlace[j] = sol.placeOf[bs.prevSlot[j]]
			i++
			continue // stays where it is
		}
		if matched {
			if !bs.leave(i) {
				return false
			}
			i++
		}
		if c == numColors {
			return false
		}
		a, b := keyBodies(key)
		blk := bs.bodyBlock[a]
		if blk < 0 || b >= 0 && bs.bodyBlock[b] != blk {
			return false // a body in no block, or two blocks joined
		}
		bs.patchNeed[blk*stride+c]++
		bs.patchIn = append(bs.patchIn, int32(j))
	}
	for ; i < len(last); i++ {
		if !bs.leave(i) {
			return false
		}
	}
	cols := sol.blockCols
	for seg, d := range bs.patchNeed {
		if d > 0 && ends[seg]+d > cols[seg+1] {
			return false // no room left in that colour
		}
	}

	// Out: free the slots and their places, then fill each colour's holes
	// from its end.
	for _, o := range bs.patchOut {
		p := sol.placeOf[o.slot]
		bs.planned[p], bs.plannedAt[p] = -1, -1
		sol.manOf[o.slot] = -1
	}
	for _, o := range bs.patchOut {
		w.closeHole(o)
	}
	// In: each after the last of its colour, at a free place of its block
	// (bs.patchFree: each block's first place that may be free).
	bs.patchFree = bs.patchFree[:len(sol.blocks)]
	for blk := range sol.blocks {
		bs.patchFree[blk] = cols[blk*stride]
	}
	for _, j := range bs.patchIn {
		a, _ := heads[active[j]].bodies()
		blk := bs.bodyBlock[a]
		seg := blk*stride + sol.colorOf[j]
		s := ends[seg]
		ends[seg]++
		p := bs.patchFree[blk]
		for bs.planned[p] >= 0 {
			p++
		}
		bs.patchFree[blk] = p + 1
		bs.planned[p] = active[j] // taken
		bs.patchPlace[j] = p
		sol.slotOf[p], sol.placeOf[s] = s, p
		sol.fresh[s] = true
	}
	// Every active manifold's index in the contact list, which moves as
	// pairs come and go before it.
	for j, k := range active {
		p := bs.patchPlace[j]
		bs.planned[p], bs.plannedAt[p] = k, int32(j)
		sol.manOf[sol.slotOf[p]] = k
	}
	bs.lastKeys = grow(bs.lastKeys, len(active))
	for j, k := range active {
		bs.lastKeys[j] = heads[k].key
	}
	bs.lastColors = append(bs.lastColors[:0], sol.colorOf...)
	bs.actTmp = append(bs.actTmp[:0], active...)
	sc.active = append(sc.active[:0], bs.planned...)
	return true
}

// notePatch keeps what patchPlan needs of a new plan with places places,
// segs entries in sol.blockEnds and blocks blocks: the colours of its
// active manifolds (colorOf, list order), and room in the lists a patch
// keeps for as many manifolds as there are places, so that patching
// allocates nothing.
func (bs *blockScratch) notePatch(places, segs, blocks int, colorOf []int32) {
	bs.lastColors = append(reserve(bs.lastColors[:0], places), colorOf...)
	bs.lastSlot, bs.prevSlot = reserve(bs.lastSlot, places), reserve(bs.prevSlot, places)
	bs.lastKeys = reserve(bs.lastKeys, places)
	bs.patchPlace, bs.patchIn = reserve(bs.patchPlace, places), reserve(bs.patchIn, places)
	bs.patchOut = reserve(bs.patchOut, places)
	bs.patchNeed, bs.patchFree = reserve(bs.patchNeed, segs), reserve(bs.patchFree, blocks)
}

// leave notes that last step's active manifold i (in list order) leaves
// its slot, and reports whether the plan may be patched so.
func (bs *blockScratch) leave(i int) bool {
	c := bs.lastColors[i]
	if c == numColors {
		return false // the overflow set keeps its order: made again
	}
	a, _ := keyBodies(bs.lastKeys[i])
	seg := bs.bodyBlock[a]*stride + c
	bs.patchNeed[seg]--
	bs.patchOut = append(bs.patchOut, patchSlot{bs.lastSlot[i], seg})
	return true
}

// patchSlot is a slot that a patched plan frees, and its colour's index
// in sol.blockEnds.
type patchSlot struct {
	slot int32
	seg  int32
}

// closeHole fills freed slot o.slot (manOf -1) with the last constraint
// of its colour, if that one lies after it, and shortens the colour.
func (w *World) closeHole(o patchSlot) {
	sol := &w.sol
	s, end := o.slot, &sol.blockEnds[o.seg]
	// Slots freed at the colour's end go first.
	for *end > s && sol.manOf[*end-1] < 0 {
		*end--
	}
	if *end <= s {
		return // s was one of them
	}
	from := *end - 1
	*end--
	sol.cons[s] = sol.cons[from]
	sol.fresh[s] = sol.fresh[from]
	sol.manOf[s], sol.manOf[from] = sol.manOf[from], -1
	p := sol.placeOf[from]
	sol.placeOf[s], sol.slotOf[p] = p, s
}
