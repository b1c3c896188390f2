package scene

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
	best, bestArea := -1, 0.0
	for i, st := range s.Statics {
		size := st.Max.Sub(st.Min)
		if size[1] > size[0] || size[1] > size[2] {
			continue
		}
		if area := size[0] * size[2]; area > bestArea {
			best, bestArea = i, area
		}
	}
	return best
}
