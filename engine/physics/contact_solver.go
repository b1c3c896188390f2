package physics

import "math"

// The contact solver: sequential impulses (Catto, "Iterative Dynamics with
// Temporal Coherence", GDC 2005) run as Box2D v3's "soft step" (Catto,
// "Solver2D", 2024). The step is split into substeps; each substep integrates
// gravity, re-applies the accumulated impulses (warm start), runs one
// iteration with a soft position bias, moves the bodies, then runs one
// "relax" iteration without bias. The bias is a spring-damper (contactHertz,
// contactDampingRatio) so pushing out of an overlap cannot overshoot, and the
// relax pass removes the velocity the bias added, so position correction adds
// no kinetic energy (the same goal as split impulses, which were tried first
// and made tall stacks rock with 8 iterations). SolverIterations counts these
// velocity iterations: SolverIterations/2 substeps (rounded up) of two each.
//
//   - Warm starting uses last step's impulses matched by feature id.
//   - Each manifold's normal rows start with a central pre-pass: the rows
//     are solved as one contact at the points' centroid and the impulse is
//     shared equally among the points (each still clamped at zero). Plain
//     sequential impulses treat the corners of a face one after another, so
//     a box landing flat took most of the impact on its first corner and
//     left spinning; the central row takes the symmetric part of the
//     impulse in one go and leaves the corners only the differences.
//   - Friction: Coulomb on two tangents at each manifold's centroid, clamped
//     to the friction disc (the pyramid would brake diagonal slides harder
//     than axial ones), plus a twist row; solved in the relax pass only.
//   - Speculative contacts: a point still apart by s may close at s/h.
//   - Restitution: a few passes after the substeps, for points that closed
//     faster than restitutionThreshold.
//
// The current separation of each point is tracked through the substeps from
// the bodies' position and rotation changes (linearised in the rotation,
// which is small within one step). Slab contacts read a shared zero
// solverBody, so the inner loop has few branches for statics (it only skips
// writing it back).
//
// Layout: the contact cache (contacts.go) keeps only what must survive a
// step. Each step the active manifolds are turned into constraints, a compact
// array in graph-colour order (graph_color.go) holding exactly what the
// passes read, Jacobians precomputed; the passes stream it front to back
// twelve times a step, and the impulses go back to the cache at the end.

const (
	// restitutionThreshold: closing speeds below this do not bounce, m/s.
	restitutionThreshold = 1.0
	// contactHertz is the stiffness of the soft contact bias between
	// bodies, Hz, capped at a sixth of the substep rate (h*omega <= 1.05):
	// above that, a 20-layer pyramid at 4 substeps bounced (60 Hz at a
	// quarter of the substep rate, Box2D's cap, was unstable). Slab contacts
	// use twice this. A stack sinks by 2 k g / (2 pi hertz)^2 at a contact
	// carrying k boxes: 0.3 mm per box at 40 Hz.
	contactHertz = 40
	// contactDampingRatio: strongly over-damped, so the bias never bounces.
	contactDampingRatio = 10
	// restitutionPasses is the number of restitution iterations.
	restitutionPasses = 4
	// maxPushVelocity caps the speed at which overlap is removed, m/s.
	maxPushVelocity = 3
)

// softness holds the coefficients of a soft constraint for one substep.
type softness struct {
	biasRate, massScale, impulseScale float64
}

func makeSoft(hertz, zeta, h float64) softness {
	if hertz == 0 {
		return softness{massScale: 1}
	}
	omega := 2 * math.Pi * hertz
	a1 := 2*zeta + float64(h*omega)
	a2 := float64(float64(h*omega) * a1)
	a3 := 1 / (1 + a2)
	return softness{biasRate: omega / a1, massScale: float64(a2 * a3), impulseScale: a3}
}

