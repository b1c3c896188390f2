package physics

// stepScratch holds per-step working memory. It is rebuilt by every step and
// is not part of the state (Snapshot ignores it); keeping it in the world
// means a warm step allocates nothing.
type stepScratch struct {
	rot         []mat3 // rotation matrix per body, this step
	extent      []vec3 // end-of-step extents for bullet sweeps
	extentValid bool
	frozen      boxTree // the non-bullet bodies' boxes at their end-of-step pose (bodiesOn)
	frozenValid bool
	bodyHits    []int32 // bodies a bullet's sweep meets (bodiesOn)
	vBefore     vec3
	hits        []int32       // slabs (or bodies) a box meets (staticsOn)
	active      []int32       // indices of the manifolds solved this step
	sweeps      []sweepRecord // CCD sweep volumes, for DebugDraw
	// sleepRoot: each body's island of touching contacts, by its root
	// (linkIslands, solver_blocks.go), for sleep.
	sleepRoot  []int32
	islandMin  []float64 // smallest sleep time per island root
	islandHead []int32
}

// sweepRecord is one CCD sweep for debug drawing.
type sweepRecord struct {
	lo, hi        vec3 // swept bound, m
	hit           bool
	point, normal vec3
}

// grow returns s resized to length n, reusing its array when it holds n
// and otherwise allocating a new one with half as much room again (plus a
// little, for tiny worlds), so that a world that grows by a few bodies at
// a time (shots) does not allocate on every step. The contents are kept
// only when the array is reused: callers overwrite, or clear, what they
// read. This is the one resize of the step's scratch buffers.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/2+16)
	}
	return s[:n]
}
