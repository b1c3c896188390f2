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
//   - Warm starting uses last step's impulses matched by feature id; from
//     the second substep on, it re-applies each body's velocity change over
//     the substep before, which is the same impulse (body_state.go).
//   - Friction: Coulomb on two tangents at each manifold's centroid, clamped
//     to the friction disc (the pyramid would brake diagonal slides harder
//     than axial ones), plus a twist row; solved in the relax pass, and in
//     the biased pass too for a face on a face (frictionInPass).
//   - Speculative contacts: a point still apart by s may close at s/h.
//   - Restitution: a few passes after the substeps, for points that closed
//     faster than restitutionThreshold.
//
// The current separation of each point is tracked through the substeps from
// the bodies' position and rotation changes (linearised in the rotation,
// which is small within one step). Slab contacts read a shared zero
// bodyState and carry zero mass, so the inner loop has few branches for
// statics (it only skips writing it back).
//
// Layout: the contact cache (contacts.go) keeps only what must survive a
// step. Each step the active manifolds are turned into constraints
// (constraint.go), a compact array in graph-colour order (solver_blocks.go)
// holding exactly what the passes read, Jacobians precomputed; the passes
// (contact_rows.go) run over it eight times a step at 4 substeps (a biased
// and a relax pass per substep; the first warm start reads a 96-byte
// record per constraint made by prepare, warmRec, and the later ones are a
// pass over the bodies, body_state.go), one colour at a time, and the impulses
// go back to the cache at the end. The substeps run island by island
// (solver_blocks.go, solver_stages.go): small islands are packed into blocks
// that a worker takes whole, from building their constraints to storing
// their impulses, so that they stay in its cache; a big island (the
// pyramid) is run pass by pass, each colour split over the workers
// (workers.go). In the AVX2 build the cube contacts of each block's
// colours are solved four at a time instead (wide.go), to the same bits.

const (
	// WorldDef.ContactHertz is the stiffness of the soft contact bias
	// between bodies, Hz, capped at the substep rate over contactHertzCap
	// (Box3D's cap, h*omega <= 0.79). Slab contacts use twice the hertz at
	// half the damping ratio (as Box3D). A soft contact is a spring of
	// stiffness m_eff (2 pi hertz)^2, so a stack sinks under its load: the
	// 5,050 pyramid's apex settles 0.68 m at 30 Hz, Box3D's 0.69 m. At a
	// cap of a fifth of the substep rate (50 Hz at 4 substeps, the default
	// before), that pyramid breathed: its rows swung up and down by tens of
	// centimetres, the swing grew, and it fell (TestLargePyramidStands).
	contactHertzCap = 8
	// restitutionPasses is the number of restitution iterations.
	restitutionPasses = 4
)

// softness holds the coefficients of a soft constraint for one substep,
// and the push-out speed cap (WorldDef.MaxPushVelocity, m/s).
type softness struct {
	biasRate, massScale, impulseScale float64
	massBias                          float64 // massScale times biasRate
	maxPush                           float64
}

func makeSoft(hertz, zeta, h float64) softness {
	if hertz == 0 {
		return softness{massScale: 1}
	}
	omega := 2 * math.Pi * hertz
	a1 := 2*zeta + float64(h*omega)
	a2 := float64(float64(h*omega) * a1)
	a3 := 1 / (1 + a2)
	sf := softness{biasRate: omega / a1, massScale: float64(a2 * a3), impulseScale: a3}
	sf.massBias = float64(sf.massScale * sf.biasRate)
	return sf
}

// Chunk sizes for the parallel stages: constraints and bodies per claim.
const (
	consChunk = 32
	bodyChunk = 256
)

// substeps returns the substep count for the world's iteration setting.
func (w *World) substeps() int { return (w.def.SolverIterations + 1) / 2 }

