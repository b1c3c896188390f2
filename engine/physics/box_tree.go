package physics

import (
	"math"
	"slices"
)

// boxTree is a bounding-volume tree over a fixed set of boxes, built once
// top down (median split on the longest axis of the centres) in flat
// arrays, for the queries that used to test every slab (or every body):
// "does anything overlap this box", "which items do", and "which is the
// lowest-numbered one after k". Overlap is the closed test of
// overlapsAABB, on the same floats, so every query finds exactly what a
// loop over all the items would have; a box with a NaN coordinate, which
// that loop could never match, is left out (it would poison the unions).
// The queries read only, so the workers may share a tree.
type boxTree struct {
	nodes []treeNode
	items []int32  // item numbers in leaf order
	boxes []fatBox // items' boxes in leaf order
	// The few items far larger than the rest (a level's ground), kept out
	// of the nodes and tested by every query: in a node, such a box made
	// every node on its path as big as the level, so that a query near it
	// walked that whole path. Ascending item numbers.
	bigItems []int32
	bigBoxes []fatBox

	// Build scratch, kept so that a tree rebuilt every step (the bullets')
	// allocates nothing once warm.
	src  []fatBox // boxes by item number
	cent []sv
	keys []float64
}

// treeNode is a subtree: its box (the union of its items'), the range of
// the lowest and highest item numbers in it (for ordered queries), and
// either a leaf's range of items (right < 0, leaf = first item << 3 |
// count, so trees hold fewer than 2^28 items: the slabs are limited to
// 10^6) or the index of its right child (the left child follows it).
// 64 bytes, one cache line: at 72, most nodes a query visited straddled
// two.
type treeNode struct {
	box              fatBox
	minItem, maxItem int32
	leaf             int32
	right            int32
}

// span returns leaf nd's range of items.
func (nd *treeNode) span() (start, end int32) {
	start = nd.leaf >> 3
	return start, start + nd.leaf&7
}

const (
	// treeLeafItems is the most items in a leaf.
	treeLeafItems = 4
	// treeMaxDepth bounds a query's stack: a median split halves the items
	// at every level, so int32 item counts never come near it.
	treeMaxDepth = 64
	// An item is oversized (kept out of the nodes) when its largest side is
	// over treeBigShare of the largest side of all the boxes' bound, in a
	// tree of at least treeBigMinItems items; if more than treeBigMax items
	// are, none is.
	treeBigShare    = 0.25
	treeBigMinItems = 64
	treeBigMax      = 8
)

// build makes the tree over those of items 0..n-1 for which box(i) gives a
// box and true.
func (t *boxTree) build(n int, box func(i int) (fatBox, bool)) {
	t.nodes = t.nodes[:0]
	t.items = t.items[:0]
	t.src = grow(t.src, n)
	t.cent = grow(t.cent, n)
	for i := 0; i < n; i++ {
		b, ok := box(i)
		if !ok || hasNaN(&b) {
			continue
		}
		t.src[i] = b
		t.cent[i] = sv{b.lo.x + b.hi.x, b.lo.y + b.hi.y, b.lo.z + b.hi.z}
		t.items = append(t.items, int32(i))
	}
	t.setBig()
	t.keys = grow(t.keys, len(t.items))
	// Every leaf but a lone one holds at least two items, so there are
	// fewer nodes than items: room for all of them, so the tree never
	// grows while it is made.
	if cap(t.nodes) < len(t.items) {
		t.nodes = make([]treeNode, 0, len(t.items))
	}
	if len(t.items) > 0 {
		t.split(0, len(t.items))
	}
	// The boxes in leaf order, so that a leaf's are read in one run.
	t.boxes = grow(t.boxes, len(t.items))
	for j, it := range t.items {
		t.boxes[j] = t.src[it]
	}
}

// setBig moves the oversized items (see treeBigShare) from items to
// bigItems and bigBoxes.
func (t *boxTree) setBig() {
	t.bigItems, t.bigBoxes = t.bigItems[:0], t.bigBoxes[:0]
	if len(t.items) < treeBigMinItems {
		return
	}
	all := t.src[t.items[0]]
	for _, it := range t.items {
		all = unionBox(&all, &t.src[it])
	}
	limit := treeBigShare * boxSide(&all)
	n := 0
	for _, it := range t.items {
		if boxSide(&t.src[it]) > limit {
			n++
		}
	}
	if n == 0 || n > treeBigMax {
		return
	}
	kept := t.items[:0]
	for _, it := range t.items {
		if boxSide(&t.src[it]) > limit {
			t.bigItems = append(t.bigItems, it)
			t.bigBoxes = append(t.bigBoxes, t.src[it])
			continue
		}
		kept = append(kept, it)
	}
	t.items = kept
}

