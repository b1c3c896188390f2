package physics

import (
	"math"
	"sync/atomic"

	"sandbox/engine/ccd"
)

// Two stages after the solver that keep every dynamic body, not only
// bullets, on its side of the static slabs while CCD is on (issue 12):
//
//   - catchFast: which bodies need a sweep is first guessed before the solve
//     from their velocities (prepareBodies). A body at rest that a collision
//     knocks to km/s in the solve was not on that list, and the substeps
//     moved it through whatever was in the way. After the solve each body's
//     actual motion this step is known (the substeps' position deltas); one
//     that moved too far for its size is put back to its
//     start-of-step pose and handed to the continuous stage, which sweeps it
//     with its solved velocity, as Box2D v3 decides continuous collision
//     from each body's motion when the step is finalised.
//   - guardCentres: a contact with a slab is soft and has a push-out limit.
//     A thin wall pressed by a pile of bodies can give way by more than half
//     its thickness, the narrowphase then sees the body's centre past the
//     wall's midplane, and the contact pushes it out the far side. No contact
//     may ever do that: after everything has moved, a centre whose path this
//     step entered a slab's interior is put back just outside the face it
//     entered by, and its velocity into that face is removed. The same test
//     as the tunnelling oracle (ccd.SegmentFaces), so the oracle can never
//     count a body the guard let through.

// guardBackoff is how far outside the face a guarded centre is left, m.
const guardBackoff = 1e-6

// catchFast flags the awake bodies that the substeps moved further than
// their CCD fraction allows and puts them back to their start-of-step pose
// for the continuous stage.
func (w *World) catchFast() {
	if !w.ccdOn {
		return
	}
	w.par.begin()
	w.par.run(len(w.bodies), bodyChunk, w.fnCatchFast)
	w.par.end()
}

// catchRange is catchFast for bodies [lo, hi) (each body's own records
// only, so the ranges run in parallel).
func (w *World) catchRange(lo, hi int) {
	for i := lo; i < hi; i++ {
		b := &w.bodies[i]
		if b.flags&(flagSleeping|flagFast|flagTeleported) != 0 {
			continue
		}
		s := &w.sb[i]
		lim := w.ccdFraction(b) * b.minHalf
		lim2 := float64(lim * lim)
		// Translation only: the sweep is there to stop a centre short of a
		// slab, and a body spinning in place cannot carry its centre
		// through one (handing it to the sweep froze a wedged, spinning
		// box in place: the sweep stops it at t = 0 every step and its
		// central impulses never touch the spin).
		if s.dp.dot(s.dp) <= lim2 {
			continue
		}
		b.pos, b.q = b.prevPos, b.prevQ
		s.dp, s.dth = sv{}, sv{}
		b.flags |= flagFast
	}
}

// guardCentres puts back every awake body whose centre entered a slab's
// interior this step (see the file comment). It runs only with CCD on: with
// CCD off bodies may tunnel, and the oracle counts them.
func (w *World) guardCentres() {
	if !w.ccdOn || len(w.statics) == 0 {
		return
	}
	w.par.begin()
	w.par.run(len(w.bodies), bodyChunk, w.fnGuard)
	w.par.end()
}

// guardRange is guardCentres for bodies [lo, hi) (each body's own records,
// and the Guarded counter by atomic addition, so the ranges run in
// parallel).
func (w *World) guardRange(lo, hi int) {
	guarded := uint64(0)
	for i := lo; i < hi; i++ {
		b := &w.bodies[i]
		if b.flags&(flagSleeping|flagTeleported) != 0 || b.prevPos == b.pos {
			continue
		}
		p0 := b.prevPos
		segMin, segMax := vmin(p0, b.pos), vmax(p0, b.pos)
		for k := range w.statics {
			st := &w.statics[k]
			if !overlapsAABB(segMin, segMax, st.min, st.max) {
				continue
			}
			in, _, crosses := ccd.SegmentFaces(p0, b.pos, ccd.AABB{Min: st.min, Max: st.max})
			if !crosses || in == ccd.NoFace {
				continue // outside all step, or already inside at its start
			}
			w.putBack(i, k, in)
			guarded++
			segMin, segMax = vmin(p0, b.pos), vmax(p0, b.pos)
		}
	}
	if guarded > 0 {
		atomic.AddUint64(&w.counters.Guarded, guarded)
	}
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
