package physics

import "slices"

// The static slabs in a bounding-volume tree (boxTree), so that the
// queries that ask which slabs a box meets (the broadphase's body-slab
// candidates, CCD's sweeps, the centre guard's pathClear, the tunnelling
// oracle) cost the few slabs near the box rather than a test of every
// slab: a level of many thousand walls made those loops nearly the whole
// step. The tree is made again on the first query after the slabs change
// (AddStatic, or a Restore that drops some), never in the parallel stages
// that share it: Step, the solver and checkMotion ask for it before their
// workers start.

// staticIndex is the slabs' tree and whether it is out of date.
type staticIndex struct {
	tree  boxTree
	stale bool // slabs were added or removed since the tree was built
	n     int  // slabs the tree was built over
}

// staticTree returns the slabs' tree, made again if the slabs changed.
func (w *World) staticTree() *boxTree {
	si := &w.sindex
	if si.stale || si.n != len(w.statics) {
		si.tree.build(len(w.statics), w.staticItem)
		si.tree.dropScratch()
		si.stale, si.n = false, len(w.statics)
	}
	return &si.tree
}

// staticBox returns slab k's box.
func (w *World) staticBox(k int) fatBox {
	st := &w.statics[k]
	return fatBox{lo: svAt(&st.min), hi: svAt(&st.max)}
}

func (w *World) staticItem(k int) (fatBox, bool) { return w.staticBox(k), true }

// nextStaticOn returns the lowest-numbered slab after slab `after` that box
// q meets (touching counts, as in meetsSlab), or -1: the loop over every
// slab in order, without a list to keep (the workers call it).
func (w *World) nextStaticOn(q *fatBox, after int) int {
	return int(w.staticTree().nextOverlap(q, int32(after)))
}

// staticsOn returns the slabs box q meets, in ascending order, in the
// world's scratch list (serial callers only).
func (w *World) staticsOn(q *fatBox) []int32 {
	hits := w.staticTree().appendOverlaps(q, w.scratch.hits[:0])
	slices.Sort(hits)
	w.scratch.hits = hits
	return hits
}