// solve runs the substep loop: gravity, warm start, biased iteration,
// position update, relax iteration; then restitution. Each pass is lapped
// on sw into the profile's SolverStages (summed over substeps).
func (w *World) solve(dt float64, sw *stopwatch) {
	sp := &w.profile.SolverStages
	*sp = SolverProfile{}
	w.staticTree() // its store of the states asks it on the workers (pathClear)
	sc := &w.scratch
	sol := &w.sol
	sc.active = sc.active[:0]
	heads := w.contacts.heads
	w.beginColors(len(w.bodies), len(heads))
	// The broadphase's sleep byte per body (which wakeBody keeps), not
	// the flags in the bodies' records: a dense array for a serial walk.
	asleep := w.bp.asleep
	for k := range heads {
		m := &heads[k]
		a, b := m.bodies()
		if m.flags&(mfAsleep|mfEmpty) != 0 || asleep[a] || b >= 0 && asleep[b] {
			continue
		}
		sc.active = append(sc.active, int32(k))
		w.colorNext(a, b)
	}
	// same: the plan is last step's, so the constraint array holds last
	// step's constraints of the big blocks in this step's places, and of
	// the small blocks too where they were built there (consView.kept,
	// solveByBlocks).
	same := w.planBlocks()
	kept, smallKept := same, same && sol.smallHeld
	nc := len(sc.active)
	// A new plan builds into the other array, so that the constraints
	// last step built stay where sol.fromSlot finds them (carryFrom); a
	// kept plan readies that array, so that the first new plan after
	// many kept ones allocates nothing.
	if same && !w.opt.wide && cap(sol.prevCons) < nc {
		sol.prevCons = make([]constraint, 0, nc+nc/2+16)
	}
	if sol.carry { // planBlocks' choice
		sol.cons, sol.prevCons = sol.prevCons, sol.cons
		sol.prevValid = sol.held
	}
	if cap(sol.cons) < nc || cap(sol.warm) < nc {
		kept, smallKept = false, false
		sol.cons = make([]constraint, nc, nc+nc/2+16)
	}
	if cap(sol.cold) < nc {
		sol.cold = make([]constraintCold, nc, cap(sol.cons))
	}
	// What this step leaves built in sol.cons for the next: every
	// constraint on a kept plan (the small blocks build there), else the
	// big blocks'.
	sol.held = sol.bigCons
	if same {
		sol.held = nc
	}
	sol.cons, sol.cold = sol.cons[:nc], sol.cold[:nc]
	sol.zero, sol.noMass, sol.noMassRec = bodyState{}, solverBody{iso: true}, bodyMass{iso: true}

	n := w.substeps()
	h := dt / float64(n)
	inv := 1 / h
	hz := math.Min(w.def.ContactHertz, inv/contactHertzCap)
	sol.h, sol.inv = h, inv
	sol.soft = makeSoft(hz, w.def.ContactDampingRatio, h)
	sol.sSoft = makeSoft(2*hz, float64(w.def.ContactDampingRatio*0.5), h)
	sol.soft.maxPush, sol.sSoft.maxPush = w.def.MaxPushVelocity, w.def.MaxPushVelocity
	g := toSV(w.def.Gravity)
	sol.gh, sol.halfG = g.scale(h), g.scale(-0.5*h)

	if w.opt.wide {
		for l := range wideLanes {
			sol.invLanes[l], sol.negPushLanes[l] = inv, -sol.soft.maxPush
		}
	}
	if w.opt.wide && !same {
		w.planWide() // its lists are sized by the constraint array's room
	}
	nb := len(w.bodies)
	sol.state = grow(sol.state, nb)
	sol.start = grow(sol.start, nb)
	sol.kicks = grow(sol.kicks, nb)
	sol.poses = grow(sol.poses, nb)
	w.oracleMarks = grow(w.oracleMarks, nb) // storeStates makes most (guard.go)
	w.stepSpeed = grow(w.stepSpeed, nb)
	w.stepSpin = grow(w.stepSpin, nb)
	sol.masses = grow(sol.masses, nb)
	sol.warm = grow(sol.warm, nc)
	sol.all = consView{cons: sol.cons, cold: sol.cold, warm: sol.warm, kept: kept}
	sol.allSmall = consView{cons: sol.cons, cold: sol.cold, warm: sol.warm, kept: smallKept}
	// The small blocks build into the world's array when the plan holds
	// (so that the next step can keep them), else into the workers' own.
	sol.smallHeld = same
	w.par.begin()
	w.solveByBlocks(sw, sp)
	w.par.end()
}

// bodyPair returns the states of constraint c's bodies (the zero state
// for a slab).
func (w *World) bodyPair(c *constraint) (*bodyState, *bodyState) {
	st := w.sol.state
	a := &st[c.a]
	if c.b < 0 {
		if c.b < -1 {
			return a, w.moverSide(c.b)
		}
		return a, &w.sol.zero
	}
	return a, &st[c.b]
}

