package physics

import "math"

// Broadphase: candidate pairs from a uniform grid rebuilt every step.
//
// Each body's fat box (its oriented extent plus its speculative margin) is
// entered into every grid cell it covers; entries are radix-sorted by cell and
// each cell's bodies are paired. A pair is reported only in the cell holding
// the corner max(minA, minB) of the two boxes' overlap, so it is found once
// however many cells the two share. The cell size is picked each step as the
// largest fat box among the 90% smallest (found with a histogram of powers of
// two, no sort), so a typical box covers at most 2 cells per axis; larger
// bodies that would cover more than maxCellsPerBody cells are tested against
// everyone instead. Rejected alternatives: all pairs (8 million tests for
// 4,000 bodies); sort-and-sweep on one axis, which degrades to thousands of
// tests per body in a pile whose columns line up along that axis; a dynamic
// AABB tree, which is more code for no gain at these sizes.
//
// Pairs are keyed (lower index << 32 | tag) and sorted, so the narrowphase can
// match them against last step's contacts by a merge, and the solver sees a
// fixed order. Tags: a slab k is k, a body b is pairBodyBit | b, so for each
// body its slab contacts come first (stacks solve bottom-up).

const (
	pairBodyBit     = 1 << 31
	maxCellsPerBody = 64
	cellCoordLimit  = 1 << 21 // cells per axis before clamping (keys pack 3 x 21 bits)
	// specBase is the speculative margin every body gets, m: contacts are
	// created this far before touching so resting contacts never flicker.
	specBase = 0.005
)

type broadphase struct {
	fat     []fatBox  // fat AABB per body this step
	margin  []float64 // speculative reach per body, m
	size    []float64 // largest side of the fat box per body, m
	cells   []cellEntry
	cellTmp []cellEntry
	big     []int32
	keys    []uint64 // candidate pairs, sorted
	keyTmp  []uint64

	cellSize, invCell float64
	origin            sv     // grid coordinates of cell (0,0,0)
	nx, ny            uint64 // grid size in cells along x and y
}

// fatBox is a body's fat AABB for this step.
type fatBox struct{ lo, hi sv }

func pairKeyBodies(a, b int) uint64 {
	return uint64(a)<<32 | pairBodyBit | uint64(b)
}

func pairKeyStatic(a, k int) uint64 { return uint64(a)<<32 | uint64(k) }

// updatePairs computes fat boxes and the sorted candidate pairs for this step.
func (w *World) updatePairs(dt float64) {
	bp := &w.bp
	n := len(w.bodies)
	if cap(bp.fat) < n {
		bp.fat = make([]fatBox, n, n+n/2+16)
	}
	bp.fat = bp.fat[:n]
	bp.margin = growF(bp.margin, n)
	bp.size = growF(bp.size, n)
	sc := &w.scratch
	sc.rot = growMat(sc.rot, n)
	sc.touched = sc.touched[:0]
	sc.sweeps = sc.sweeps[:0]
	bp.keys = bp.keys[:0]

	var hist [128]int32
	for i := range w.bodies {
		b := &w.bodies[i]
		sc.rot[i] = rotationMatrix(b.q)
		e := orientedExtent(&sc.rot[i], b.half)
		// Speculative reach: the body's own motion this step, as long as it
		// is slow enough for discrete contacts; faster motion is the job of
		// continuous collision (or, with CCD off, is allowed to tunnel).
		m := specBase
		if b.flags&flagSleeping == 0 {
			if step := math.Sqrt(w.sb[i].v.dot(w.sb[i].v)) * dt; step <= w.ccdFraction(b)*b.minHalf {
				m += step
			}
		}
		bp.margin[i] = m
		em := vec3{e[0] + m, e[1] + m, e[2] + m}
		bp.fat[i] = fatBox{lo: toSV(sub(b.pos, em)), hi: toSV(add(b.pos, em))}
		size := 2 * math.Max(em[0], math.Max(em[1], em[2]))
		bp.size[i] = size
		_, exp := math.Frexp(size)
		hist[clampInt(exp+64, 0, 127)]++
	}
	if n == 0 {
		return
	}
	// Slab pairs: awake bodies against every slab their fat box touches.
	for i := range w.bodies {
		if w.bodies[i].flags&flagSleeping != 0 {
			continue
		}
		lo, hi := bp.fat[i].lo.vec(), bp.fat[i].hi.vec()
		for k := range w.statics {
			st := &w.statics[k]
			if overlapsAABB(lo, hi, st.min, st.max) {
				bp.keys = append(bp.keys, pairKeyStatic(i, k))
			}
		}
	}
	w.gridPairs(&hist)
	bp.keyTmp = growU64(bp.keyTmp, len(bp.keys))
	sorted := sortKeys(bp.keys, bp.keyTmp)
	if len(sorted) > 0 && &sorted[0] != &bp.keys[0] {
		bp.keys, bp.keyTmp = sorted, bp.keys
	}
}

