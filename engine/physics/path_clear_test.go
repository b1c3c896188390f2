package physics

import (
	"math/rand/v2"
	"testing"
)

// pathClear (guard.go: the guard's, the oracle's and the solver
// store's test of a centre's path against the slabs) must say "clear"
// exactly when the box of the segment overlaps no slab as overlapsAABB
// sees it, touching faces, points and zero-length paths included.
func TestPathClearMatchesOverlap(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	mustStatic(t, w, "floor", vec3{-5, -1, -5}, vec3{5, 0, 5})
	mustStatic(t, w, "wall", vec3{2, 0, -1}, vec3{2.1, 3, 1})
	r := rand.New(rand.NewPCG(1, 2))
	// Coordinates on a coarse grid so that touching faces come up often.
	coord := func() float64 { return float64(r.IntN(25)-12) * 0.5 }
	for n := 0; n < 20000; n++ {
		p0 := vec3{coord(), coord(), coord()}
		p1 := p0
		if n%4 != 0 {
			p1 = vec3{coord(), coord(), coord()}
		}
		want := true
		for k := range w.statics {
			st := &w.statics[k]
			if overlapsAABB(vmin(p0, p1), vmax(p0, p1), st.min, st.max) {
				want = false
			}
		}
		if got := w.pathClear(&p0, &p1); got != want {
			t.Fatalf("pathClear(%v, %v) = %v, overlapsAABB says %v", p0, p1, got, want)
		}
	}
}