// solverPoint is one normal row of a constraint (128 bytes, two cache lines).
type solverPoint struct {
	rAn, rBn sv      // rA x n, rB x n: the row's angular Jacobian
	iAn, iBn sv      // I_A^-1 (rA x n), I_B^-1 (rB x n)
	sep      float64 // separation at narrowphase time, m (< 0: penetrating)
	nMass    float64 // 1 / effective mass along the normal, kg
	normalI  float64 // accumulated normal impulse, N s
	maxI     float64 // largest normal impulse during the solve (restitution)
}

// constraint is one manifold as the solver passes see it (800 bytes): the
// normal rows of its points, the central row at their centroid, and the
// friction rows at the centroid.
type constraint struct {
	a, b  int32 // solver bodies; b < 0: a slab (the shared zero body)
	count int32
	_     int32
	n     sv // normal from a toward b
	// The points' centroid: its Jacobian, mean separation and effective
	// mass, for the central pre-pass of the normal rows.
	rAcn, rBcn sv // rAc x n, rBc x n
	iAcn, iBcn sv // I_A^-1 (rAc x n), I_B^-1 (rBc x n)
	sepC       float64
	cMass      float64
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
	// q changes the normal velocity at point r by k p, with k = 1/m_A +
	// 1/m_B + (rA_r x n) I_A^-1 (rA_q x n) + (rB_r x n) I_B^-1 (rB_q x n).
	// Symmetric; only set for count 4.
	k   [4][4]float64
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

	// Parameters of the pass being run, set before each run.
	base         int // first constraint of the colour being run
	h, inv       float64
	useBias      bool
	soft, sSoft  softness // body-body and body-slab
	gh, halfG    sv       // gravity times h, and -g h/2
	fnPrepare    func(lo, hi int)
	fnWarm       func(lo, hi int)
	fnIterate    func(lo, hi int)
	fnRestitute  func(lo, hi int)
	fnStore      func(lo, hi int)
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
	s.fnVelocities = w.integrateVelocities
	s.fnPositions = w.integrateSubstep
}

// Chunk sizes for the parallel stages: constraints and bodies per claim.
const (
	consChunk = 32
	bodyChunk = 256
)

// substeps returns the substep count for the world's iteration setting.
func (w *World) substeps() int { return (w.def.SolverIterations + 1) / 2 }

// solve runs the substep loop: gravity, warm start, biased iteration,
// position update, relax iteration; then restitution.
func (w *World) solve(dt float64) {
	sc := &w.scratch
	sol := &w.sol
	sc.active = sc.active[:0]
	list := w.contacts.list
	for k := range list {
		m := &list[k]
		if m.flags&mfAsleep != 0 || w.bodies[m.a].flags&flagSleeping != 0 ||
			m.b >= 0 && w.bodies[m.b].flags&flagSleeping != 0 {
			continue
		}
		sc.active = append(sc.active, int32(k))
		w.bodies[m.a].flags |= flagTouching
		if m.b >= 0 {
			w.bodies[m.b].flags |= flagTouching
		}
	}
	w.colorConstraints()
	nc := len(sc.active)
	if cap(sol.cons) < nc {
		sol.cons = make([]constraint, nc, nc+nc/2+16)
		sol.cold = make([]constraintCold, nc, cap(sol.cons))
	}
	sol.cons, sol.cold = sol.cons[:nc], sol.cold[:nc]
	sol.zero = solverBody{}

	n := w.substeps()
	h := dt / float64(n)
	inv := 1 / h
	hz := math.Min(contactHertz, inv/6)
	sol.h, sol.inv = h, inv
	sol.soft = makeSoft(hz, contactDampingRatio, h)
	sol.sSoft = makeSoft(2*hz, contactDampingRatio, h)
	g := toSV(w.def.Gravity)
	sol.gh, sol.halfG = g.scale(h), g.scale(-0.5*h)

	p := &w.par
	p.begin()
	p.run(nc, consChunk, sol.fnPrepare)
	restit := false
	for i := range sol.cold {
		restit = restit || sol.cold[i].restitution != 0
	}
	sol.restit = restit
	nb := len(w.bodies)
	for s := 0; s < n; s++ {
		p.run(nb, bodyChunk, sol.fnVelocities)
		w.runColors(sol.fnWarm)
		sol.useBias = true
		w.runColors(sol.fnIterate)
		p.run(nb, bodyChunk, sol.fnPositions)
		sol.useBias = false
		w.runColors(sol.fnIterate)
	}
	if restit {
		for it := 0; it < restitutionPasses; it++ {
			w.runColors(sol.fnRestitute)
		}
	}
	p.run(nc, consChunk, sol.fnStore)
	p.end()
}

