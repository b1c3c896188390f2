package physics

import "math"

// Broadphase: the pairs whose fat boxes overlap, found through candidate
// pairs that are kept from step to step.
//
// Each body's fat box is its oriented extent plus its speculative margin.
// The pairs the narrowphase sees are exactly those whose fat boxes overlap
// (and, for two bodies, not both asleep), sorted by key. Finding them from
// scratch every step (a grid rebuilt and radix-sorted) was a tenth of the
// step for piles that barely move, so the search runs on proxies instead:
// each body's fat box grown by a pad (proxyGrowth). The candidate pairs are
// the overlapping proxies, found again only when some fat box leaves its
// proxy or outgrows its need (or bodies or slabs are added); every step
// filters the candidates with the exact test. Since every overlapping pair
// of fat boxes is a candidate, the result is the same set, bit for bit,
// whether or not the candidates were rebuilt this step.
//
// The search itself enters each proxy into every cell of a uniform grid that
// it covers; entries are radix-sorted by cell and each cell's bodies are
// paired. A pair is reported only in the cell holding the corner max(minA,
// minB) of the two boxes' overlap, so it is found once however many cells the
// two share. The cell size is the largest proxy among the 90% smallest (found
// with a histogram of powers of two, no sort), so a typical box covers at
// most 2 cells per axis; larger bodies that would cover more than
// maxCellsPerBody cells are tested against everyone instead. Rejected
// alternatives: all pairs (8 million tests for 4,000 bodies); sort-and-sweep
// on one axis, which degrades to thousands of tests per body in a pile whose
// columns line up along that axis; a dynamic AABB tree, which is more code
// for no gain at these sizes.
//
// Pairs are keyed (lower index << 32 | tag) and sorted, so the narrowphase can
// match them against last step's contacts by a merge, and the solver sees a
// fixed order. Tags: a slab k is k, a body b is pairBodyBit | b, so for each
// body its slab contacts come first (stacks solve bottom-up).

const (
	pairBodyBit     = 1 << 31
	maxCellsPerBody = 64
	cellCoordLimit  = 1 << 21 // cells per axis before clamping (keys pack 3 x 21 bits)
	// A proxy's pad is how far it reaches beyond its fat box, m: proxyMin
	// plus the distance the body would travel in proxyLeadSteps steps at
	// its speed when the proxy is made, at most proxyGrowth times the
	// box's size (Box2D's fixed 10 cm for a 1 m box). A moving body so
	// keeps its candidates for at least that many steps, and a resting one
	// gets a tight proxy: with the full pad for every body, the awake
	// 1,000 pile's columns, 10 cm apart, were each other's candidates,
	// 10,576 for 1,000 pairs, all tested every step. A proxy more than
	// proxyShrink times the pad its body's speed now asks for is made
	// again (a settling body gives its wide proxy back). The pairs are the
	// same whatever the pads (see above): only the time changes.
	proxyGrowth    = 0.1
	proxyMin       = 0.02
	proxyLeadSteps = 10
	proxyShrink    = 3
	// maxBodyPairs bounds the pairs one body has with other bodies in a
	// step. A box in a stack or a pile touches a dozen others at most, but
	// n boxes placed at one point touch each other n(n-1)/2 times: 3,000 of
	// them made the first step ask for 4.5 GB of manifolds. With the bound,
	// contact memory grows linearly with the bodies whatever their overlap;
	// a crowded body takes its pairs in key order (the lowest-numbered
	// bodies first), and picks up the others as the crowd thins out.
	maxBodyPairs = 32
)

