package physics

import (
	"math"
	"slices"
)

// The candidate search of the broadphase: proxies in a uniform grid (see
// broadphase.go).

// findCandidates makes new proxies around the fat boxes and finds every pair
// of overlapping proxies, and every proxy overlapping a slab, into bp.cand.
func (w *World) findCandidates() {
	bp := &w.bp
	n := len(w.bodies)
	if cap(bp.proxy) < n {
		bp.proxy = make([]fatBox, n, cap(bp.fat))
	}
	bp.proxy = bp.proxy[:n]
	bp.size = grow(bp.size, n)
	bp.moved = grow(bp.moved, n) // for moveProxies, all false between uses
	// Every proxy is made again and entered into the new grid.
	for _, b := range bp.staleList {
		bp.stale[b] = false
	}
	bp.staleList = bp.staleList[:0]
	bp.stale = grow(bp.stale, n)
	if cap(bp.keyTmp) > cap(bp.cand) {
		// The two swap roles in the sort: append into the larger one.
		bp.cand, bp.keyTmp = bp.keyTmp, bp.cand
	}
	bp.cand = bp.cand[:0]
	var hist [128]int32
	for i := range bp.fat {
		p := bp.makeProxy(i)
		bp.proxy[i] = p
		size := math.Max(p.hi.x-p.lo.x, math.Max(p.hi.y-p.lo.y, p.hi.z-p.lo.z))
		bp.size[i] = size
		_, exp := math.Frexp(size)
		hist[clampInt(exp+64, 0, 127)]++
	}
	tree := w.staticTree()
	for i := range bp.proxy {
		hits := tree.appendOverlaps(&bp.proxy[i], w.scratch.hits[:0])
		for _, k := range hits {
			bp.cand = append(bp.cand, pairKeyStatic(i, int(k)))
		}
		w.scratch.hits = hits
	}
	w.gridPairs(&hist)
	bp.keyTmp = grow(bp.keyTmp, len(bp.cand))
	sorted := sortKeys(bp.cand, bp.keyTmp)
	if len(sorted) > 0 && &sorted[0] != &bp.cand[0] {
		bp.cand, bp.keyTmp = sorted, bp.cand
	}
	bp.reserveCandidates()
	bp.nBodies, bp.nStatics, bp.valid = n, len(w.statics), true
	bp.searches++
}

// reserveCandidates gives every buffer the candidates pass through room for
// half as many again as this search found: cand, and keyTmp and merge, which
// trade roles with it in the sort and in moveProxies, and fresh. Growing each
// on first use instead made a settling scene allocate in the middle of its
// run: the pyramid's first moveProxies, 22 steps in, allocated a 184 KB merge
// buffer (issue 9). Between searches the candidates change only by proxies
// moved one at a time, so the count rarely outgrows the room.
func (bp *broadphase) reserveCandidates() {
	room := len(bp.cand) + len(bp.cand)/2 + 16
	bp.cand = slices.Grow(bp.cand, room-len(bp.cand))
	bp.keyTmp = slices.Grow(bp.keyTmp[:0], room)
	bp.merge = slices.Grow(bp.merge[:0], room)
	bp.fresh = slices.Grow(bp.fresh[:0], room)
	bp.staleList = slices.Grow(bp.staleList[:0], maxStale(len(bp.proxy))+maxEscaped(len(bp.proxy)))
}