// boxSide returns box b's largest side.
func boxSide(b *fatBox) float64 {
	return max(b.hi.x-b.lo.x, b.hi.y-b.lo.y, b.hi.z-b.lo.z)
}

// dropScratch lets the memory that only building uses go, for a tree that
// is made seldom (the slabs').
func (t *boxTree) dropScratch() { t.src, t.cent, t.keys = nil, nil, nil }

func hasNaN(b *fatBox) bool {
	return b.lo.x != b.lo.x || b.lo.y != b.lo.y || b.lo.z != b.lo.z ||
		b.hi.x != b.hi.x || b.hi.y != b.hi.y || b.hi.z != b.hi.z
}

// split makes the subtree of items [lo, hi) and returns its node's index.
func (t *boxTree) split(lo, hi int) int32 {
	at := int32(len(t.nodes))
	t.nodes = append(t.nodes, treeNode{right: -1})
	if hi-lo <= treeLeafItems {
		nd := treeNode{leaf: int32(lo)<<3 | int32(hi-lo), right: -1, minItem: math.MaxInt32, maxItem: -1}
		nd.box = t.src[t.items[lo]]
		for _, it := range t.items[lo:hi] {
			b := &t.src[it]
			nd.box = unionBox(&nd.box, b)
			nd.minItem, nd.maxItem = min(nd.minItem, it), max(nd.maxItem, it)
		}
		t.nodes[at] = nd
		return at
	}
	// The longest axis of the centres' bounds, split at the median.
	c0 := t.cent[t.items[lo]]
	cl, ch := c0, c0
	for _, it := range t.items[lo:hi] {
		c := t.cent[it]
		cl = sv{min(cl.x, c.x), min(cl.y, c.y), min(cl.z, c.z)}
		ch = sv{max(ch.x, c.x), max(ch.y, c.y), max(ch.z, c.z)}
	}
	d := sv{ch.x - cl.x, ch.y - cl.y, ch.z - cl.z}
	for j, it := range t.items[lo:hi] {
		c := t.cent[it]
		switch {
		case d.x >= d.y && d.x >= d.z:
			t.keys[lo+j] = c.x
		case d.y >= d.z:
			t.keys[lo+j] = c.y
		default:
			t.keys[lo+j] = c.z
		}
	}
	mid := (lo + hi) / 2
	selectNth(t.keys[lo:hi], t.items[lo:hi], mid-lo)
	t.split(lo, mid)
	right := t.split(mid, hi)
	l, r := &t.nodes[at+1], &t.nodes[right]
	t.nodes[at] = treeNode{
		box:     unionBox(&l.box, &r.box),
		minItem: min(l.minItem, r.minItem),
		maxItem: max(l.maxItem, r.maxItem),
		right:   right,
	}
	return at
}

func unionBox(a, b *fatBox) fatBox {
	return fatBox{
		lo: sv{min(a.lo.x, b.lo.x), min(a.lo.y, b.lo.y), min(a.lo.z, b.lo.z)},
		hi: sv{max(a.hi.x, b.hi.x), max(a.hi.y, b.hi.y), max(a.hi.z, b.hi.z)},
	}
}

// selectNth reorders keys (and items with them) so that position k holds
// what a sort by (key, item) would put there, smaller before it and larger
// after: quickselect, in linear time on average, where sorting every level
// made a million-slab build take seconds.
func selectNth(keys []float64, items []int32, k int) {
	less := func(i, j int) bool {
		return keys[i] < keys[j] || keys[i] == keys[j] && items[i] < items[j]
	}
	swap := func(i, j int) {
		keys[i], keys[j] = keys[j], keys[i]
		items[i], items[j] = items[j], items[i]
	}
	lo, hi := 0, len(keys)-1
	for hi > lo {
		// Median of three as the pivot, moved to hi.
		m := int(uint(lo+hi) >> 1)
		if less(m, lo) {
			swap(m, lo)
		}
		if less(hi, lo) {
			swap(hi, lo)
		}
		if less(m, hi) {
			swap(m, hi)
		}
		p := lo
		for i := lo; i < hi; i++ {
			if less(i, hi) {
				swap(i, p)
				p++
			}
		}
		swap(p, hi)
		switch {
		case k < p:
			hi = p - 1
		case k > p:
			lo = p + 1
		default:
			return
		}
	}
}

