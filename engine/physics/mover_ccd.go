package physics

import "math"

// Continuous collision against movers: a fast body is swept against each
// mover frozen at its end-of-step pose (as a bullet is swept against the
// bodies), in the mover's own frame, where it is an axis-aligned box and
// the slab sweep (sweepNested) applies: the body's centre, motion and
// bounds are turned into that frame and the normal found is turned back.

// sweepMovers returns the earliest impact of a body at c (bound ext over
// its spin, tight at its pose q with half extents half) moving by d with
// any mover: the time, the world normal, the mover, and whether one was
// found.
func (w *World) sweepMovers(c, ext vec3, q quat, half, d vec3) (float64, vec3, int, bool) {
	bestT, bestN, best := math.Inf(1), vec3{}, -1
	for k := range w.mv.list {
		m := &w.mv.list[k]
		r := rotationMatrix(m.q1)
		toLocal := func(v vec3) vec3 { return vec3{dot(r.col(0), v), dot(r.col(1), v), dot(r.col(2), v)} }
		cl, dl := toLocal(sub(c, m.p1)), toLocal(d)
		// The world box ext, seen from the mover's axes.
		extl := vec3{}
		for i := 0; i < 3; i++ {
			a := r.col(i)
			extl[i] = float64(math.Abs(a[0])*ext[0]) + float64(math.Abs(a[1])*ext[1]) + float64(math.Abs(a[2])*ext[2])
		}
		rel := rotationMatrix(m.q1.Conjugate().Mul(q))
		tight := orientedExtent(&rel, half)
		hm := m.def.Half
		t, nl, ok := sweepNested(cl, extl, tight, dl, neg(hm), hm)
		if ok && t < bestT {
			n := add(add(scale(r.col(0), nl[0]), scale(r.col(1), nl[1])), scale(r.col(2), nl[2]))
			bestT, bestN, best = t, n, k
		}
	}
	return bestT, bestN, best, best >= 0
}
