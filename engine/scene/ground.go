package scene

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// GroundStatic is the index in Statics of the scene's ground, or -1 when it
// has none. Counters split continuous-collision hits by it: a hit on the
// ground (bullets landing) is not a hit on a wall.
//
// The rule is geometric, so user files need no flag or special name (the
// built-in scenes call theirs "ground" or "floor"): the ground is the widest
// horizontal slab, one whose height (y extent) is no more than its x and z
// extents, with the largest x-z footprint; ties go to the first in the file.
// A scene of walls only (a vertical slab is taller or thinner than it is
// wide) has no ground. Every other static is a wall, platforms included.
func (s *Scene) GroundStatic() int {
	return groundOf(len(s.Statics), func(i int) mgl64.Vec3 { return s.Statics[i].Max.Sub(s.Statics[i].Min) })
}

// GroundIndex is the index of w's ground by the same rule: for a world
// built from a scene, its GroundStatic. The renderer draws it as the floor.
func GroundIndex(w *physics.World) int {
	return groundOf(w.NumStatics(), func(i int) mgl64.Vec3 { st := w.Static(i); return st.Max.Sub(st.Min) })
}

// groundOf applies the rule to n slabs of the given sizes.
func groundOf(n int, size func(i int) mgl64.Vec3) int {
	best, bestArea := -1, 0.0
	for i := 0; i < n; i++ {
		d := size(i)
		if d[1] > d[0] || d[1] > d[2] {
			continue
		}
		if area := d[0] * d[2]; area > bestArea {
			best, bestArea = i, area
		}
	}
	return best
}
