package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Face names one face of an AABB: 2*axis for the face at Min[axis] and
// 2*axis+1 for the face at Max[axis]. NoFace means "none": the segment
// starts (or ends) strictly inside the box.
type Face int8

// NoFace is the Face of an endpoint strictly inside the box.
const NoFace Face = -1

// Opposite returns the face across the box from f on the same axis (NoFace
// for NoFace).
func (f Face) Opposite() Face {
	if f < 0 {
		return NoFace
	}
	return f ^ 1
}

// SegmentFaces clips the segment p0 -> p1 against the open interior of b and
// reports through which faces it enters and leaves. crosses is exactly
// SegmentCrossesBox(p0, p1, b); when it is false, in and out are NoFace. in is
// NoFace when p0 is strictly inside b, out is NoFace when p1 is. Otherwise in
// is the face of the axis whose slab the segment enters last and out the face
// of the axis whose slab it leaves first; at an exact tie (a path through an
// edge or corner) the lowest axis wins, so the answer is fixed for a given
// input. The tunnelling oracle uses it to tell a path through a wall (in and
// out opposite) from one that cuts a corner or comes back out the way it went
// in.
func SegmentFaces(p0, p1 mgl64.Vec3, b AABB) (in, out Face, crosses bool) {
	if !SegmentCrossesBox(p0, p1, b) {
		return NoFace, NoFace, false
	}
	in, out = NoFace, NoFace
	startIn, endIn := strictlyInside(p0, b), strictlyInside(p1, b)
	enter, exit := math.Inf(-1), math.Inf(1)
	for i := 0; i < 3; i++ {
		di := p1[i] - p0[i]
		if di == 0 {
			continue // inside this slab for the whole segment (SegmentCrossesBox said so)
		}
		var e, x float64
		var fe, fx Face
		if di > 0 {
			e, x = (b.Min[i]-p0[i])/di, (b.Max[i]-p0[i])/di
			fe, fx = Face(2*i), Face(2*i+1)
		} else {
			e, x = (b.Max[i]-p0[i])/di, (b.Min[i]-p0[i])/di
			fe, fx = Face(2*i+1), Face(2*i)
		}
		if e > enter {
			enter, in = e, fe
		}
		if x < exit {
			exit, out = x, fx
		}
	}
	if startIn {
		in = NoFace
	}
	if endIn {
		out = NoFace
	}
	return in, out, true
}