// gridPairs appends the pairs of overlapping proxies found by the grid to
// bp.cand.
func (w *World) gridPairs(hist *[128]int32) {
	bp := &w.bp
	boxes := bp.proxy
	n := len(boxes)
	// Cell size: the smallest power of two holding 90% of the proxies.
	need := int32(math.Ceil(0.9 * float64(n)))
	var acc int32
	exp := 0
	for k := range hist {
		acc += hist[k]
		if acc >= need {
			exp = k - 64
			break
		}
	}
	// Then shrink it to the largest proxy in those buckets: a power of two
	// could be almost twice the typical box, and every doubling of the cell
	// size multiplies the pairs tested per cell by about eight.
	limit := math.Ldexp(1, exp)
	size := 0.0
	for i := 0; i < n; i++ {
		if s := bp.size[i]; s <= limit && s > size {
			size = s
		}
	}
	bp.cellSize = size
	bp.invCell = 1 / bp.cellSize
	// Grid origin: the lowest cell of any proxy.
	omin := sv{math.Inf(1), math.Inf(1), math.Inf(1)}
	omax := sv{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i := 0; i < n; i++ {
		l, h := &boxes[i].lo, &boxes[i].hi
		omin = sv{min(omin.x, l.x), min(omin.y, l.y), min(omin.z, l.z)}
		omax = sv{max(omax.x, h.x), max(omax.y, h.y), max(omax.z, h.z)}
	}
	bp.origin = sv{math.Floor(omin.x * bp.invCell), math.Floor(omin.y * bp.invCell), math.Floor(omin.z * bp.invCell)}
	bp.nx, bp.ny = 1<<21, 1<<21 // cellOf clamps to this, so keys always fit
	top := bp.cellOf(omax)
	bp.nx, bp.ny = uint64(top[0]+1), uint64(top[1]+1)
	bp.cells = bp.cells[:0]
	bp.big = bp.big[:0]
	bp.loCell = grow(bp.loCell, n)
	for i := 0; i < n; i++ {
		c0 := bp.cellOf(boxes[i].lo)
		c1 := bp.cellOf(boxes[i].hi)
		bp.loCell[i] = [3]int32{int32(c0[0]), int32(c0[1]), int32(c0[2])}
		count := (c1[0] - c0[0] + 1) * (c1[1] - c0[1] + 1) * (c1[2] - c0[2] + 1)
		if count > maxCellsPerBody {
			bp.big = append(bp.big, int32(i))
			continue
		}
		for z := c0[2]; z <= c1[2]; z++ {
			for y := c0[1]; y <= c1[1]; y++ {
				for x := c0[0]; x <= c1[0]; x++ {
					bp.cells = append(bp.cells, cellEntry{key: bp.cellKey(x, y, z), body: int32(i)})
				}
			}
		}
	}
	bp.cellTmp = grow(bp.cellTmp, len(bp.cells))
	cells := sortCells(bp.cells, bp.cellTmp)
	bp.grid = cells
	// Walk each run of equal keys (one cell) and pair its bodies.
	for s := 0; s < len(cells); {
		key := cells[s].key
		e := s + 1
		for e < len(cells) && cells[e].key == key {
			e++
		}
		if e-s > 1 {
			bp.pairCell(cells[s:e], key)
		}
		s = e
	}
	// Oversized bodies against everyone (each unordered pair once).
	for bi, big := range bp.big {
		a := int(big)
		for b := 0; b < n; b++ {
			if b == a || bp.isBigBefore(b, bi) {
				continue
			}
			bp.tryPair(a, b, 0, false)
		}
	}
}

// pairCell appends to bp.cand the pairs of one cell's entries (run, all
// with key) whose proxies overlap, each in the cell that holds the corner
// of their overlap only (tryPair's rule), without a branch per pair: in a
// pile, whether two proxies sharing a cell overlap is a toss-up, which a
// branch mispredicted half the time. The corner's cell is the largest of
// the two proxies' lowest cells, axis by axis (cellOf rounds down, so it
// keeps the order of points), and every pair is written, its slot kept
// only if it passes.
func (bp *broadphase) pairCell(run []cellEntry, key uint64) {
	k := len(run)
	start := len(bp.cand)
	cand := slices.Grow(bp.cand, k*(k-1)/2)
	cand = cand[:cap(cand)]
	n := start
	for i := range run {
		a := run[i].body
		A := &bp.proxy[a]
		ca := &bp.loCell[a]
		for _, eb := range run[i+1:] {
			b := eb.body
			B := &bp.proxy[b]
			cb := &bp.loCell[b]
			corner := bp.cellKey(int64(max(ca[0], cb[0])), int64(max(ca[1], cb[1])), int64(max(ca[2], cb[2])))
			ok := oneIf(A.lo.x <= B.hi.x) & oneIf(B.lo.x <= A.hi.x) & oneIf(A.lo.y <= B.hi.y) &
				oneIf(B.lo.y <= A.hi.y) & oneIf(A.lo.z <= B.hi.z) & oneIf(B.lo.z <= A.hi.z) & oneIf(corner == key)
			cand[n] = pairKeyBodies(int(min(a, b)), int(max(a, b)))
			n += ok
		}
	}
	bp.cand = cand[:n]
}

// oneIf is 1 if b holds, else 0 (a flag set, not a branch).
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}