// massPair returns the mass records of constraint c's bodies (no mass for
// a slab).
func (w *World) massPair(c *constraint) (*solverBody, *solverBody) {
	a := &w.sb[c.a]
	if c.b < 0 {
		return a, &w.sol.noMass
	}
	return a, &w.sb[c.b]
}

// inertiaPair returns the world inverse inertias of constraint c's bodies
// (zero for a slab).
func (w *World) inertiaPair(c *constraint) (*mat3, *mat3) {
	a := &w.invI[c.a]
	if c.b < 0 {
		return a, &w.sol.noInertia
	}
	return a, &w.invI[c.b]
}

// invIMulA returns body a's world inverse inertia times v, for
// constraint c; invIMulB body b's (a slab's is zero). The hot loops scale
// by c.iA and c.iB themselves where c.iso, and call these otherwise.
func (w *World) invIMulA(c *constraint, v sv) sv {
	if c.iso {
		return v.scale(c.iA)
	}
	return w.invI[c.a].mul(v)
}

func (w *World) invIMulB(c *constraint, v sv) sv {
	if c.iso {
		return v.scale(c.iB)
	}
	_, IB := w.inertiaPair(c)
	return IB.mul(v)
}

// storeCons writes the impulses of constraints [lo, hi) of v back to their
// manifolds for the next step's warm start. It walks the constraints in
// colour order and writes the manifolds where they fall, which beat
// walking the manifolds in list order and reading the constraints where
// they fall, since it writes one block of each manifold
// (manifold.normalI). Prepare is the other way round: it reads far more
// of a manifold than the store writes, so it walks the manifolds in order.
func (w *World) storeCons(v *consView, lo, hi int) {
	sol := &w.sol
	pool, heads := w.contacts.pool, w.contacts.heads
	for i := lo; i < hi; i++ {
		k := sol.manOf[i]
		if k < 0 {
			continue // room (colorRoom)
		}
		m := &pool[heads[k].slot]
		if w.opt.wide {
			if gl := sol.laneOf[i]; gl >= 0 {
				sol.wide[gl/wideLanes].storeLane(int(gl%wideLanes), m)
				continue
			}
		}
		c := &v.cons[i-v.base]
		for q := int32(0); q < c.count; q++ {
			m.normalI[q] = c.pts[q].normalI
		}
		m.ft = c.t0.scale(c.fI0).madd(c.tangent1(), c.fI1)
		m.twistI = c.twistI
	}
}

func invOrZero(k float64) float64 {
	if k > 0 {
		return 1 / k
	}
	return 0
}

// warmCons re-applies the accumulated impulses of constraints [first,
// end) of one colour, kept in v, summed per constraint so each body's
// inertia is applied once: in the step's first substep from the warm
// records prepare made (fromRecords), else (warmEverySubstep, a test's
// reference) from the constraints' impulses as they are now.
func (w *World) warmCons(v *consView, first, end int, fromRecords bool) {
	sol := &w.sol
	if fromRecords {
		st := sol.state
		warm := v.warm[first-v.base : end-v.base]
		for i := range warm {
			r := &warm[i]
			A := &st[r.a]
			A.v = A.v.madd(r.p, -r.mA)
			A.w = A.w.sub(r.dwA)
			if r.b >= 0 {
				B := &st[r.b]
				B.v = B.v.madd(r.p, r.mB)
				B.w = B.w.add(r.dwB)
			}
		}
		return
	}
	cons := v.cons[first-v.base : end-v.base]
	for i := range cons {
		w.warmOne(&cons[i])
	}
}

// warmRec is the first substep's warm start of one constraint, made by
// prepare from what it has at hand (96 bytes): the bodies, their inverse
// masses, the linear impulse and each body's angular velocity change.
// Read from the constraint instead, the warm start fetched seven of its
// nine cache lines (five of eight since constraint.en) to apply these nine
// numbers.
type warmRec struct {
	a, b   int32
	mA, mB float64
	p      sv // linear impulse on b (minus it on a), N s
	dwA    sv // angular velocity change of a (subtracted), rad/s
	dwB    sv // angular velocity change of b (added), rad/s
}

// make fills r with constraint c's first warm start (IA, IB: the bodies'
// inertia matrices, read only where c is not iso).
func (r *warmRec) make(c *constraint, IA, IB *mat3) {
	r.a, r.b, r.mA, r.mB = c.a, c.b, c.mA, c.mB
	r.p, r.dwA, r.dwB = warmImpulses(c, IA, IB)
}

