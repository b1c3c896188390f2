package physics

import "math"

// Constraints: each step the solver turns the active manifolds of the contact
// cache into a compact array, in graph-colour order, holding exactly what the
// passes read, Jacobians and effective masses precomputed (prepareRange); the
// passes (contact_rows.go) stream it front to back twelve times a step, and
// the impulses go back to the cache at the end (storeRange).

// solverPoint is one normal row of a constraint (80 bytes). The products
// I^-1 (r x n) are not kept: the passes sum the rows' impulses times r x n
// and multiply by each body's inverse inertia once per constraint (a scale
// for a cube), which is cheaper than streaming 48 more bytes per point from
// memory twelve times a step.
type solverPoint struct {
	rAn, rBn sv      // rA x n, rB x n: the row's angular Jacobian
	sep      float64 // separation at narrowphase time, m (< 0: penetrating)
	nMass    float64 // 1 / effective mass along the normal, kg
	normalI  float64 // accumulated normal impulse, N s
	maxI     float64 // largest normal impulse after a pass (restitution)
}

// constraint is one manifold as the solver passes see it (about 560 bytes):
// the normal rows of its points and the friction rows at their centroid.
type constraint struct {
	a, b  int32 // solver bodies; b < 0: a slab (the shared zero body)
	count int32
	// restitution: the manifold bounces, so the passes track maxI.
	restitution bool
	n           sv // normal from a toward b
	// Friction at the centroid: two tangent rows and a twist row about the
	// normal (accumulated impulses, N s and N m s, and effective masses).
	t0, t1     sv
	rAc, rBc   sv // centroid anchors from each centre, m
	fI0, fI1   float64
	tMass0     float64
	tMass1     float64
	twistI     float64
	twistMass  float64
	twistRange float64 // mean distance of the points from the centroid, m
	friction   float64
	// k couples the normal rows of a 4-point manifold: an impulse p at point
	// q changes the normal velocity at point r by k_qr p, with k_qr = 1/m_A
	// + 1/m_B + (rA_r x n) I_A^-1 (rA_q x n) + (rB_r x n) I_B^-1 (rB_q x n).
	// It is symmetric; k holds k01 k02 k03 k12 k13 k23 (k_qq is 1/nMass).
	// Only set for count 4.
	k   [6]float64
	pts [4]solverPoint
}

// constraintCold holds what only restitution and the write-back read.
type constraintCold struct {
	relVel      [4]float64 // normal velocity before the solve, m/s
	restitution float64
	m           int32 // index in the contact list
}

// solverState is the solver's per-step working set (scratch, not state).
type solverState struct {
	cons    []constraint
	cold    []constraintCold
	order   []int32  // manifold index of each constraint, in colour order
	colorOf []int32  // colour of each active manifold
	colors  []int32  // start of each colour in cons, overflow set last, then the end
	bits    []uint64 // colouring scratch: bodies taken, per colour
	zero    solverBody
	restit  bool // some constraint has restitution

	// The wide groups of each colour and the rest (wide.go).
	wide                      []wideCons
	laneOf                    []int32 // group*wideLanes+lane of each constraint, or -1
	rest                      []int32
	wideAt, restAt            []int32
	wideBase, wideN, restBase int // the colour being run by runWide
	// 1/h and -MaxPushVelocity in every lane, for the wide passes.
	invLanes, negPushLanes lanes

	// Parameters of the pass being run, set before each run.
	base         int  // first constraint of the colour being run
	overflow     bool // the overflow set: constraints may share bodies
	h, inv       float64
	useBias      bool
	soft, sSoft  softness // body-body and body-slab
	gh, halfG    sv       // gravity times h, and -g h/2
	fnPrepare    func(lo, hi int)
	fnWarm       func(lo, hi int)
	fnIterate    func(lo, hi int)
	fnRestitute  func(lo, hi int)
	fnStore      func(lo, hi int)
	fnWarmWide   func(lo, hi int)
	fnIterWide   func(lo, hi int)
	fnVelocities func(lo, hi int)
	fnPositions  func(lo, hi int)
}

// bindSolver makes the stage functions once, so that running a stage
// allocates no closure.
func (w *World) bindSolver() {
	s := &w.sol
	s.fnPrepare = w.prepareRange
	s.fnWarm = w.warmRange
	s.fnIterate = w.iterateRange
	s.fnRestitute = w.restituteRange
	s.fnStore = w.storeRange
	s.fnWarmWide = w.warmStage
	s.fnIterWide = w.iterateStage
	s.fnVelocities = w.integrateVelocities
	s.fnPositions = w.integrateSubstep
}

