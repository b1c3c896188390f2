package ccd

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Sweep finds when a box moving by d over the step (moving at t = 0,
// moving+d at t = 1) first overlaps a static target box, by the slab method:
// on each axis the interiors overlap during an open interval of t; the boxes
// overlap where all three intervals do.
//
// It returns the earliest time of impact t in [0, 1] and the unit normal of
// the target face that was hit, pointing from the target toward the moving
// box. ok is false when the interiors never overlap during [0, 1]: motion
// parallel to a face the box only touches, grazing an edge, moving away from a
// touching face and NaN input are all "no impact". Infinite target bounds
// (an unbounded slab) work as expected. A box whose interior
// already overlaps the target at t = 0 reports t = 0, ok = true and the normal
// of least penetration (the direction that separates them by the shortest
// push), whatever d is. A box that starts exactly touching and moves into the
// target reports t = 0 with the normal of the face it touches.
//
// The box at t touches the target up to rounding (a few ulps of the
// coordinates); callers that need a gap should back off by a small distance.
func Sweep(moving AABB, d mgl64.Vec3, target AABB) (t float64, normal mgl64.Vec3, ok bool) {
	enter, exit := math.Inf(-1), math.Inf(1)
	axis := -1
	for i := 0; i < 3; i++ {
		// On axis i the interiors overlap while lo < s*d[i] < hi.
		lo := target.Min[i] - moving.Max[i]
		hi := target.Max[i] - moving.Min[i]
		di := d[i]
		if di == 0 {
			// Parallel motion: the overlap on this axis never changes. The
			// negated form also rejects NaN.
			if !(lo < 0 && hi > 0) {
				return 0, mgl64.Vec3{}, false
			}
			continue
		}
		var e, x float64
		if di > 0 {
			e, x = lo/di, hi/di
		} else {
			e, x = hi/di, lo/di
		}
		if e != e || x != x { // NaN input (or Inf-Inf): no impact
			return 0, mgl64.Vec3{}, false
		}
		// Strict '>' keeps the lowest axis on ties (corner hits), so the
		// result does not depend on anything but the inputs.
		if e > enter {
			enter, axis = e, i
		}
		if x < exit {
			exit = x
		}
	}
	// Empty or degenerate (touching only) overlap, already past, or later
	// than this step. Written as negations so that NaN means "no impact".
	if !(enter < exit) || !(exit > 0) || !(enter < 1) {
		return 0, mgl64.Vec3{}, false
	}
	if enter < 0 || axis < 0 {
		// Interiors overlap at t = 0.
		return 0, leastPenetrationNormal(moving, target), true
	}
	if d[axis] > 0 {
		normal[axis] = -1
	} else {
		normal[axis] = 1
	}
	return enter, normal, true
}

// leastPenetrationNormal returns the axis direction along which the shortest
// push separates two overlapping boxes, pointing from target toward moving.
// Ties go to the lower axis, and to + before -, for determinism.
func leastPenetrationNormal(moving, target AABB) mgl64.Vec3 {
	best := math.Inf(1)
	var n mgl64.Vec3
	bestAxis, bestSign := 0, 1.0
	for i := 0; i < 3; i++ {
		up := target.Max[i] - moving.Min[i]   // push moving toward +i
		down := moving.Max[i] - target.Min[i] // push moving toward -i
		if up < best {
			best, bestAxis, bestSign = up, i, 1
		}
		if down < best {
			best, bestAxis, bestSign = down, i, -1
		}
	}
	n[bestAxis] = bestSign
	return n
}