// proxyPartners appends to bp.fresh the pairs of body a, whose proxy has
// just moved, with every body whose proxy overlaps it: the bodies the last
// search entered into the cells a's proxy covers (each pair taken in the
// cell of its overlap's corner, so once), the oversized bodies it tested
// against everyone, and the bodies whose proxies moved since (stale: the
// grid places them where they were). Of two bodies that both moved this
// step, the lower one records the pair. The grid is the search's: its
// cells hold every proxy of then, and a point outside it clamps to its
// border, so a's clamped range of cells still holds every overlap with
// them. A proxy covering more than maxCellsPerBody cells is tested against
// every proxy instead.
func (bp *broadphase) proxyPartners(a int) {
	P := &bp.proxy[a]
	c0, c1 := bp.cellOf(P.lo), bp.cellOf(P.hi)
	if (c1[0]-c0[0]+1)*(c1[1]-c0[1]+1)*(c1[2]-c0[2]+1) > maxCellsPerBody {
		for b := range bp.proxy {
			if b == a || bp.moved[b] && b < a || !P.overlaps(&bp.proxy[b]) {
				continue
			}
			bp.fresh = append(bp.fresh, pairKeyBodies(min(a, b), max(a, b)))
		}
		return
	}
	grid := bp.grid
	for z := c0[2]; z <= c1[2]; z++ {
		for y := c0[1]; y <= c1[1]; y++ {
			for x := c0[0]; x <= c1[0]; x++ {
				key := bp.cellKey(x, y, z)
				// The first entry of the cell: a binary search of the
				// sorted entries.
				lo, hi := 0, len(grid)
				for lo < hi {
					m := int(uint(lo+hi) >> 1)
					if grid[m].key < key {
						lo = m + 1
					} else {
						hi = m
					}
				}
				for j := lo; j < len(grid) && grid[j].key == key; j++ {
					b := int(grid[j].body)
					if b == a || bp.stale[b] {
						continue
					}
					bp.pairInCell(a, b, key)
				}
			}
		}
	}
	for _, big := range bp.big {
		b := int(big)
		if b != a && !bp.stale[b] && P.overlaps(&bp.proxy[b]) {
			bp.fresh = append(bp.fresh, pairKeyBodies(min(a, b), max(a, b)))
		}
	}
	for _, s := range bp.staleList {
		b := int(s)
		if b == a || bp.moved[b] && b < a || !P.overlaps(&bp.proxy[b]) {
			continue
		}
		bp.fresh = append(bp.fresh, pairKeyBodies(min(a, b), max(a, b)))
	}
}

// pairInCell appends the pair (a, b) to bp.fresh when their proxies overlap
// and the corner of their overlap lies in the cell key (tryPair's rule).
func (bp *broadphase) pairInCell(a, b int, key uint64) {
	A, B := &bp.proxy[a], &bp.proxy[b]
	if !A.overlaps(B) {
		return
	}
	c := bp.cellOf(sv{max(A.lo.x, B.lo.x), max(A.lo.y, B.lo.y), max(A.lo.z, B.lo.z)})
	if bp.cellKey(c[0], c[1], c[2]) != key {
		return
	}
	bp.fresh = append(bp.fresh, pairKeyBodies(min(a, b), max(a, b)))
}

// isBigBefore reports whether body b is an oversized body listed before
// position bi (so the pair was already tested from b's side).
func (bp *broadphase) isBigBefore(b, bi int) bool {
	for _, x := range bp.big[:bi] {
		if int(x) == b {
			return true
		}
	}
	return false
}

// tryPair appends the pair (a, b) to the candidates when their proxies
// overlap. With inCell, the pair is kept only in the cell that holds the
// corner of their overlap, so it is reported once.
func (bp *broadphase) tryPair(a, b int, key uint64, inCell bool) {
	if a == b {
		return
	}
	A, B := &bp.proxy[a], &bp.proxy[b]
	if !A.overlaps(B) {
		return
	}
	if inCell {
		c := bp.cellOf(sv{max(A.lo.x, B.lo.x), max(A.lo.y, B.lo.y), max(A.lo.z, B.lo.z)})
		if bp.cellKey(c[0], c[1], c[2]) != key {
			return
		}
	}
	if a > b {
		a, b = b, a
	}
	bp.cand = append(bp.cand, pairKeyBodies(a, b))
}

// cellOf returns the clamped grid coordinates of point p.
func (bp *broadphase) cellOf(p sv) [3]int64 {
	return [3]int64{
		cellCoord(math.Floor(p.x*bp.invCell) - bp.origin.x),
		cellCoord(math.Floor(p.y*bp.invCell) - bp.origin.y),
		cellCoord(math.Floor(p.z*bp.invCell) - bp.origin.z),
	}
}

func cellCoord(f float64) int64 {
	switch {
	case !(f >= 0): // also NaN
		return 0
	case f >= cellCoordLimit-1:
		return cellCoordLimit - 1
	}
	return int64(f)
}

// cellKey packs cell coordinates densely (x + nx (y + ny z)) so that the
// radix sort has few significant bytes to sort on.
func (bp *broadphase) cellKey(x, y, z int64) uint64 {
	return uint64(x) + bp.nx*(uint64(y)+bp.ny*uint64(z))
}