// gridPairs appends the body-body pairs found by the grid to bp.keys.
func (w *World) gridPairs(hist *[128]int32) {
	bp := &w.bp
	n := len(w.bodies)
	// Cell size: the smallest power of two holding 90% of the fat boxes.
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
	// Then shrink it to the largest fat box in those buckets: a power of two
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
	// Grid origin: the lowest cell of any body's fat box.
	omin := sv{math.Inf(1), math.Inf(1), math.Inf(1)}
	for i := 0; i < n; i++ {
		l := &bp.fat[i].lo
		omin = sv{min(omin.x, l.x), min(omin.y, l.y), min(omin.z, l.z)}
	}
	bp.origin = sv{math.Floor(omin.x * bp.invCell), math.Floor(omin.y * bp.invCell), math.Floor(omin.z * bp.invCell)}
	omax := sv{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i := 0; i < n; i++ {
		h := &bp.fat[i].hi
		omax = sv{max(omax.x, h.x), max(omax.y, h.y), max(omax.z, h.z)}
	}
	bp.nx, bp.ny = 1<<21, 1<<21 // cellOf clamps to this, so keys always fit
	top := bp.cellOf(omax)
	bp.nx, bp.ny = uint64(top[0]+1), uint64(top[1]+1)
	bp.cells = bp.cells[:0]
	bp.big = bp.big[:0]
	for i := 0; i < n; i++ {
		c0 := bp.cellOf(bp.fat[i].lo)
		c1 := bp.cellOf(bp.fat[i].hi)
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
	bp.cellTmp = growCells(bp.cellTmp, len(bp.cells))
	cells := sortCells(bp.cells, bp.cellTmp)
	// Walk each run of equal keys (one cell) and pair its bodies.
	for s := 0; s < len(cells); {
		key := cells[s].key
		e := s + 1
		for e < len(cells) && cells[e].key == key {
			e++
		}
		for i := s; i < e; i++ {
			a := int(cells[i].body)
			for j := i + 1; j < e; j++ {
				b := int(cells[j].body)
				w.tryBodyPair(a, b, key, true)
			}
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
			w.tryBodyPair(a, b, 0, false)
		}
	}
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

// tryBodyPair appends the pair (a, b) when their fat boxes overlap and at
// least one of them is awake. With inCell, the pair is kept only in the cell
// that holds the corner of their overlap, so it is reported once.
func (w *World) tryBodyPair(a, b int, key uint64, inCell bool) {
	if a == b {
		return
	}
	if w.bodies[a].flags&w.bodies[b].flags&flagSleeping != 0 {
		return
	}
	bp := &w.bp
	A, B := &bp.fat[a], &bp.fat[b]
	if !(A.lo.x <= B.hi.x && B.lo.x <= A.hi.x && A.lo.y <= B.hi.y && B.lo.y <= A.hi.y &&
		A.lo.z <= B.hi.z && B.lo.z <= A.hi.z) {
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
	bp.keys = append(bp.keys, pairKeyBodies(a, b))
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

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func (b *body) maxHalf() float64 { return math.Max(b.half[0], math.Max(b.half[1], b.half[2])) }

func growF(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n, n+n/2+16)
	}
	return s[:n]
}

func growU64(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n, n+n/2+16)
	}
	return s[:n]
}

func growCells(s []cellEntry, n int) []cellEntry {
	if cap(s) < n {
		return make([]cellEntry, n, n+n/2+16)
	}
	return s[:n]
}

func growMat(s []mat3, n int) []mat3 {
	if cap(s) < n {
		return make([]mat3, n, n+n/2+16)
	}
	return s[:n]
}
