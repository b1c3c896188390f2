package physics

// The box of a centre's path over a step, tested against the slabs: the
// centre guard, the tunnelling oracle and the solver's store of the
// states (which makes the oracle's mark of a body whose path meets no
// slab) all ask it, on scalars, as a vec3 argument goes through memory.

// segmentBox returns the box of the segment from p0 to p1.
func segmentBox(p0, p1 *vec3) fatBox {
	return fatBox{
		lo: sv{min(p0[0], p1[0]), min(p0[1], p1[1]), min(p0[2], p1[2])},
		hi: sv{max(p0[0], p1[0]), max(p0[1], p1[1]), max(p0[2], p1[2])},
	}
}

// meetsSlab reports whether box a overlaps slab st (touching counts, as in
// overlapsAABB).
func (a *fatBox) meetsSlab(st *static) bool {
	return a.lo.x <= st.max[0] && st.min[0] <= a.hi.x && a.lo.y <= st.max[1] && st.min[1] <= a.hi.y &&
		a.lo.z <= st.max[2] && st.min[2] <= a.hi.z
}

// pathClear reports whether the box of the segment from p0 to p1 meets no
// slab.
func (w *World) pathClear(p0, p1 *vec3) bool {
	box := segmentBox(p0, p1)
	return !w.staticTree().anyOverlap(&box)
}

// clearPathMark is the oracle's mark of a body with the given flags whose
// centre went from p0 to p1 on a path that meets no slab: moved, or
// teleported (which counts as moved), or nothing.
func clearPathMark(p0, p1 *vec3, flags uint8) uint8 {
	if *p0 != *p1 || flags&flagTeleported != 0 {
		return markMoved
	}
	return 0
}