// anyOverlap reports whether some item's box overlaps q: collect's walk,
// stopped at the first item.
func (t *boxTree) anyOverlap(q *fatBox) bool {
	var one [1]int32
	return len(t.collect(q, one[:0], 1)) > 0
}

// appendOverlaps appends to out the items whose boxes overlap q, in no
// particular order.
func (t *boxTree) appendOverlaps(q *fatBox, out []int32) []int32 {
	return t.collect(q, out, math.MaxInt)
}

// collect appends to out the items whose boxes overlap q, in no particular
// order, stopping once it has appended limit of them.
func (t *boxTree) collect(q *fatBox, out []int32, limit int) []int32 {
	want := len(out) + min(limit, math.MaxInt-len(out))
	for j := range t.bigBoxes {
		if len(out) < want && q.overlaps(&t.bigBoxes[j]) {
			out = append(out, t.bigItems[j])
		}
	}
	if len(out) >= want || len(t.nodes) == 0 || !q.overlaps(&t.nodes[0].box) {
		return out
	}
	// The root first, before the stack is made: most queries of a world of
	// few slabs (a pile on its ground) end here.
	if root := &t.nodes[0]; root.right < 0 {
		return t.leafOverlaps(root, q, out, want)
	}
	// The descent of anyOverlap: both children tested at a node, the
	// second stacked only when q overlaps both.
	var stack [treeMaxDepth]int32
	sp := 0
	at := int32(0)
	for {
		nd := &t.nodes[at]
		if nd.right < 0 {
			if out = t.leafOverlaps(nd, q, out, want); len(out) >= want {
				return out
			}
		} else {
			l, r := at+1, nd.right
			inL, inR := q.overlaps(&t.nodes[l].box), q.overlaps(&t.nodes[r].box)
			switch {
			case inL && inR:
				stack[sp] = r
				sp++
				at = l
				continue
			case inL:
				at = l
				continue
			case inR:
				at = r
				continue
			}
		}
		if sp == 0 {
			return out
		}
		sp--
		at = stack[sp]
	}
}

// leafOverlaps appends leaf nd's items whose boxes overlap q, until out
// holds want.
func (t *boxTree) leafOverlaps(nd *treeNode, q *fatBox, out []int32, want int) []int32 {
	start, end := nd.span()
	for j := start; j < end && len(out) < want; j++ {
		if q.overlaps(&t.boxes[j]) {
			out = append(out, t.items[j])
		}
	}
	return out
}

// nextOverlap returns the lowest-numbered item after item `after` whose box
// overlaps q, or -1: a loop over the items in order, as a search that skips
// the subtrees holding only lower numbers, or none lower than the best
// found so far. The workers call it where a scratch list per worker would
// be needed.
func (t *boxTree) nextOverlap(q *fatBox, after int32) int32 {
	best := int32(math.MaxInt32)
	for j, it := range t.bigItems {
		if it > after && q.overlaps(&t.bigBoxes[j]) {
			best = it // ascending: the first is the lowest
			break
		}
	}
	if len(t.nodes) == 0 || t.nodes[0].maxItem <= after || t.nodes[0].minItem >= best || !q.overlaps(&t.nodes[0].box) {
		if best == math.MaxInt32 {
			return -1
		}
		return best
	}
	var stack [treeMaxDepth]int32
	sp := 1
	for sp > 0 {
		sp--
		nd := &t.nodes[stack[sp]]
		if nd.maxItem <= after || nd.minItem >= best || !q.overlaps(&nd.box) {
			continue
		}
		if nd.right < 0 {
			start, end := nd.span()
			for j := start; j < end; j++ {
				if it := t.items[j]; it > after && it < best && q.overlaps(&t.boxes[j]) {
					best = it
				}
			}
			continue
		}
		// The child with the lower numbers is searched first (pushed
		// last), so that the other is often skipped.
		l, r := stack[sp]+1, nd.right
		if t.nodes[r].minItem < t.nodes[l].minItem {
			l, r = r, l
		}
		stack[sp], stack[sp+1] = r, l
		sp += 2
	}
	if best == math.MaxInt32 {
		return -1
	}
	return best
}

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
