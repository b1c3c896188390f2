package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// SegmentCrossesBox reports whether some point of the segment p0 -> p1 lies
// strictly inside b: the tunnelling oracle's test on a body's centre path over
// one step. A segment that only touches a face, runs along one, or grazes an
// edge does not cross; a degenerate segment (p0 == p1) crosses when that point
// is inside. Boxes with zero thickness on an axis have no interior and are
// never crossed. Non-finite input reports false.
//
// It is the slab method with the same open-interval rule as Sweep, which is a
// point (zero-size box) swept against b. Two details make it exact where
// rounding would otherwise decide: an endpoint strictly inside b is tested
// directly (an endpoint inside by less than an ulp of the segment's length
// would be lost in the division), and the segment is always walked from the
// lexicographically smaller endpoint, so that swapping p0 and p1 never
// changes the answer.
func SegmentCrossesBox(p0, p1 mgl64.Vec3, b AABB) bool {
	if strictlyInside(p0, b) || strictlyInside(p1, b) {
		return true
	}
	if lexLess(p1, p0) {
		p0, p1 = p1, p0
	}
	enter, exit := 0.0, 1.0
	for i := 0; i < 3; i++ {
		lo := b.Min[i] - p0[i]
		hi := b.Max[i] - p0[i]
		di := p1[i] - p0[i]
		if di == 0 {
			if !(lo < 0 && hi > 0) {
				return false
			}
			continue
		}
		var e, x float64
		if di > 0 {
			e, x = lo/di, hi/di
		} else {
			e, x = hi/di, lo/di
		}
		enter = max(enter, e)
		exit = min(exit, x)
		if math.IsNaN(e) || math.IsNaN(x) || !(enter < exit) {
			return false
		}
	}
	return enter < exit
}

func strictlyInside(p mgl64.Vec3, b AABB) bool {
	return b.Min[0] < p[0] && p[0] < b.Max[0] &&
		b.Min[1] < p[1] && p[1] < b.Max[1] &&
		b.Min[2] < p[2] && p[2] < b.Max[2]
}

// lexLess orders points by x, then y, then z.
func lexLess(a, b mgl64.Vec3) bool {
	for i := 0; i < 3; i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
