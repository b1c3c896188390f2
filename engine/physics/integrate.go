package physics

import "math"

// prepareBodies stores every body's pose as the start-of-step pose (which
// the renderer interpolates from), clears last step's touching and fast
// flags, refreshes each awake body's world inverse inertia for this step's
// orientation, clears its position and rotation deltas, and marks the
// bodies whose motion this step needs continuous collision (flagFast):
// those are moved by the continuous stage instead of the substeps. The
// same pass makes the broadphase's fat boxes (fatBoxes).
func (w *World) prepareBodies(dt float64) {
	w.stepDt = dt
	w.beginPairs()
	w.par.begin()
	w.par.run(len(w.bodies), bodyChunk, w.fnPrepBodies)
	w.par.end()
}

// prepareRangeBodies is prepareBodies for bodies [lo, hi) (each body's own
// records only, so the ranges run in parallel).
func (w *World) prepareRangeBodies(lo, hi int) {
	ccdOn, dt := w.ccdOn, w.stepDt
	g := toSV(w.def.Gravity)
	fast := int32(0)
	for i := lo; i < hi; i++ {
		b := &w.bodies[i]
		b.prevPos, b.prevQ = b.pos, b.q
		b.flags &^= flagTouching | flagFast // set again below and by the solver
		if b.flags&flagSleeping != 0 {
			continue
		}
		s := &w.sb[i]
		if !isotropic(b.invILocal) {
			w.invI[i] = worldInvInertia(b.q, b.invILocal)
		} else if b.flags&flagDiagInertia == 0 {
			x := b.invILocal[0]
			w.invI[i] = mat3{x, 0, 0, 0, x, 0, 0, 0, x}
			b.flags |= flagDiagInertia
		}
		// Predicted motion velocity: gravity over half the step.
		if ccdOn && w.needsSweep(i, s.v.madd(g, 0.5*dt), dt) {
			b.flags |= flagFast
			fast++
		}
	}
	if fast > 0 {
		w.fastBodies.Add(fast)
	}
	w.fatBoxes(lo, hi)
}

// integrateVelocities applies gravity and damping to awake bodies [lo, hi)
// for one substep of sol.h seconds (semi-implicit Euler: velocities first,
// positions later from the new velocities), and keeps the result of each
// body in contact for the next substep's warm start. With rewarm (a
// substep after the first) it also warm-starts those bodies with their
// velocity change over the substep before (see body_state.go).
func (w *World) integrateVelocities(lo, hi int, rewarm bool) {
	sol := &w.sol
	gh := sol.gh
	for i := lo; i < hi; i++ {
		k := &sol.kicks[i]
		if k.flags&flagSleeping != 0 {
			continue
		}
		// The kick in registers, each velocity stored once: through a
		// call on the state, the stores of the new velocities were read
		// back at once by wider loads, which the processor cannot forward
		// from narrower stores, and stalled.
		s := &sol.state[i]
		v, wv := s.v.add(gh), s.w
		if k.linF != 0 {
			v = v.scale(k.linF)
		}
		if k.angF != 0 {
			wv = wv.scale(k.angF)
		}
		if k.flags&flagTouching != 0 {
			st := &sol.start[i]
			if rewarm {
				dv, dw := s.v.sub(st.v), s.w.sub(st.w)
				st.v, st.w = v, wv
				v, wv = v.add(dv), wv.add(dw)
			} else {
				st.v, st.w = v, wv
			}
		}
		s.v, s.w = v, wv
	}
}

// integrateSubstep moves every awake body of [lo, hi) that is not swept by
// its velocity over one substep of sol.h seconds. A body with no contact this
// step moves by the exact constant-acceleration step x += v h - g h^2/2 (v
// already holds the end-of-substep velocity), so free flight matches x0 + v0
// t + g t^2/2 to rounding; bodies in contact use plain semi-implicit Euler so
// that a resting body is not pushed into its support. Its rotation over the
// substep only adds to dth: nothing in the substeps reads the orientation
// (the separations follow dth, linearised), so the store turns it once per
// step (turnBy, storeStates), instead of renormalising a quaternion every
// substep.
func (w *World) integrateSubstep(lo, hi int) {
	h := w.sol.h
	halfG := w.sol.halfG
	for i := lo; i < hi; i++ {
		ps := &w.sol.poses[i]
		if ps.flags&(flagSleeping|flagFast) != 0 {
			continue
		}
		s := &w.sol.state[i]
		v := s.v
		if ps.flags&flagTouching == 0 {
			v = v.add(halfG)
		}
		if vv := float32(v.dot(v)); vv > w.stepSpeed[i] {
			w.stepSpeed[i] = vv
		}
		d := v.scale(h)
		ps.p = ps.p.add(d)
		s.dp = s.dp.add(d)
		if !s.w.isZero() {
			r := s.w.scale(h)
			s.dth = s.dth.add(r)
			if ww := float32(s.w.dot(s.w)); ww > w.stepSpin[i] {
				w.stepSpin[i] = ww
			}
		}
	}
}

// noteStepSpeed raises body i's step speed and spin (BodyView.StepSpeed,
// StepSpin) to those it is swept with.
func (w *World) noteStepSpeed(i int, v vec3) {
	if vv := float32(dot(v, v)); vv > w.stepSpeed[i] {
		w.stepSpeed[i] = vv
	}
	if ww := float32(w.sb[i].w.dot(w.sb[i].w)); ww > w.stepSpin[i] {
		w.stepSpin[i] = ww
	}
}

// smallTurn is the rotation angle (radians) below which turnBy turns to
// first order: its error, about angle^3/12, is then under 1e-10 rad a step.
const smallTurn = 1e-3

// turnBy turns q in place by the rotation vector r (radians, world): to
// first order for a small angle (rotateSmall: a resting body's jitter, no
// sine), else exactly (integrateRotation), so that a spin keeps its rate
// however far it turns in a step.
func turnBy(q *sq, r sv) {
	if r.dot(r) < smallTurn*smallTurn {
		rotateSmall(q, r)
		return
	}
	p := q.quat()
	t := integrateRotation(p, r.vec(), 1)
	*q = sqAt(&t)
}

// rotateSmall turns q by the rotation vector r (radians), to first order
// then renormalised: q' = q + (r/2, 0) q, for small angles (turnBy). It
// writes q in place: returned by value, the quaternion went through
// memory in the substeps' position pass.
func rotateSmall(q *sq, r sv) {
	x, y, z := 0.5*r.x, 0.5*r.y, 0.5*r.z
	qw, qx, qy, qz := q.w, q.x, q.y, q.z
	// (0, x, y, z) * q
	dw := -float64(x*qx) - float64(y*qy) - float64(z*qz)
	dx := float64(x*qw) + float64(y*qz) - float64(z*qy)
	dy := float64(y*qw) + float64(z*qx) - float64(x*qz)
	dz := float64(z*qw) + float64(x*qy) - float64(y*qx)
	qw, qx, qy, qz = qw+dw, qx+dx, qy+dy, qz+dz
	inv := 1 / math.Sqrt(float64(qw*qw)+float64(qx*qx)+float64(qy*qy)+float64(qz*qz))
	*q = sq{float64(qw * inv), float64(qx * inv), float64(qy * inv), float64(qz * inv)}
}
