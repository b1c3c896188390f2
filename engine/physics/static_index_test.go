package physics

import (
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The brute-force queries the tree replaced, kept as the tests' oracles.

func bruteOverlaps(boxes []fatBox, q *fatBox) []int32 {
	var out []int32
	for i := range boxes {
		if overlapsAABB(q.lo.vec(), q.hi.vec(), boxes[i].lo.vec(), boxes[i].hi.vec()) {
			out = append(out, int32(i))
		}
	}
	return out
}

func bruteNext(boxes []fatBox, q *fatBox, after int32) int32 {
	for i := after + 1; int(i) < len(boxes); i++ {
		if overlapsAABB(q.lo.vec(), q.hi.vec(), boxes[i].lo.vec(), boxes[i].hi.vec()) {
			return i
		}
	}
	return -1
}

// randomBoxes makes n boxes of the kinds levels have: pillars on a grid
// (sharing faces, so touching is tested), a ground under everything,
// flat and zero-thickness slabs, exact duplicates, and (with nan) boxes
// with a NaN corner, which nothing may meet.
func randomBoxes(rng *rand.Rand, n int, nan bool) []fatBox {
	boxes := make([]fatBox, 0, n)
	for len(boxes) < n {
		var b fatBox
		switch k := rng.Intn(10); {
		case k < 5: // a pillar on a 2 m grid, 1 or 2 m wide (neighbours touch)
			x, z := float64(rng.Intn(20)*2-20), float64(rng.Intn(20)*2-20)
			wd := float64(1 + rng.Intn(2))
			b = fatBox{lo: sv{x, 0, z}, hi: sv{x + wd, 4, z + wd}}
		case k == 5: // a ground
			b = fatBox{lo: sv{-50, -1, -50}, hi: sv{50, 0, 50}}
		case k == 6: // zero thickness
			x := rng.Float64()*40 - 20
			b = fatBox{lo: sv{x, 0, -10}, hi: sv{x, 3, 10}}
		case k == 7 && len(boxes) > 0: // a duplicate
			b = boxes[rng.Intn(len(boxes))]
		case k == 8 && nan:
			b = fatBox{lo: sv{math.NaN(), 0, 0}, hi: sv{1, 1, 1}}
		default: // anywhere, any size
			c := sv{rng.Float64()*60 - 30, rng.Float64()*10 - 2, rng.Float64()*60 - 30}
			h := sv{rng.Float64() * 3, rng.Float64() * 3, rng.Float64() * 3}
			b = fatBox{lo: sv{c.x - h.x, c.y - h.y, c.z - h.z}, hi: sv{c.x + h.x, c.y + h.y, c.z + h.z}}
		}
		boxes = append(boxes, b)
	}
	return boxes
}

// randomQuery makes a query box: around a random point, or exactly on an
// item's face (touching), or a segment's box of zero width, or NaN.
func randomQuery(rng *rand.Rand, boxes []fatBox) fatBox {
	switch k := rng.Intn(8); {
	case k == 0 && len(boxes) > 0: // touching an item's max x face from outside
		b := boxes[rng.Intn(len(boxes))]
		return fatBox{lo: sv{b.hi.x, b.lo.y, b.lo.z}, hi: sv{b.hi.x + 1, b.hi.y, b.hi.z}}
	case k == 1: // a point
		p := sv{rng.Float64()*60 - 30, rng.Float64() * 5, rng.Float64()*60 - 30}
		return fatBox{lo: p, hi: p}
	case k == 2:
		return fatBox{lo: sv{math.NaN(), 0, 0}, hi: sv{1, 1, 1}}
	case k == 3: // huge
		return fatBox{lo: sv{-1e9, -1e9, -1e9}, hi: sv{1e9, 1e9, 1e9}}
	}
	c := sv{rng.Float64()*60 - 30, rng.Float64()*10 - 2, rng.Float64()*60 - 30}
	h := sv{rng.Float64() * 4, rng.Float64() * 4, rng.Float64() * 4}
	return fatBox{lo: sv{c.x - h.x, c.y - h.y, c.z - h.z}, hi: sv{c.x + h.x, c.y + h.y, c.z + h.z}}
}

// TestBoxTreeMatchesBruteForce: over random item sets and queries, every
// query of the tree answers exactly what the loop over every item did.
func TestBoxTreeMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(36))
	var tree boxTree
	for _, n := range []int{0, 1, 2, 3, 4, 5, 9, 17, 64, 300, 2000} {
		for rep := 0; rep < 4; rep++ {
			boxes := randomBoxes(rng, n, rep%2 == 1)
			tree.build(len(boxes), func(i int) (fatBox, bool) { return boxes[i], true }) // reused: rebuilds must not keep anything
			checkTreeQueries(t, rng, &tree, boxes)
		}
	}
}