// runColors runs fn over each colour in turn (the overflow set last, on one
// worker).
func (w *World) runColors(fn func(lo, hi int)) {
	sol := &w.sol
	for c := 0; c+1 < len(sol.colors); c++ {
		lo, hi := int(sol.colors[c]), int(sol.colors[c+1])
		if lo == hi {
			continue
		}
		sol.base = lo
		if c == numColors {
			fn(0, hi-lo) // overflow: constraints may share bodies
			continue
		}
		w.par.run(hi-lo, consChunk, fn)
	}
}

// bodyPair returns the solver records of constraint c's bodies (the zero
// record for a slab).
func (w *World) bodyPair(c *constraint) (*solverBody, *solverBody) {
	a := &w.sb[c.a]
	if c.b < 0 {
		return a, &w.sol.zero
	}
	return a, &w.sb[c.b]
}

// prepareRange builds constraints [lo, hi) from their manifolds: Jacobians,
// effective masses, the friction impulses re-projected on this step's
// tangents, and the normal velocity before the step (for restitution).
func (w *World) prepareRange(lo, hi int) {
	sol := &w.sol
	list := w.contacts.list
	g := toSV(w.def.Gravity)
	for i := lo; i < hi; i++ {
		k := sol.order[i]
		m := &list[k]
		c := &sol.cons[i]
		cold := &sol.cold[i]
		c.a, c.b, c.count = m.a, m.b, m.count
		A, B := w.bodyPair(c)
		n := m.n
		c.n = n
		c.t0, c.t1 = tangentsSV(n)
		c.friction = m.friction
		cold.m, cold.restitution = k, m.restitution
		// Centroid of the points.
		cnt := int(m.count)
		inv := 1 / float64(cnt)
		var rAc, rBc sv
		sepSum := 0.0
		for q := 0; q < cnt; q++ {
			rAc = rAc.add(m.pts[q].rA)
			rBc = rBc.add(m.pts[q].rB)
			sepSum += m.pts[q].sep
		}
		rAc, rBc = rAc.scale(inv), rBc.scale(inv)
		c.rAc, c.rBc, c.sepC = rAc, rBc, sepSum*inv
		rng := 0.0
		for q := 0; q < cnt; q++ {
			d := m.pts[q].rA.sub(rAc)
			rng += math.Sqrt(d.dot(d))
		}
		c.twistRange = rng * inv
		c.fI0, c.fI1, c.twistI = m.ft.dot(c.t0), m.ft.dot(c.t1), m.twistI
		// Relative acceleration along the normal from gravity: nonzero only
		// against a slab (two bodies fall together).
		an := 0.0
		if m.b < 0 {
			an = -g.dot(n)
		}
		c.rAcn, c.rBcn = rAc.cross(n), rBc.cross(n)
		c.iAcn, c.iBcn = A.invI.mul(c.rAcn), B.invI.mul(c.rBcn)
		c.cMass = invOrZero(A.invMass + B.invMass + c.rAcn.dot(c.iAcn) + c.rBcn.dot(c.iBcn))
		c.tMass0 = invOrZero(effMass(A, rAc, c.t0) + effMass(B, rBc, c.t0))
		c.tMass1 = invOrZero(effMass(A, rAc, c.t1) + effMass(B, rBc, c.t1))
		c.twistMass = invOrZero(A.invI.mul(n).dot(n) + B.invI.mul(n).dot(n))
		vn0 := B.v.sub(A.v).dot(n)
		for q := 0; q < cnt; q++ {
			mp := &m.pts[q]
			cp := &c.pts[q]
			cp.rAn, cp.rBn = mp.rA.cross(n), mp.rB.cross(n)
			cp.iAn, cp.iBn = A.invI.mul(cp.rAn), B.invI.mul(cp.rBn)
			cp.nMass = invOrZero(A.invMass + B.invMass + cp.rAn.dot(cp.iAn) + cp.rBn.dot(cp.iBn))
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
			for q := 0; q < 4; q++ {
				for r := q; r < 4; r++ {
					pq, pr := &c.pts[q], &c.pts[r]
					kk := mAB + pr.rAn.dot(pq.iAn) + pr.rBn.dot(pq.iBn)
					c.k[q][r], c.k[r][q] = kk, kk
				}
			}
		}
	}
}