// prepareRange builds constraints [lo, hi) from their manifolds: Jacobians,
// effective masses, the friction impulses re-projected on this step's
// tangents, and the normal velocity before the step (for restitution).
func (w *World) prepareRange(lo, hi int) {
	sol := &w.sol
	list := w.contacts.list
	g := toSV(w.def.Gravity)
	var local constraint
	for i := lo; i < hi; i++ {
		k := sol.order[i]
		m := &list[k]
		// A constraint solved in a group is built here and packed into
		// its lane (wide.go); the others in place.
		gl := int32(-1)
		if wideOn {
			gl = sol.laneOf[i]
		}
		c := &sol.cons[i]
		if gl >= 0 {
			c = &local
		}
		cold := &sol.cold[i]
		c.a, c.b, c.count = m.a, m.b, m.count
		A, B := w.bodyPair(c)
		n := m.n
		c.n = n
		c.t0, c.t1 = tangentsSV(n)
		c.friction = m.friction
		c.restitution = m.restitution != 0
		cold.m, cold.restitution = k, m.restitution
		// Centroid of the points: the friction anchor.
		cnt := int(m.count)
		inv := 1 / float64(cnt)
		var rAc, rBc sv
		for q := 0; q < cnt; q++ {
			rAc = rAc.add(m.pts[q].rA)
			rBc = rBc.add(m.pts[q].rB)
		}
		rAc, rBc = rAc.scale(inv), rBc.scale(inv)
		c.rAc, c.rBc = rAc, rBc
		rng := 0.0
		for q := 0; q < cnt; q++ {
			d := m.pts[q].rA.sub(rAc)
			rng += math.Sqrt(d.dot(d))
		}
		c.twistRange = rng * inv
		c.fI0, c.fI1 = m.ft.dot(c.t0), m.ft.dot(c.t1)
		// A single point has no twist row: a twist impulse kept from when
		// the manifold had more points would be warm-started every substep
		// and never solved, a steady torque about the normal (a shot left
		// standing on one corner spun up to thousands of rad/s).
		c.twistI = 0
		if cnt > 1 {
			c.twistI = m.twistI
		}
		// Relative acceleration along the normal from gravity: nonzero only
		// against a slab (two bodies fall together).
		an := 0.0
		if m.b < 0 {
			an = -g.dot(n)
		}
		c.tMass0 = invOrZero(effMass(A, rAc, c.t0) + effMass(B, rBc, c.t0))
		c.tMass1 = invOrZero(effMass(A, rAc, c.t1) + effMass(B, rBc, c.t1))
		c.twistMass = invOrZero(A.invIMul(n).dot(n) + B.invIMul(n).dot(n))
		vn0 := B.v.sub(A.v).dot(n)
		iso := A.iso && B.iso
		var iAn, iBn [4]sv
		for q := 0; q < cnt; q++ {
			mp := &m.pts[q]
			cp := &c.pts[q]
			cp.rAn, cp.rBn = mp.rA.cross(n), mp.rB.cross(n)
			if iso {
				iAn[q], iBn[q] = cp.rAn.scale(A.invIs), cp.rBn.scale(B.invIs)
			} else {
				iAn[q], iBn[q] = A.invI.mul(cp.rAn), B.invI.mul(cp.rBn)
			}
			cp.nMass = invOrZero(A.invMass + B.invMass + cp.rAn.dot(iAn[q]) + cp.rBn.dot(iBn[q]))
			cp.sep, cp.normalI, cp.maxI = mp.sep, mp.normalI, 0
			rv := vn0 + B.w.dot(cp.rBn) - A.w.dot(cp.rAn)
			// A speculative point closes its gap during the step under
			// gravity: bounce with the speed it will have at impact, not at
			// the start of the step (which would lose the gap's height).
			if mp.sep > 0 && rv < 0 && an < 0 {
				rv = -math.Sqrt(float64(rv*rv) - 2*float64(an*mp.sep))
			}
			cold.relVel[q] = rv
		}
		if cnt == 4 {
			mAB := A.invMass + B.invMass
			var k [4][4]float64
			for q := 0; q < 4; q++ {
				for r := q + 1; r < 4; r++ {
					pr := &c.pts[r]
					kk := mAB + pr.rAn.dot(iAn[q]) + pr.rBn.dot(iBn[q])
					k[q][r], k[r][q] = kk, kk
				}
			}
			c.k = [6]float64{k[0][1], k[0][2], k[0][3], k[1][2], k[1][3], k[2][3]}
		}
		if gl >= 0 {
			w.packLane(&sol.wide[gl/wideLanes], int(gl%wideLanes), c)
		}
	}
}

// effMass returns 1/m + (I^-1 (r x n)) . (r x n) for solver body s.
func effMass(s *solverBody, r, n sv) float64 {
	rn := r.cross(n)
	return s.invMass + s.invIMul(rn).dot(rn)
}
