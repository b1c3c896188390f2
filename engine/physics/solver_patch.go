package physics

// A patched plan: on a step where a few manifolds begin or end, or change
// colour, among bodies whose blocks last step's plan already made, the
// plan is kept and patched (patchPlan) rather than made again. Each
// colour's constraints stay one run, sorted by kind (kindOf): a manifold
// that ends leaves a hole that the last of its kind fills, and the hole
// moves on to the end of the colour, one move per kind after it; one that
// begins goes at the end of its kind, whose first places the kinds after
// it hand on the same way, in the room each colour was given (colorRoom),
// and to a free place in its block's active list. Every other constraint
// keeps its slot or is moved whole, built last step, and is only
// refreshed (prepareCons), as on a step with last step's plan; a new plan
// would copy every one of them to its new place (carryFrom).
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

	// What changes, per colour of each block (its index in blockCols):
	// the manifolds that leave (bs.patchOut) and the active ones that
	// come (bs.patchIn, list order); bs.patchPlace[j]: active manifold
	// j's place in the block-order list, where it stays.
	cols := sol.blockCols
	bs.patchOut, bs.patchIn = bs.patchOut[:0], bs.patchIn[:0]
	bs.patchNeed = bs.patchNeed[:len(cols)]
	clear(bs.patchNeed)
	bs.patchPlace = grow(bs.patchPlace, len(active))
	i := 0
	for j, k := range active {
		key := heads[k].key
		for ; i < len(last) && last[i] < key; i++ {
			if !w.leave(i) {
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
			if !w.leave(i) {
				return false
			}
			i++
		}
		if c == numColors {
			return false // into the overflow set: made again (leave)
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
		if !w.leave(i) {
			return false
		}
	}
	for seg, d := range bs.patchNeed {
		if d > 0 && sol.colorEnd(seg)+d > cols[seg+1] {
			return false // no room left in that colour
		}
	}

	// Out, one at a time (a move may carry another leaving one's
	// constraint to a new slot: its place knows where), then in.
	for _, o := range bs.patchOut {
		bs.planned[o.place], bs.plannedAt[o.place] = -1, -1
		w.removeSlot(sol.slotOf[o.place], o.seg)
	}
	// bs.patchFree: each block's first place that may be free.
	bs.patchFree = bs.patchFree[:len(sol.blocks)]
	for blk := range sol.blocks {
		bs.patchFree[blk] = cols[blk*stride]
	}
	for _, j := range bs.patchIn {
		k := active[j]
		a, _ := heads[k].bodies()
		blk := bs.bodyBlock[a]
		c := sol.colorOf[j]
		s := w.insertSlot(blk*stride+c, w.kindOf(&heads[k], int(c)))
		p := bs.patchFree[blk]
		for bs.planned[p] >= 0 {
			p++
		}
		bs.patchFree[blk] = p + 1
		bs.planned[p] = k // taken
		bs.patchPlace[j] = p
		sol.slotOf[p], sol.placeOf[s], sol.manOf[s] = s, p, k
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
// segs entries in sol.blockCols and blocks blocks: the colours of its
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
// the plan, and reports whether the plan may be patched so.
func (w *World) leave(i int) bool {
	bs := &w.sol.bs
	c := bs.lastColors[i]
	if c == numColors {
		return false // the overflow set keeps its order: made again
	}
	a, _ := keyBodies(bs.lastKeys[i])
	seg := bs.bodyBlock[a]*stride + c
	bs.patchNeed[seg]--
	bs.patchOut = append(bs.patchOut, patchLeave{w.sol.placeOf[bs.lastSlot[i]], seg})
	return true
}

// patchLeave is a manifold that leaves a patched plan: its place in the
// block-order list, and its colour's index in sol.blockCols.
type patchLeave struct {
	place int32
	seg   int32
}

// removeSlot takes the constraint in slot s out of colour seg (an index in
// sol.blockCols), keeping the colour one run sorted by kind: the last of
// s's kind fills s, the last of the next kind fills the place that left,
// and so on to the colour's end (sol.kindEnds holds where each kind ends).
func (w *World) removeSlot(s int32, seg int32) {
	sol, kinds := &w.sol, w.sol.kindEnds[seg*numKinds:][:numKinds]
	kd := 0
	for s >= kinds[kd] {
		kd++
	}
	sol.manOf[s] = -1
	hole := s
	for ; kd < numKinds; kd++ {
		kinds[kd]--
		w.moveSlot(kinds[kd], hole)
		hole = kinds[kd]
	}
}

// insertSlot makes room for a constraint of kind kd at the end of its kind
// in colour seg, each later kind handing its first slot on to its end, and
// returns the slot.
func (w *World) insertSlot(seg int32, kd int) int32 {
	kinds := w.sol.kindEnds[seg*numKinds:][:numKinds]
	for k := numKinds - 1; k > kd; k-- {
		w.moveSlot(kinds[k-1], kinds[k])
		kinds[k]++
	}
	s := kinds[kd]
	kinds[kd]++
	return s
}

// moveSlot moves the constraint in slot from to slot to (free), with its
// manifold and place; nothing when from is to or holds none.
func (w *World) moveSlot(from, to int32) {
	sol := &w.sol
	if from == to || sol.manOf[from] < 0 {
		return
	}
	sol.cons[to] = sol.cons[from]
	sol.fresh[to] = sol.fresh[from]
	sol.manOf[to], sol.manOf[from] = sol.manOf[from], -1
	p := sol.placeOf[from]
	sol.placeOf[to], sol.slotOf[p] = p, to
}