type broadphase struct {
	fat       []fatBox   // fat AABB per body this step
	proxy     []fatBox   // proxy per body: a fat box grown by its pad
	pad       []float64  // per body: the pad its proxy was made with, m
	lead      []float64  // per body: its travel over proxyLeadSteps steps at this step's speed, m
	margin    []float64  // speculative reach per body, m
	pairCount []int32    // body-body pairs kept per body this step (maxBodyPairs)
	size      []float64  // largest side of the proxy per body, m
	loCell    [][3]int32 // per body: the last search's cell of its proxy's lowest corner
	cells     []cellEntry
	cellTmp   []cellEntry
	big       []int32
	cand      []uint64 // candidate pairs (overlapping proxies), sorted
	keys      []uint64 // this step's pairs (overlapping fat boxes), sorted
	keyTmp    []uint64
	fresh     []uint64 // candidates of the bodies whose proxy moved
	merge     []uint64 // scratch for merging fresh candidates in
	escaped   []int32  // bodies whose fat box left its proxy this step
	left      []bool   // per body: its fat box left its proxy (fatBoxes)
	keep      bool     // the candidates may be kept (left is meaningful)
	hit       []bool   // per candidate: the exact test passed (testCands)
	asleep    []bool   // per body, for testCands and the solver's collection: a byte, not a line of the body record (wakeBody keeps it)
	moved     []bool   // per body: in escaped
	// The last search's grid, kept for moveProxies: its entries sorted by
	// cell (grid aliases cells or cellTmp), and the bodies whose proxies
	// have moved since, which the grid no longer places right.
	grid      []cellEntry
	stale     []bool  // per body: in staleList
	staleList []int32 // in the order they first moved

	// What the candidates were found for; a change forces a new search.
	nBodies, nStatics int
	valid             bool
	alwaysSearch      bool // tests: search every step, as a reference
	searches          int  // searches so far (for tests)
	moves             int  // moveProxies calls so far (for tests)

	cellSize, invCell float64
	origin            sv     // grid coordinates of cell (0,0,0)
	nx, ny            uint64 // grid size in cells along x and y
}

// fatBox is a body's fat AABB for this step.
type fatBox struct{ lo, hi sv }

func (a *fatBox) overlaps(b *fatBox) bool {
	return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y &&
		a.lo.z <= b.hi.z && b.lo.z <= a.hi.z
}

func (a *fatBox) contains(b *fatBox) bool {
	return a.lo.x <= b.lo.x && a.lo.y <= b.lo.y && a.lo.z <= b.lo.z &&
		b.hi.x <= a.hi.x && b.hi.y <= a.hi.y && b.hi.z <= a.hi.z
}

func pairKeyBodies(a, b int) uint64 {
	return uint64(a)<<32 | pairBodyBit | uint64(b)
}

func pairKeyStatic(a, k int) uint64 { return uint64(a)<<32 | uint64(k) }

// beginPairs sizes the broadphase's per-body arrays for this step's fat
// boxes, which prepareBodies makes (fatBoxes), and notes whether the
// candidates may be kept.
func (w *World) beginPairs() {
	bp := &w.bp
	n := len(w.bodies)
	if cap(bp.fat) < n {
		bp.fat = make([]fatBox, n, n+n/2+16)
	}
	bp.fat = bp.fat[:n]
	bp.margin = grow(bp.margin, n)
	sc := &w.scratch
	sc.rot = grow(sc.rot, n)
	// Bodies added since the search (shots) are handled like bodies that
	// left their proxies.
	valid := bp.valid && bp.nBodies <= n && bp.nStatics == len(w.statics) && !bp.alwaysSearch
	if valid && bp.nBodies < n {
		if cap(bp.proxy) < n {
			bp.proxy = append(make([]fatBox, 0, cap(bp.fat)), bp.proxy...)
		}
		bp.proxy = bp.proxy[:n]
	}
	bp.left = grow(bp.left, n)
	bp.asleep = grow(bp.asleep, n)
	bp.lead = grow(bp.lead, n)
	if len(bp.pad) < n {
		bp.pad = append(bp.pad, make([]float64, n-len(bp.pad))...)
	}
	bp.keep = valid
}