// storeRange writes the impulses of constraints [lo, hi) back to their
// manifolds for the next step's warm start.
func (w *World) storeRange(lo, hi int) {
	sol := &w.sol
	list := w.contacts.list
	for i := lo; i < hi; i++ {
		c := &sol.cons[i]
		m := &list[sol.cold[i].m]
		for q := int32(0); q < c.count; q++ {
			m.pts[q].normalI = c.pts[q].normalI
		}
		m.ft = c.t0.scale(c.fI0).madd(c.t1, c.fI1)
		m.twistI = c.twistI
	}
}

func invOrZero(k float64) float64 {
	if k > 0 {
		return 1 / k
	}
	return 0
}

// warmRange re-applies the accumulated impulses of constraints
// [base+lo, base+hi), summed per constraint so each body's inertia is
// applied once.
func (w *World) warmRange(lo, hi int) {
	sol := &w.sol
	cons := sol.cons[sol.base+lo : sol.base+hi]
	for i := range cons {
		c := &cons[i]
		A, B := w.bodyPair(c)
		// Friction at the centroid, twist about the normal.
		F := c.t0.scale(c.fI0).madd(c.t1, c.fI1)
		tA := c.rAc.cross(F).madd(c.n, c.twistI)
		tB := c.rBc.cross(F).madd(c.n, c.twistI)
		dwA, dwB := A.invI.mul(tA), B.invI.mul(tB)
		sum := 0.0
		for q := int32(0); q < c.count; q++ {
			cp := &c.pts[q]
			sum += cp.normalI
			dwA = dwA.madd(cp.iAn, cp.normalI)
			dwB = dwB.madd(cp.iBn, cp.normalI)
		}
		P := F.madd(c.n, sum)
		A.v = A.v.madd(P, -A.invMass)
		A.w = A.w.sub(dwA)
		if c.b >= 0 {
			B.v = B.v.madd(P, B.invMass)
			B.w = B.w.add(dwB)
		}
	}
}

// fmax is math.Max without the NaN and signed-zero handling, which kept
// math.Max from inlining in the hot loops. Its branch is predictable (an
// impulse clamp rarely changes side), which beats a branch-free max here.
func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

// iterateRange runs one sequential-impulse pass over constraints
// [base+lo, base+hi) (see solveContact).
func (w *World) iterateRange(lo, hi int) {
	sol := &w.sol
	cons := sol.cons[sol.base+lo : sol.base+hi]
	for i := range cons {
		c := &cons[i]
		A, B := w.bodyPair(c)
		sf := &sol.soft
		if c.b < 0 {
			sf = &sol.sSoft
		}
		solveNormal(c, A, B, sol.inv, sol.useBias, sf)
		if !sol.useBias && c.friction != 0 {
			// Friction only in the relax pass: in the biased pass it would
			// fight the push-out velocity (thrown away by the relax
			// anyway), and warm-starting that into the next step made
			// stacks whirl.
			solveFriction(c, A, B)
		}
	}
}

