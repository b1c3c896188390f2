package physics

// Places: where each active manifold's constraint goes in the solver's
// arrays when the plan is new (placeConstraints), block by block, each
// block's colour by colour, each colour's by kind (kindOf) and followed
// by room for a patched plan's (colorRoom), the big blocks first; and
// where it was last step (carrySlots), so that the constraint of a reused
// manifold can be copied from there rather than built again (carryFrom,
// constraint.go).

// placeConstraints gives each active manifold its constraint's place,
// block by block, each block's colour by colour and each colour's by kind
// (sol.slotOf, sol.manOf, sol.blockCols), and reorders sc.active to match;
// with carry, each place's constraint's place last step (sol.fromSlot,
// from carrySlots).
func (w *World) placeConstraints(mostBlocks int, carry bool) {
	sol, bs, sc := &w.sol, &w.sol.bs, &w.scratch
	heads, active := w.contacts.heads, sc.active
	nb, nBlocks := len(w.bodies), len(sol.blocks)
	cols := reserve(sol.blockCols[:0], mostBlocks*stride)[:nBlocks*stride]
	sol.blockCols = cols
	clear(cols)
	kinds := reserve(sol.kindEnds[:0], mostBlocks*stride*numKinds)[:nBlocks*stride*numKinds]
	sol.kindEnds = kinds
	clear(kinds)
	for j, k := range active {
		c := int(bs.islBlock[bs.manIsland[j]])*stride + int(sol.colorOf[j])
		cols[c]++
		kinds[c*numKinds+w.kindOf(&heads[k], c%stride)]++
	}
	// The big blocks' places come first: the solver's world-wide arrays
	// hold only theirs, the small blocks' being built on the workers
	// (solver_stages.go). Each colour has room for a few more than it
	// holds (colorRoom), where a patched plan puts the manifolds that
	// begin (solver_patch.go).
	room := !w.opt.wide
	sum := int32(0)
	for pass := 0; pass < 2; pass++ {
		for b := 0; b < nBlocks; b++ {
			if sol.blocks[b].big != (pass == 0) {
				continue
			}
			sol.blocks[b].cols = int32(b * stride)
			for c := 0; c <= numColors; c++ {
				n := cols[b*stride+c]
				cols[b*stride+c] = sum
				sum += n
				if room && c < numColors {
					sum += colorRoom(n)
				}
			}
			cols[b*stride+numColors+1] = sum
		}
		if pass == 0 {
			sol.bigCons = int(sum)
		}
	}
	places := int(sum)
	// kinds: each block's, colour's and kind's next place; once all are
	// placed, where each ends (sol.kindEnds).
	for c := range cols {
		if c%stride > numColors {
			continue
		}
		at := cols[c]
		for kd := range numKinds {
			n := kinds[c*numKinds+kd]
			kinds[c*numKinds+kd] = at
			at += n
		}
	}
	// next: each block's next active manifold, from its first place.
	next := reserve(bs.place[:0], mostBlocks)[:nBlocks]
	bs.place = next
	for b := range next {
		next[b] = cols[b*stride]
	}
	sol.slotOf = grow(sol.slotOf, places)
	sol.manOf = grow(sol.manOf, places)
	sol.placeOf = grow(sol.placeOf, places)
	sol.fresh = grow(sol.fresh, places)
	clear(sol.fresh)
	act := grow(bs.actTmp, places)
	bs.plannedAt = grow(bs.plannedAt, places)
	cs := &w.contacts
	if w.opt.wide {
		sol.canGroup = grow(sol.canGroup, places)
	}
	sol.fromSlot = grow(sol.fromSlot, places) // sized on every plan, as prevSlot
	for j, k := range active {
		blk := int(bs.islBlock[bs.manIsland[j]])
		p := next[blk]
		next[blk]++
		act[p] = k
		bs.plannedAt[p] = int32(j)
		c := blk*stride + int(sol.colorOf[j])
		at := c*numKinds + w.kindOf(&heads[k], c%stride)
		s := kinds[at]
		kinds[at]++
		sol.slotOf[p] = s
		sol.manOf[s] = k
		sol.placeOf[s] = p
		if carry {
			sol.fromSlot[s] = bs.prevSlot[j]
		}
		if w.opt.wide {
			// Which constraints wide.go may group: here, in list order
			// (see prepareCons), rather than in planWide's.
			sol.canGroup[s] = w.wideEligible(cs.at(k))
		}
	}
	// The room: no manifold at those places, no constraint in those slots.
	for b := 0; b < nBlocks; b++ {
		for p := next[b]; p < cols[b*stride+numColors+1]; p++ {
			act[p], bs.plannedAt[p] = -1, -1
		}
		for c := 0; c < numColors; c++ {
			for s := sol.colorEnd(b*stride + c); s < cols[b*stride+c+1]; s++ {
				sol.manOf[s] = -1
			}
		}
	}
	bs.notePlan(active, act, heads, nb, w.opt.wide)
	if room {
		bs.notePatch(places, len(cols), nBlocks, sol.colorOf)
	}
	sc.active, bs.actTmp = act, reserve(active, places) // a patch copies the list order there
}

// colorRoom is the room a colour of n constraints is given beyond them,
// for those a patched plan adds (solver_patch.go); an empty colour gets
// none.
func colorRoom(n int32) int32 {
	if n == 0 {
		return 0
	}
	return n/8 + 2
}

// Each colour's constraints are placed by kind: the 4-point ones first,
// and within those and the others, the ones between two bodies before
// the ones on a slab. A pass then meets long runs of one kind: it
// branches on a constraint's points (the 4-point form, or one point at a
// time) and on its second body, and with the kinds mixed as the contact
// list orders them those branches were mispredicted. A colour's
// constraints share no body, so their order changes no bit; the overflow
// set, whose constraints may share bodies, keeps the list's order.
const numKinds = 4

// kindOf returns the kind of the constraint of manifold h in colour c.
func (w *World) kindOf(h *manifoldHead, c int) int {
	if c == numColors || w.opt.listOrder {
		return 0
	}
	_, b := h.bodies()
	kd := 0
	if h.count != 4 {
		kd = 2
	}
	if b < 0 {
		kd++
	}
	return kd
}

// carrySlots notes, for each active manifold j of this step (in list
// order), the place of its constraint in last step's plan, prevSlot[j],
// or -1 where it was not active: both active lists are in key order, so
// one merge finds them. slotOf is last step's.
func (bs *blockScratch) carrySlots(active []int32, heads []manifoldHead, slotOf []int32) {
	last := bs.lastKeys
	bs.lastSlot = grow(bs.lastSlot, len(last))
	for p, j := range bs.plannedAt[:len(bs.planned)] {
		if j >= 0 {
			bs.lastSlot[j] = slotOf[p]
		}
	}
	bs.prevSlot = grow(bs.prevSlot, len(active))
	i := 0
	for j, k := range active {
		key := heads[k].key
		for i < len(last) && last[i] < key {
			i++
		}
		bs.prevSlot[j] = -1
		if i < len(last) && last[i] == key {
			bs.prevSlot[j] = bs.lastSlot[i]
		}
	}
}