// TestWorldStaticQueriesMatchBruteForce: the world's slab queries (the
// push-through guard's pathClear, the sweeps' staticsOn, the guard's and
// oracle's nextStaticOn) answer what a loop over every slab did, also
// after slabs are added to a stepped world and after a Restore drops some
// (the tree must be made again both times).
// checkTreeQueries asks tree, built over boxes, 200 random queries and
// compares every kind of answer with the brute-force loops.
func checkTreeQueries(t *testing.T, rng *rand.Rand, tree *boxTree, boxes []fatBox) {
	t.Helper()
	n := len(boxes)
	for qn := 0; qn < 200; qn++ {
		q := randomQuery(rng, boxes)
		want := bruteOverlaps(boxes, &q)
		got := tree.appendOverlaps(&q, nil)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("n %d: appendOverlaps(%v) = %v, brute force %v", n, q, got, want)
		}
		if a := tree.anyOverlap(&q); a != (len(want) > 0) {
			t.Fatalf("n %d: anyOverlap(%v) = %v, brute force found %d", n, q, a, len(want))
		}
		// The whole chain of nextOverlap, and from a random start.
		var chain []int32
		for k := tree.nextOverlap(&q, -1); k >= 0; k = tree.nextOverlap(&q, k) {
			chain = append(chain, k)
		}
		if !slices.Equal(chain, want) && !(len(chain) == 0 && len(want) == 0) {
			t.Fatalf("n %d: nextOverlap chain %v, brute force %v", n, chain, want)
		}
		after := int32(rng.Intn(n+2) - 1)
		if g, w := tree.nextOverlap(&q, after), bruteNext(boxes, &q, after); g != w {
			t.Fatalf("n %d: nextOverlap(after %d) = %d, brute force %d", n, after, g, w)
		}
	}
}

// TestBoxTreeOversizedItems: a level's few grounds, anywhere in the item
// order, are kept out of the nodes (bigItems) and every query still
// answers exactly as the loops; with more than treeBigMax of them, or
// too few items, they stay in the nodes.
func TestBoxTreeOversizedItems(t *testing.T) {
	rng := rand.New(rand.NewSource(361))
	var tree boxTree
	for _, c := range []struct{ n, grounds, big int }{
		{63, 1, 0}, {64, 1, 1}, {300, 1, 1}, {300, 3, 3}, {2000, treeBigMax, treeBigMax}, {2000, treeBigMax + 1, 0},
	} {
		for rep := 0; rep < 3; rep++ {
			boxes := make([]fatBox, 0, c.n)
			for len(boxes) < c.n-c.grounds {
				x, z := float64(rng.Intn(40)*2-40), float64(rng.Intn(40)*2-40)
				boxes = append(boxes, fatBox{lo: sv{x, 0, z}, hi: sv{x + 1, 4, z + 1}})
			}
			for g := 0; g < c.grounds; g++ {
				at := rng.Intn(len(boxes) + 1)
				y := float64(-g)
				ground := fatBox{lo: sv{-50, y - 1, -50}, hi: sv{50, y, 50}}
				boxes = slices.Insert(boxes, at, ground)
			}
			tree.build(len(boxes), func(i int) (fatBox, bool) { return boxes[i], true })
			if len(tree.bigItems) != c.big {
				t.Fatalf("%d items, %d grounds: %d kept out of the nodes, want %d", c.n, c.grounds, len(tree.bigItems), c.big)
			}
			checkTreeQueries(t, rng, &tree, boxes)
		}
	}
}

func TestWorldStaticQueriesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	w := mustWorld(t, DefaultWorldDef())
	add := func(boxes []fatBox) {
		for _, b := range boxes {
			if !(b.lo.x < b.hi.x && b.lo.y < b.hi.y && b.lo.z < b.hi.z) {
				continue // slabs have thickness
			}
			mustStatic(t, w, "", b.lo.vec(), b.hi.vec())
		}
	}
	slabs := func() []fatBox {
		out := make([]fatBox, w.NumStatics())
		for k := range out {
			out[k] = w.staticBox(k)
		}
		return out
	}
	check := func(stage string) {
		t.Helper()
		boxes := slabs()
		for qn := 0; qn < 500; qn++ {
			q := randomQuery(rng, boxes)
			want := bruteOverlaps(boxes, &q)
			if got := slices.Clone(w.staticsOn(&q)); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Fatalf("%s: staticsOn %v, brute force %v", stage, got, want)
			}
			p0, p1 := q.lo.vec(), q.hi.vec()
			if got := w.pathClear(&p0, &p1); got != (len(want) == 0) {
				t.Fatalf("%s: pathClear(%v, %v) = %v, brute force found %d slabs", stage, p0, p1, got, len(want))
			}
			after := rng.Intn(len(boxes)+1) - 1
			if g, w := w.nextStaticOn(&q, after), bruteNext(boxes, &q, int32(after)); g != int(w) {
				t.Fatalf("%s: nextStaticOn(after %d) = %d, brute force %d", stage, after, g, w)
			}
		}
	}
	add(randomBoxes(rng, 500, false))
	check("built")
	mustBody(t, w, cube("a", mgl64.Vec3{0.5, 6, 0.5}))
	snap := w.Snapshot()
	run(w, 3, 1.0/60)
	add(randomBoxes(rng, 300, false))
	check("added after stepping")
	w.Restore(snap)
	check("restored")
	n := w.NumStatics()
	add(randomBoxes(rng, 300, false))
	m := w.NumStatics()
	check("added after restoring")
	// Dropped and added again to the same count, other slabs: a tree kept
	// by count alone would answer for the old ones.
	w.Restore(snap)
	for w.NumStatics() < m {
		x := rng.Float64() * 40
		mustStatic(t, w, "", mgl64.Vec3{x, 0, x}, mgl64.Vec3{x + 1, 1, x + 1})
	}
	if w.NumStatics() != m || n == m {
		t.Fatalf("slab counts %d, %d, %d", n, m, w.NumStatics())
	}
	check("replaced")
}