// solveNormal solves the normal rows of one constraint: the central
// pre-pass (see the file comment), then each point, with a soft position
// bias in the biased pass. Only the angular velocities and one scalar, the
// normal velocity of the centres, are carried from row to row: the linear
// velocities change only along n, so they are updated once at the end. That
// keeps the dependency chain from row to row short and in registers.
func solveNormal(c *constraint, A, B *solverBody, inv float64, useBias bool, sf *softness) {
	if c.count == 4 {
		solveNormal4(c, A, B, inv, useBias, sf)
		return
	}
	n := c.n
	mA, mB := A.invMass, B.invMass
	mAB := mA + mB
	cnt := int(c.count)
	if cnt > 4 {
		cnt = 4
	}
	// Current separations: narrowphase value plus how far the bodies have
	// moved along the normal since (fixed during the pass).
	dp := B.dp.sub(A.dp).dot(n)
	var sep [4]float64
	for q := 0; q < cnt; q++ {
		cp := &c.pts[q]
		sep[q] = cp.sep + dp + B.dth.dot(cp.rBn) - A.dth.dot(cp.rAn)
	}
	vn := B.v.sub(A.v).dot(n) // normal velocity of the centres
	wA, wB := A.w, B.w
	lin := 0.0 // normal impulse applied in this pass
	if cnt > 1 {
		s := c.sepC + dp + B.dth.dot(c.rBcn) - A.dth.dot(c.rAcn)
		v := vn + wB.dot(c.rBcn) - wA.dot(c.rAcn)
		bias, massScale, impulseScale := normalBias(s, inv, useBias, sf)
		total := 0.0
		for q := 0; q < cnt; q++ {
			total += c.pts[q].normalI
		}
		imp := -float64(float64(c.cMass*massScale)*(v+bias)) - float64(impulseScale*total)
		share := imp / float64(cnt)
		for q := 0; q < cnt; q++ {
			cp := &c.pts[q]
			newI := fmax(cp.normalI+share, 0)
			d := newI - cp.normalI
			cp.normalI = newI
			cp.maxI = fmax(cp.maxI, newI)
			lin += d
			wA = wA.madd(cp.iAn, -d)
			wB = wB.madd(cp.iBn, d)
		}
		vn += float64(lin * mAB)
	}
	for q := 0; q < cnt; q++ {
		cp := &c.pts[q]
		v := vn + wB.dot(cp.rBn) - wA.dot(cp.rAn)
		bias, massScale, impulseScale := normalBias(sep[q], inv, useBias, sf)
		imp := -float64(float64(cp.nMass*massScale)*(v+bias)) - float64(impulseScale*cp.normalI)
		newI := fmax(cp.normalI+imp, 0)
		imp = newI - cp.normalI
		cp.normalI = newI
		cp.maxI = fmax(cp.maxI, newI)
		lin += imp
		vn += float64(imp * mAB)
		wA = wA.madd(cp.iAn, -imp)
		wB = wB.madd(cp.iBn, imp)
	}
	A.v = A.v.madd(n, -float64(lin*mA))
	A.w = wA
	if c.b >= 0 {
		B.v = B.v.madd(n, float64(lin*mB))
		B.w = wB
	}
}

