package physics

import (
	"fmt"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Keeping candidate pairs from step to step must not change a bit: a world
// that searches for pairs from scratch every step stays == to one that
// reuses its candidates, through a pile with shots, teleports and sleep; and
// the reuse does happen (most steps search nothing).
func TestBroadphaseCandidatesExact(t *testing.T) {
	a := buildPile(t, DefaultWorldDef(), 200)
	b := buildPile(t, DefaultWorldDef(), 200)
	b.bp.alwaysSearch = true
	var buf []Input
	for k := 0; k < 400; k++ {
		buf = shotInputs(a, k, buf)
		a.Step(1.0/60, buf)
		b.Step(1.0/60, buf)
		if a.StateHash() != b.StateHash() {
			t.Fatalf("tick %d: hashes differ", k)
		}
		if len(a.bp.keys) != len(b.bp.keys) {
			t.Fatalf("tick %d: %d pairs, %d when searched from scratch", k, len(a.bp.keys), len(b.bp.keys))
		}
		for i := range a.bp.keys {
			if a.bp.keys[i] != b.bp.keys[i] {
				t.Fatalf("tick %d: pair %d is %x, %x when searched from scratch", k, i, a.bp.keys[i], b.bp.keys[i])
			}
		}
	}
	searches := a.bp.searches
	if searches > 200 {
		t.Errorf("candidates searched again in %d of 400 steps", searches)
	}
	t.Logf("%d searches in 400 steps", searches)
}

// The candidates are exactly the overlapping proxies, every step, however
// they were found: a search, or proxies moved one by one and their
// partners looked up in the last search's grid (stale bodies, oversized
// bodies and bodies added since included). Checked against all pairs, in
// a pile with shots and teleports.
func TestCandidatesAreTheOverlappingProxies(t *testing.T) {
	// A plate many cells wide resting on the ground in the shots' path: an
	// oversized proxy, tested against everyone, that the shots' moved
	// proxies must find.
	pile := buildPile(t, DefaultWorldDef(), 300)
	plate := DefaultBodyDef()
	plate.Name, plate.Center, plate.Half = "plate", mgl64.Vec3{-17, 0.1, 0}, mgl64.Vec3{8, 0.1, 3}
	mustBody(t, pile, plate)
	for _, c := range []struct {
		name string
		w    *World
		shot bool
	}{{"pile", pile, true}} {
		var buf []Input
		for k := 0; k < 300; k++ {
			if c.shot {
				buf = shotInputs(c.w, k, buf)
			}
			c.w.Step(1.0/60, buf)
			if msg := checkCandidates(c.w); msg != "" {
				t.Fatalf("%s, tick %d: %s", c.name, k, msg)
			}
		}
		if c.w.bp.moves == 0 {
			t.Fatalf("%s: no proxies were moved one by one: the test does not reach moveProxies", c.name)
		}
		t.Logf("%s: %d searches, %d steps moved proxies", c.name, c.w.bp.searches, c.w.bp.moves)
	}
}

// checkCandidates compares w's candidates with every overlapping pair of
// proxies and every proxy overlapping a slab, in key order.
func checkCandidates(w *World) string {
	bp := &w.bp
	var want []uint64
	for a := range bp.proxy {
		P := &bp.proxy[a]
		for k := range w.statics {
			if overlapsAABB(P.lo.vec(), P.hi.vec(), w.statics[k].min, w.statics[k].max) {
				want = append(want, pairKeyStatic(a, k))
			}
		}
		for b := a + 1; b < len(bp.proxy); b++ {
			if P.overlaps(&bp.proxy[b]) {
				want = append(want, pairKeyBodies(a, b))
			}
		}
	}
	if !slices.Equal(bp.cand, want) {
		return fmt.Sprintf("%d candidates, %d overlapping proxies (first difference at %d)", len(bp.cand), len(want), firstDiff(bp.cand, want))
	}
	return ""
}

func firstDiff(a, b []uint64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// A resting body's proxy is tight: in an awake pile of columns 10 cm
// apart, settled, the candidates are the touching pairs and the ground
// contacts, not the neighbouring columns (with every proxy at the full
// pad, 10,576 candidates for 1,000 pairs were tested every step); and the
// candidates are kept from step to step once the pile rests.
func TestRestingProxiesAreTight(t *testing.T) {
	w := buildPile(t, awakeDef(1), 1000)
	run(w, 120, 1.0/60)
	searches, moves := w.bp.searches, w.bp.moves
	run(w, 60, 1.0/60)
	if n, p := len(w.bp.cand), len(w.bp.keys); n > p+p/10 {
		t.Errorf("%d candidates for %d pairs in the resting pile", n, p)
	}
	if w.bp.searches != searches || w.bp.moves != moves {
		t.Errorf("the resting pile searched %d and moved proxies %d times in 60 steps", w.bp.searches-searches, w.bp.moves-moves)
	}
	for i, g := range w.bp.pad {
		if g > proxyShrink*(proxyMin+w.bp.lead[i]) {
			t.Fatalf("body %d keeps a pad of %.3f m at rest", i, g)
		}
	}
	t.Logf("%d candidates, %d pairs", len(w.bp.cand), len(w.bp.keys))
}
