package physics

import "slices"

// A bullet's sweep is tested against the non-bullet bodies frozen at their
// end-of-step pose. Looping over every body for every bullet made a few
// thousand bullets cost bullets times bodies a step; instead the frozen
// boxes go into a tree (boxTree), made on the first bullet sweep of a
// step, when every non-bullet has moved (continuous moves them first) and
// none moves again until the next step.

// frozenItem is non-bullet body k's box at its end-of-step pose, as the
// bullet sweep tests it; bullets are left out.
func (w *World) frozenItem(k int) (fatBox, bool) {
	o := &w.bodies[k]
	if o.flags&flagBullet != 0 {
		return fatBox{}, false
	}
	e := w.frozenExtent(k)
	return fatBox{lo: toSV(sub(o.pos, e)), hi: toSV(add(o.pos, e))}, true
}

// bodiesOn returns the non-bullet bodies whose frozen boxes box q meets
// (touching counts, as in overlapsAABB), in ascending order, in the
// world's scratch list: what the loop over every body found, in its
// order, so that ties between equal impact times go the same way.
func (w *World) bodiesOn(q *fatBox) []int32 {
	sc := &w.scratch
	if !sc.frozenValid {
		sc.frozen.build(len(w.bodies), w.frozenItem)
		sc.frozenValid = true
	}
	hits := sc.frozen.appendOverlaps(q, sc.bodyHits[:0])
	slices.Sort(hits)
	sc.bodyHits = hits
	return hits
}