// solveNormal4 is solveNormal for a 4-point manifold (a face resting on a
// face: nearly every contact of a stack). Instead of carrying the bodies'
// angular velocities from row to row, it carries the normal velocity of each
// of the four points and updates them through the coupling matrix c.k; the
// bodies are updated once at the end. The chain from one row to the next is
// then a few scalar operations instead of two 3-vector dot products and two
// 3-vector updates. The work that does not depend on that chain is done in
// small loops over the points, into arrays: written as one straight block,
// the compiler loaded every operand up front and spilled most of them.
func solveNormal4(c *constraint, A, B *solverBody, inv float64, useBias bool, sf *softness) {
	n := c.n
	k := &c.k
	p := &c.pts
	wA, wB := A.w, B.w
	dthA, dthB := A.dth, B.dth
	vn := B.v.sub(A.v).dot(n)
	dp := B.dp.sub(A.dp).dot(n)
	// Per point: normal velocity, accumulated impulse, and the row's
	// coefficients (scaled effective mass, bias, impulse scale).
	var V, I, ra, rb, rc [4]float64
	for q := range p {
		cp := &p[q]
		V[q] = vn + wB.dot(cp.rBn) - wA.dot(cp.rAn)
		I[q] = cp.normalI
		s := cp.sep + dp + dthB.dot(cp.rBn) - dthA.dot(cp.rAn)
		bias, massScale, impulseScale := normalBias(s, inv, useBias, sf)
		ra[q], rb[q], rc[q] = float64(cp.nMass*massScale), bias, impulseScale
	}
	// Central pre-pass.
	{
		s := c.sepC + dp + dthB.dot(c.rBcn) - dthA.dot(c.rAcn)
		v := vn + wB.dot(c.rBcn) - wA.dot(c.rAcn)
		bias, massScale, impulseScale := normalBias(s, inv, useBias, sf)
		total := (I[0] + I[1]) + (I[2] + I[3])
		imp := -float64(float64(c.cMass*massScale)*(v+bias)) - float64(impulseScale*total)
		share := imp / 4
		var D [4]float64
		for q := range I {
			newI := fmax(I[q]+share, 0)
			D[q] = newI - I[q]
			I[q] = newI
		}
		for r := range V {
			kr := &k[r]
			V[r] += (float64(kr[0]*D[0]) + float64(kr[1]*D[1])) + (float64(kr[2]*D[2]) + float64(kr[3]*D[3]))
		}
	}
	// Point rows, in order; each updates the later points' velocities.
	imp := row(V[0], I[0], ra[0], rb[0], rc[0])
	I[0] += imp
	v1 := V[1] + float64(k[0][1]*imp)
	v2 := V[2] + float64(k[0][2]*imp)
	v3 := V[3] + float64(k[0][3]*imp)
	imp = row(v1, I[1], ra[1], rb[1], rc[1])
	I[1] += imp
	v2 += float64(k[1][2] * imp)
	v3 += float64(k[1][3] * imp)
	imp = row(v2, I[2], ra[2], rb[2], rc[2])
	I[2] += imp
	v3 += float64(k[2][3] * imp)
	I[3] += row(v3, I[3], ra[3], rb[3], rc[3])
	// Apply the net change of each point's impulse to the bodies.
	var dwA, dwB sv
	lin := 0.0
	for q := range p {
		cp := &p[q]
		d := I[q] - cp.normalI
		cp.normalI = I[q]
		cp.maxI = fmax(cp.maxI, I[q])
		lin += d
		dwA = dwA.madd(cp.iAn, d)
		dwB = dwB.madd(cp.iBn, d)
	}
	A.v = A.v.madd(n, -float64(lin*A.invMass))
	A.w = wA.sub(dwA)
	if c.b >= 0 {
		B.v = B.v.madd(n, float64(lin*B.invMass))
		B.w = wB.add(dwB)
	}
}

// row solves one normal row at normal velocity v with accumulated impulse
// acc, scaled effective mass a, bias b and impulse scale c, and returns the
// impulse to apply (acc plus it stays >= 0).
func row(v, acc, a, b, c float64) float64 {
	imp := -float64(a*(v+b)) - float64(c*acc)
	return fmax(acc+imp, 0) - acc
}

