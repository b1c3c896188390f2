package physics

import (
	"math"
	"sync/atomic"

	"sandbox/engine/ccd"
)

// Two stages after the solver that keep every dynamic body, not only
// bullets, on its side of the static slabs while CCD is on (issue 12):
//
//   - The catch of fast bodies (catchOne, in the solver's store of the
//     states): which bodies need a sweep is first guessed before the solve
//     from their velocities (prepareBodies). A body at rest that a
//     collision knocks to km/s in the solve was not on that list, and the
//     substeps moved it through whatever was in the way. After the solve
//     each body's actual motion this step is known (the substeps' position
//     deltas); one that moved too far for its size is put back to its
//     start-of-step pose and handed to the continuous stage, which sweeps
//     it with its solved velocity, as Box2D v3 decides continuous
//     collision from each body's motion when the step is finalised.
//   - The centre guard (guardCentre, in checkMotion): a contact with a slab
//     is soft and has a push-out limit. A thin wall pressed by a pile of
//     bodies can give way by more than half its thickness, the narrowphase
//     then sees the body's centre past the wall's midplane, and the contact
//     pushes it out the far side. No contact may ever do that: after
//     everything has moved, a centre whose path this step entered a slab's
//     interior is put back just outside the face it entered by, and its
//     velocity into that face is removed. The same test as the tunnelling
//     oracle (ccd.SegmentFaces), so the oracle can never count a body the
//     guard let through.

// guardBackoff is how far outside the face a guarded centre is left, m.
const guardBackoff = 1e-6

// catchOne flags body i if the substeps moved it further than its CCD
// fraction allows, and puts it back to its start-of-step pose for the
// continuous stage. It runs in the solver's last pass over the
// bodies (storeStates), on the motion that pass stores: one pass over the
// 10,000 pile's 4.3 MB of body records fewer a step. It reads and writes
// only body i's records, so the ranges run in parallel.
func (w *World) catchOne(i int) {
	b := &w.bodies[i]
	if b.flags&(flagSleeping|flagFast|flagTeleported) != 0 {
		return
	}
	dp := w.sol.state[i].dp
	lim := w.ccdFraction(b) * b.minHalf
	lim2 := float64(lim * lim)
	// Translation only: the sweep is there to stop a centre short of a
	// slab, and a body spinning in place cannot carry its centre through
	// one (handing it to the sweep froze a wedged, spinning box in place:
	// the sweep stops it at t = 0 every step and its central impulses
	// never touch the spin).
	if dp.dot(dp) <= lim2 {
		return
	}
	b.pos, b.q = b.prevPos, b.prevQ
	b.flags |= flagFast
	w.fastBodies.Add(1)
}

// checkMotion runs the two stages that look at where each body's centre
// went this step, in one pass over the bodies' records: the centre guard
// (guardCentre, with CCD on), then the tunnelling oracle's mark of the
// body as the guard left it (oracleMark; updateSleep, which runs between
// this and the oracle's serial pass, moves no body). As two passes, each
// fetched the same two lines of every record. The bodies whose marks the
// solver's storeStates already made (markDecided: moved by the substeps,
// on a path that meets no slab) are skipped, reading a byte each.
func (w *World) checkMotion() {
	// Sized by the solver, which makes most marks (storeStates) before
	// this runs in the step; a world stepped by hand (the tests) has none.
	w.oracleMarks = grow(w.oracleMarks, len(w.bodies))
	w.staticTree() // made here if the slabs changed, not by the workers that share it
	w.par.begin()
	w.par.run(len(w.bodies), bodyChunk, w.fnCheckMotion)
	w.par.end()
}

// checkMotionRange is checkMotion for bodies [lo, hi) (each body's own
// records, and the Guarded counter by atomic addition, so the ranges run
// in parallel).
func (w *World) checkMotionRange(lo, hi int) {
	guard := w.ccdOn && len(w.statics) > 0
	guarded := uint64(0)
	for i := lo; i < hi; i++ {
		if m := w.oracleMarks[i]; m&markDecided != 0 {
			w.oracleMarks[i] = m &^ markDecided // made by storeStates
			continue
		}
		// A path that meets no slab leaves the guard nothing to put back.
		if b := &w.bodies[i]; guard && !w.pathClear(&b.prevPos, &b.pos) {
			guarded += w.guardCentre(i)
		}
		w.oracleMarks[i] = w.oracleMark(i)
	}
	if guarded > 0 {
		atomic.AddUint64(&w.counters.Guarded, guarded)
	}
}

// guardCentre puts body i back if its centre entered a slab's interior
// this step (see the file comment), and returns how many times it did. It
// runs only with CCD on: with CCD off bodies may tunnel, and the oracle
// counts them.
func (w *World) guardCentre(i int) (guarded uint64) {
	b := &w.bodies[i]
	if b.flags&(flagSleeping|flagTeleported) != 0 || b.prevPos == b.pos {
		return 0
	}
	p0 := b.prevPos
	seg := segmentBox(&p0, &b.pos)
	// The slabs in order, each tested against the segment as the guard
	// has left it so far.
	for k := w.nextStaticOn(&seg, -1); k >= 0; k = w.nextStaticOn(&seg, k) {
		st := &w.statics[k]
		in, _, crosses := ccd.SegmentFaces(p0, b.pos, ccd.AABB{Min: st.min, Max: st.max})
		if !crosses || in == ccd.NoFace {
			continue // outside all step, or already inside at its start
		}
		w.putBack(i, k, in)
		guarded++
		seg = segmentBox(&p0, &b.pos)
	}
	return guarded
}

// putBack moves body i's centre to just outside face f of slab k, along the
// face's normal only, and removes its velocity into the face.
func (w *World) putBack(i, k int, f ccd.Face) {
	b := &w.bodies[i]
	st := &w.statics[k]
	axis := int(f) / 2
	n := vec3{}
	if f%2 == 0 {
		n[axis] = -1
		b.pos[axis] = math.Min(b.pos[axis], st.min[axis]-guardBackoff)
	} else {
		n[axis] = 1
		b.pos[axis] = math.Max(b.pos[axis], st.max[axis]+guardBackoff)
	}
	s := &w.sb[i]
	v := s.v.vec()
	if vn := dot(v, n); vn < 0 {
		s.v = toSV(madd(v, n, -vn))
	}
}

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