// warmImpulses returns what constraint c's warm start applies: the linear
// impulse on b and the angular velocity changes of a (subtracted) and b
// (added), with MA and MB the bodies' mass records (read only where c is
// not iso, and nil may be passed otherwise).
func warmImpulses(c *constraint, IA, IB *mat3) (p, dwA, dwB sv) {
	// The points' angular impulses, sum ni (rA x n) for a and that plus
	// (sum ni) en for b (see constraint.en).
	var tn sv
	sum := 0.0
	for q := int32(0); q < c.count; q++ {
		cp := &c.pts[q]
		sum += cp.normalI
		tn = tn.madd(cp.rAn, cp.normalI)
	}
	// Friction at the centroid, twist about the normal.
	F := c.t0.scale(c.fI0).madd(c.tangent1(), c.fI1)
	tA := c.rAc.cross(F).madd(c.n, c.twistI).add(tn)
	tB := c.rBc.cross(F).madd(c.n, c.twistI).add(tn.madd(c.en, sum))
	if c.iso {
		dwA, dwB = tA.scale(c.iA), tB.scale(c.iB)
	} else {
		dwA, dwB = IA.mul(tA), IB.mul(tB)
	}
	return F.madd(c.n, sum), dwA, dwB
}

// warmOne re-applies the accumulated impulses of constraint c.
func (w *World) warmOne(c *constraint) {
	A, B := w.bodyPair(c)
	var IA, IB *mat3 // the inertia matrices, where not a scale
	if !c.iso {
		IA, IB = w.inertiaPair(c)
	}
	P, dwA, dwB := warmImpulses(c, IA, IB)
	A.v = A.v.madd(P, -c.mA)
	A.w = A.w.sub(dwA)
	if c.b >= 0 {
		B.v = B.v.madd(P, c.mB)
		B.w = B.w.add(dwB)
	}
}

// restituteCons makes the points of constraints [first, end) of one
// colour, kept in v, that closed faster than the threshold separate at
// restitution times their closing speed. It runs several passes: one pass
// of sequential impulses over the four corners of a face that lands flat
// leaves them unequal, and the difference would become spin.
func (w *World) restituteCons(v *consView, first, end int) {
	for i := first - v.base; i < end-v.base; i++ {
		if w.opt.wide && w.sol.laneOf[v.base+i] >= 0 {
			// Solved in a group, which has no restitution; its entry in
			// the array is not written (prepareCons packs the lane), so it
			// holds whatever constraint was there before.
			continue
		}
		c := &v.cons[i]
		if !c.restitution {
			continue // its cold record was not made (prepareCons)
		}
		cold := &v.cold[i]
		e := cold.restitution
		A, B := w.bodyPair(c)
		n := c.n
		for q := int32(0); q < c.count; q++ {
			cp := &c.pts[q]
			rv := cold.relVel[q]
			if rv > -w.def.RestitutionThreshold || cold.maxI[q] == 0 {
				continue
			}
			vn := c.pointVel(A, B, int(q))
			imp := -float64(c.nMass[q] * (vn + float64(e*rv)))
			newI := math.Max(cp.normalI+imp, 0)
			imp = newI - cp.normalI
			cp.normalI = newI
			A.v = A.v.madd(n, -float64(imp*c.mA))
			A.w = A.w.sub(w.invIMulA(c, cp.rAn.scale(imp)))
			if c.b >= 0 {
				B.v = B.v.madd(n, float64(imp*c.mB))
				B.w = B.w.add(w.invIMulB(c, c.rBn(int(q)).scale(imp)))
			}
		}
	}
}

// MaxSubsteps is the most solver substeps a step may take: WorldDef's
// SolverIterations range, 1..64, counts two velocity iterations per
// substep (contact_solver.go).
const MaxSubsteps = 32

// Substeps is how many substeps the solver divides each step into.
func (w *World) Substeps() int { return w.substeps() }

// SetSubsteps sets the solver's substeps per step, 1..MaxSubsteps, from
// the next step on (InputSetRate does the same as a step's input); other
// values are ignored. Nothing else changes: the contact cache keeps its
// impulses, which warm-start the next step at the new count.
func (w *World) SetSubsteps(n int) {
	if n >= 1 && n <= MaxSubsteps && n != w.substeps() {
		w.def.SolverIterations = 2 * n
	}
}