// solveFriction solves Coulomb friction at the centroid, bounded by mu times
// the manifold's total normal impulse (the friction disc), and a twist row
// about the normal bounded by that times the points' mean distance from the
// centroid. One point of friction per manifold instead of one per corner: a
// third of the rows, and the same Coulomb bound for a sliding face.
func solveFriction(c *constraint, A, B *solverBody) {
	n := c.n
	mA, mB := A.invMass, B.invMass
	vA, wA, vB, wB := A.v, A.w, B.v, B.w
	total := 0.0
	for q := int32(0); q < c.count; q++ {
		total += c.pts[q].normalI
	}
	maxF := float64(c.friction * total)
	t0, t1 := c.t0, c.t1
	dv := vB.add(wB.cross(c.rBc)).sub(vA.add(wA.cross(c.rAc)))
	n0 := c.fI0 - float64(c.tMass0*dv.dot(t0))
	n1 := c.fI1 - float64(c.tMass1*dv.dot(t1))
	if s2 := float64(n0*n0) + float64(n1*n1); s2 > float64(maxF*maxF) {
		f := maxF / math.Sqrt(s2)
		n0, n1 = float64(n0*f), float64(n1*f)
	}
	l0, l1 := n0-c.fI0, n1-c.fI1
	c.fI0, c.fI1 = n0, n1
	P := t0.scale(l0).madd(t1, l1)
	vA = vA.madd(P, -mA)
	wA = wA.sub(A.invI.mul(c.rAc.cross(P)))
	vB = vB.madd(P, mB)
	wB = wB.add(B.invI.mul(c.rBc.cross(P)))
	if c.count > 1 {
		maxT := float64(maxF * c.twistRange)
		tw := c.twistI - float64(c.twistMass*wB.sub(wA).dot(n))
		tw = clampF(tw, -maxT, maxT)
		lt := tw - c.twistI
		c.twistI = tw
		wA = wA.sub(A.invI.mul(n.scale(lt)))
		wB = wB.add(B.invI.mul(n.scale(lt)))
	}
	A.v, A.w = vA, wA
	if c.b >= 0 {
		B.v, B.w = vB, wB
	}
}

// normalBias returns the velocity bias and soft-constraint scales of a point
// at current separation s.
func normalBias(s, inv float64, useBias bool, sf *softness) (bias, massScale, impulseScale float64) {
	if s > 0 {
		return float64(s * inv), 1, 0 // speculative: may close the gap
	}
	if useBias {
		return fmax(float64(sf.biasRate*s), -maxPushVelocity), sf.massScale, sf.impulseScale
	}
	return 0, 1, 0
}

// restituteRange makes the points of constraints [base+lo, base+hi) that
// closed faster than the threshold separate at restitution times their
// closing speed. It runs several passes: one pass of sequential impulses
// over the four corners of a face that lands flat leaves them unequal, and
// the difference would become spin.
func (w *World) restituteRange(lo, hi int) {
	sol := &w.sol
	for i := sol.base + lo; i < sol.base+hi; i++ {
		cold := &sol.cold[i]
		e := cold.restitution
		if e == 0 {
			continue
		}
		c := &sol.cons[i]
		A, B := w.bodyPair(c)
		n := c.n
		for q := int32(0); q < c.count; q++ {
			cp := &c.pts[q]
			rv := cold.relVel[q]
			if rv > -restitutionThreshold || cp.maxI == 0 {
				continue
			}
			vn := B.v.sub(A.v).dot(n) + B.w.dot(cp.rBn) - A.w.dot(cp.rAn)
			imp := -float64(cp.nMass * (vn + float64(e*rv)))
			newI := math.Max(cp.normalI+imp, 0)
			imp = newI - cp.normalI
			cp.normalI = newI
			A.v = A.v.madd(n, -float64(imp*A.invMass))
			A.w = A.w.madd(cp.iAn, -imp)
			if c.b >= 0 {
				B.v = B.v.madd(n, float64(imp*B.invMass))
				B.w = B.w.madd(cp.iBn, imp)
			}
		}
	}
}