// updatePairs finds this step's sorted pairs from the fat boxes.
func (w *World) updatePairs() {
	bp := &w.bp
	n := len(w.bodies)
	w.scratch.sweeps = w.scratch.sweeps[:0]
	bp.keys = bp.keys[:0]
	valid := bp.keep
	// Room for every body to escape, so that appending never allocates.
	bp.escaped = grow(bp.escaped, n)[:0]
	w.par.begin()
	if valid {
		for i, out := range bp.left {
			if out {
				bp.escaped = append(bp.escaped, int32(i))
			}
		}
	}
	if n == 0 {
		w.par.end()
		return
	}
	switch {
	case !valid || len(bp.escaped) > maxEscaped(n) || len(bp.staleList)+len(bp.escaped) > maxStale(n):
		w.findCandidates()
	case len(bp.escaped) > 0:
		w.moveProxies()
	}
	// The exact test on every candidate (in parallel), then the pairs in
	// key order. A body keeps at most maxBodyPairs pairs with other bodies
	// (see there).
	bp.hit = grow(bp.hit, len(bp.cand))
	w.par.run(len(bp.cand), candChunk, w.fnTestCands)
	w.par.end()
	bp.pairCount = grow(bp.pairCount, n)
	clear(bp.pairCount)
	for k, key := range bp.cand {
		if !bp.hit[k] {
			continue
		}
		a := int(key >> 32)
		tag := uint32(key)
		if tag&pairBodyBit == 0 {
			bp.keys = append(bp.keys, key)
			continue
		}
		b := int(tag &^ pairBodyBit)
		if bp.pairCount[a] < maxBodyPairs && bp.pairCount[b] < maxBodyPairs {
			bp.pairCount[a]++
			bp.pairCount[b]++
			bp.keys = append(bp.keys, key)
		}
	}
}

// candChunk is the number of candidate pairs a worker tests at a time.
const candChunk = 1024

// fatBoxes computes the rotation matrix, speculative margin and fat box of
// bodies [lo, hi), and notes which left their proxies (bp.left). It runs in
// prepareBodies' pass, each chunk of bodies right after prepareRangeBodies,
// while their records are in the cache: as a pass of its own it read them
// from memory again.
func (w *World) fatBoxes(lo, hi int) {
	bp := &w.bp
	sc := &w.scratch
	dt := w.stepDt
	for i := lo; i < hi; i++ {
		b := &w.bodies[i]
		bp.asleep[i] = b.flags&flagSleeping != 0
		rotationInto(&sc.rot[i], &b.q)
		e := orientedExtentSV(&sc.rot[i], &b.half)
		// Speculative reach: the body's own motion this step, as long as it
		// is slow enough for discrete contacts; faster motion is the job of
		// continuous collision (or, with CCD off, is allowed to tunnel).
		// WorldDef.SpeculativeDistance: every body's margin, so contacts
		// are created before touching and resting contacts never flicker.
		m := w.def.SpeculativeDistance
		lead := 0.0
		if b.flags&flagSleeping == 0 {
			step := float64(math.Sqrt(w.sb[i].v.dot(w.sb[i].v)) * dt)
			if step <= w.ccdFraction(b)*b.minHalf {
				m += step
			}
			lead = step * proxyLeadSteps
		}
		bp.margin[i] = m
		bp.lead[i] = lead
		// In scalars: through the vec3 helpers (arrays, passed in memory)
		// the extent and this box took ten copies of an array to the stack
		// and back (docs/speed-notes.md).
		ex, ey, ez := e.x+m, e.y+m, e.z+m
		p := &b.pos
		bp.fat[i] = fatBox{lo: sv{p[0] - ex, p[1] - ey, p[2] - ez}, hi: sv{p[0] + ex, p[1] + ey, p[2] + ez}}
		bp.left[i] = bp.keep && (i >= bp.nBodies || !bp.proxy[i].contains(&bp.fat[i]) ||
			bp.pad[i] > proxyShrink*(proxyMin+lead))
	}
}

// testCands runs the exact test on candidates [lo, hi): their fat boxes
// overlap (a slab's box for a slab pair) and they are not both asleep.
func (w *World) testCands(lo, hi int) {
	bp := &w.bp
	for k := lo; k < hi; k++ {
		key := bp.cand[k]
		a := int(key >> 32)
		tag := uint32(key)
		A := &bp.fat[a]
		if tag&pairBodyBit == 0 {
			st := &w.statics[tag]
			bp.hit[k] = !bp.asleep[a] && overlapsAABB(A.lo.vec(), A.hi.vec(), st.min, st.max)
			continue
		}
		b := int(tag &^ pairBodyBit)
		bp.hit[k] = !(bp.asleep[a] && bp.asleep[b]) && A.overlaps(&bp.fat[b])
	}
}

// maxEscaped is the most of n bodies whose proxies are moved one by one in
// a step; beyond it the grid search is cheaper. An eighth of the bodies,
// at least 64 and at most maxEscapedCap: a level whose hundred fast boxes
// leave their proxies every step searched its whole grid every step at a
// fixed 64.
func maxEscaped(n int) int { return clampInt(n/8, 64, maxEscapedCap) }

// maxEscapedCap bounds maxEscaped, and so the proxies moved one by one.
const maxEscapedCap = 256

// maxStale is how many bodies may have moved their proxies since the last
// search before the next step searches again: each escaped body is tested
// against all of them (they are not in the search's grid), so the test
// count per step stays under maxEscapedCap times this.
func maxStale(n int) int { return max(512, n/8) }

// moveProxies gives the bodies in bp.escaped new proxies and replaces their
// candidates: the others' proxies have not moved, so their pairs stand.
// Each new proxy finds its partners through the last search's grid
// (proxyPartners) rather than by a test against every proxy, which made a
// step in which a few bodies escape cost O(n) per body.
func (w *World) moveProxies() {
	bp := &w.bp
	n := len(w.bodies)
	bp.moved = grow(bp.moved, n) // all false: reset below after each use
	for len(bp.stale) < n {
		bp.stale = append(bp.stale, false) // bodies added since the search
	}
	for _, e := range bp.escaped {
		bp.moved[e] = true
		bp.proxy[e] = bp.makeProxy(int(e))
		if !bp.stale[e] {
			bp.stale[e] = true
			bp.staleList = append(bp.staleList, e)
		}
	}
	bp.fresh = bp.fresh[:0]
	for _, e := range bp.escaped {
		a := int(e)
		hits := w.staticTree().appendOverlaps(&bp.proxy[a], w.scratch.hits[:0])
		for _, k := range hits {
			bp.fresh = append(bp.fresh, pairKeyStatic(a, int(k)))
		}
		w.scratch.hits = hits
		bp.proxyPartners(a)
	}
	bp.keyTmp = grow(bp.keyTmp, len(bp.fresh))
	fresh := sortKeys(bp.fresh, bp.keyTmp)
	// Merge the standing candidates with the fresh ones into the spare
	// buffer (fresh may live in keyTmp); cand and merge then swap roles.
	// The search reserved room for both (reserveCandidates): this only
	// allocates when moved proxies found far more pairs than it did.
	if need := len(bp.cand) + len(fresh); cap(bp.merge) < need {
		bp.merge = make([]uint64, 0, need+need/2)
	}
	out := bp.merge[:0]
	i := 0
	for _, key := range bp.cand {
		a, tag := key>>32, uint32(key)
		if bp.moved[a] || tag&pairBodyBit != 0 && bp.moved[tag&^pairBodyBit] {
			continue
		}
		for i < len(fresh) && fresh[i] < key {
			out = append(out, fresh[i])
			i++
		}
		out = append(out, key)
	}
	out = append(out, fresh[i:]...)
	bp.cand, bp.merge = out, bp.cand[:0]
	for _, e := range bp.escaped {
		bp.moved[e] = false
	}
	bp.nBodies = n
	bp.moves++
}

// makeProxy returns body i's fat box grown by its pad (see proxyGrowth),
// and notes the pad.
func (bp *broadphase) makeProxy(i int) fatBox {
	f := &bp.fat[i]
	size := math.Max(f.hi.x-f.lo.x, math.Max(f.hi.y-f.lo.y, f.hi.z-f.lo.z))
	g := math.Min(proxyMin+bp.lead[i], math.Max(proxyGrowth*size, proxyMin))
	bp.pad[i] = g
	return fatBox{lo: sv{f.lo.x - g, f.lo.y - g, f.lo.z - g}, hi: sv{f.hi.x + g, f.hi.y + g, f.hi.z + g}}
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
