package physics

import (
	"math"
	"sync/atomic"
)

// Constraints: each step the solver turns the active manifolds of the contact
// cache into a compact array, in graph-colour order, holding exactly what the
// passes read, Jacobians and effective masses precomputed (prepareCons); the
// passes (contact_rows.go) stream it front to back nine times a step, and
// the impulses go back to the cache at the end (storeCons).

// solverPoint is the part of one normal row that the warm start reads too
// (32 bytes; its separation and mass are in constraint.sep and nMass). The
// products I^-1 (r x n) are not kept: the passes sum the rows' impulses
// times r x n and multiply by each body's inverse inertia once per
// constraint (a scale for a cube), which is cheaper than streaming 48 more
// bytes per point from memory nine times a step.
//
// Only rA x n is kept: rB x n is rA x n plus constraint.en, the same for
// every point (see there).
type solverPoint struct {
	rAn     sv      // rA x n: the row's angular Jacobian on a
	normalI float64 // accumulated normal impulse, N s
}

// constraint is one manifold as the solver passes see it (504 bytes, under
// eight cache lines): the normal rows of its points and the friction rows
// at their centroid.
//
// What a warm start reads (warmImpulses) comes first, up to and with pts
// (320 bytes, five lines): prepare makes the first substep's warm records
// (warmRec) from it, and the warm starts that still read constraints (the
// AVX2 build's, outside its groups) read those five lines, not all eight;
// the velocity passes read them all.
type constraint struct {
	a, b  int32 // solver bodies; b < 0: a slab (the shared zero body)
	count int32
	// restitution: the manifold bounces, so the passes track
	// constraintCold.maxI.
	restitution bool
	// iso: both inverse inertias are a scale, iA and iB (a slab's is 0);
	// else the passes multiply by the bodies' matrices (invIMulA, invIMulB).
	iso bool
	// The bodies' inverse masses (a slab's is 0), copied here so that the
	// passes read no mass from the bodies (see bodyState).
	mA, mB, iA, iB float64
	n              sv // normal from a toward b
	// en is rB x n - rA x n, the same for every point: a point's anchors
	// differ by the centres' offset, rB - rA = cA - cB (taken from point 0),
	// so rB x n = rA x n + en (rBn). The passes work out a point's normal
	// velocity as (vB - vA).n + wB.en + (wB - wA).(rA x n) (gatherRowsAt),
	// its separation alike (updateSeparations), and b's angular impulse
	// as a's plus en times the normal impulse (applyRows): per point,
	// three products instead of six, and the constraint is 72 bytes
	// smaller. Zero against a slab, whose side has no velocity.
	en sv
	// Friction at the centroid: two tangent rows and a twist row about the
	// normal (accumulated impulses, N s and N m s). The second tangent is
	// n x t0 (tangent1), worked out where it is used: kept, it made the
	// constraint 600 bytes, ten cache lines, when it was 576 without.
	t0       sv
	rAc, rBc sv // centroid anchors from each centre, m
	fI0, fI1 float64
	twistI   float64
	pts      [4]solverPoint

	// Only the velocity passes read on from here.
	sep [4]float64 // each point's separation at narrowphase time, m (< 0: penetrating)
	// cur: each point's separation as the last pass found it, m. The
	// relax pass leaves it for the next substep's biased pass (the bodies
	// do not move between), which reads it instead of computing it again
	// (gatherRows). Prepare sets it to sep for the first substep's
	// biased pass: the bodies have not moved yet, and sep plus their zero
	// motion is sep.
	cur   [4]float64
	nMass [4]float64 // 1 / each point's effective mass along the normal, kg
	// k couples the normal rows of a 4-point manifold: an impulse p at point
	// q changes the normal velocity at point r by k_qr p, with k_qr = 1/m_A
	// + 1/m_B + (rA_r x n) I_A^-1 (rA_q x n) + (rB_r x n) I_B^-1 (rB_q x n).
	// It is symmetric; k holds k01 k02 k03 k12 k13 k23 (k_qq is 1/nMass).
	// Only set for count 4.
	k [6]float64
	// The friction rows' effective masses, and the twist row's range.
	tMass0     float64
	tMass1     float64
	twistMass  float64
	twistRange float64 // mean distance of the points from the centroid, m
	friction   float64
}

// constraintCold holds what only restitution and the write-back read.
type constraintCold struct {
	relVel      [4]float64 // normal velocity before the solve, m/s
	maxI        [4]float64 // largest normal impulse after a pass, N s
	restitution float64
}

// consView is where a run of constraints is kept: constraint i of the run
// (numbered as sol.slotOf numbers them) is cons[i-base], and its cold and
// warm records are cold[i-base] and warm[i-base].
type consView struct {
	cons []constraint
	cold []constraintCold
	warm []warmRec
	base int
	// kept: cons holds the constraints of last step's plan, built from
	// the same manifolds in the same places (solve), so that a constraint
	// whose manifold was reused need only be refreshed (refreshConstraint);
	// on a patched plan, all but the ones in slots marked fresh.
	kept bool
	// local: a worker's own view, based at the first constraint of the
	// block it runs (solver_stages.go).
	local bool
}

// solverState is the solver's per-step working set (scratch, not state).
type solverState struct {
	cons []constraint
	cold []constraintCold
	warm []warmRec // the first substep's warm start of each constraint
	all  consView  // the three above, from constraint 0
	// allSmall is all for the small blocks, whose constraints are kept
	// only if they were built there last step (smallHeld).
	allSmall  consView
	smallHeld bool
	slotOf    []int32 // constraint of each active manifold: its place in colour order
	manOf     []int32 // manifold (index in the contact list) of each constraint, or -1: room
	placeOf   []int32 // the place in the block-order active list of each constraint's manifold
	// fresh: the slot's constraint is not its manifold's of last step (a
	// patched plan put the manifold there: solver_patch.go), so prepare
	// builds it whole even where the plan is kept.
	fresh []bool
	// patched: this step's plan is last step's, patched (solver_patch.go).
	patched bool
	// Carried constraints: on a step whose plan is new (carry), the
	// constraint of a manifold that was reused (manifold_reuse.go) and
	// solved last step is copied from where last step built it and
	// refreshed, not built again (carryFrom). prevCons is last step's
	// array (the two are swapped on such a step), whose first prevValid
	// constraints were built there (held: this step's count, for the
	// next); fromSlot[i] is where constraint i's manifold's was, or -1.
	carry           bool
	prevCons        []constraint
	prevValid, held int
	fromSlot        []int32
	// canGroup: constraint i may be solved in a wide group (wideEligible).
	canGroup []bool
	colorOf  []int32 // colour of each active manifold
	// colouring scratch: manifolds per colour
	colorCount [numColors + 1]int32
	colors     []int32    // start of each colour in cons, overflow set last, then the end
	taken      []uint32   // colouring scratch: the colours each body took (solver_blocks.go)
	zero       bodyState  // the state of every slab side
	noMass     solverBody // the mass record of every slab side: zero, iso
	noInertia  mat3       // the inertia of every slab side: zero
	state      []bodyState
	// start: each body's velocities after the substep's gravity, before
	// its warm start (body_state.go).
	start  []velocities
	kicks  []bodyKick // gravity and damping per body (loadStates)
	poses  []bodyPose // pose per body, moved by the substeps (loadStates)
	masses []bodyMass // mass per body, for prepare (loadStates)
	// noMassRec is the mass record of every slab side: zero, iso.
	noMassRec bodyMass
	// The blocks the substeps run by (solver_blocks.go, solver_stages.go).
	blocks    []solverBlock
	blockCols []int32 // per block: its colours' starts in cons, and its end
	// kindEnds: numKinds entries per entry of blockCols, where each of
	// that colour's kinds ends (solver_places.go). The last kind's end is
	// the colour's (colorEnd); its room (colorRoom) runs from there to the
	// next colour's start.
	kindEnds []int32
	runs     []bodyRun // the bodies of each block, block by block
	big      []int32   // the blocks run pass by pass, and the others
	small    []int32
	bigCons  int // the big blocks' constraints, which come first
	// Where the small blocks' constraints are built, one view per worker
	// running blocks at once (solver_stages.go): each block's, from its
	// first constraint. localBusy[k]: a worker is using local[k].
	local     [maxWorkers]consView
	localBusy [maxWorkers]atomic.Bool
	localSets int
	bs        blockScratch
	// blockTimes sums the small blocks' stages on the workers, when there
	// is a clock; bigSolve is the big block being run, and bigTimes its
	// stages' times.
	blockTimes [numStages]atomic.Int64
	bigSolve   blockSolve
	bigTimes   stageTimes
	// The pool's stage functions, bound once (bindSolver): the small
	// blocks', and the part of the big block's stage being run.
	fnSmallBlocks, fnBigStage func(lo, hi int)

	// The wide groups of each block's colours and the rest (wide.go).
	wide   []wideCons
	sinks  [][2]bodyRows // per group: where its lanes with no body write
	laneOf []int32       // group*wideLanes+lane of each constraint, or -1
	rest   []int32
	// segs: each block's colours' groups and rest, numColors per block.
	segs []wideSeg
	// 1/h and -MaxPushVelocity in every lane, for the wide passes.
	invLanes, negPushLanes lanes

	// The step's settings, the same for every pass.
	h, inv      float64
	soft, sSoft softness // body-body and body-slab
	gh, halfG   sv       // gravity times h, and -g h/2
}

// colorEnd returns where the constraints of the colour at index seg of
// blockCols end.
func (sol *solverState) colorEnd(seg int) int32 {
	return sol.kindEnds[seg*numKinds+numKinds-1]
}

// bindSolver makes the pool's stage functions for the solver once, so
// that running a stage allocates no closure: the small blocks', and the
// big block's, which runs the part of its stage that stage set.
func (w *World) bindSolver() {
	s := &w.sol
	s.fnSmallBlocks = w.solveSmallBlocks
	b := &s.bigSolve
	s.fnBigStage = func(lo, hi int) { w.runStage(b.stage, b, lo, hi) }
}

// prepareCons builds the constraints of active manifolds [lo, hi) into v
// from them: Jacobians, effective masses, the friction impulses
// re-projected on this step's tangents, and the normal velocity before
// the step (for restitution). It reports whether some constraint it built
// has restitution.
//
// It walks the manifolds in list order and writes each constraint to its
// place in colour order: the reads are one stream then, and the writes one
// stream per colour. Walked in colour order, the reads of one colour
// skipped from manifold to manifold by more than a page (a manifold is 672
// bytes and the colours take turns), which no prefetcher follows.
func (w *World) prepareCons(v *consView, lo, hi int) (restit bool) {
	sol := &w.sol
	pool, heads := w.contacts.pool, w.contacts.heads
	active := w.scratch.active
	g := toSV(w.def.Gravity)
	var local constraint
	for j := lo; j < hi; j++ {
		if a := j + prefetchAhead; a < hi && active[a] >= 0 {
			// The manifold a few places on, and its constraint in its
			// colour (prefetch.go).
			if ia := int(sol.slotOf[a]) - v.base; ia >= 0 && ia < len(v.cons) {
				prefetchConstraint(&v.cons[ia])
			}
			prefetchManifoldHead(&pool[heads[active[a]].slot])
		}
		k := active[j]
		if k < 0 {
			continue // room (colorRoom)
		}
		i := sol.slotOf[j]
		m := &pool[heads[k].slot]
		fresh := sol.fresh[i]
		if fresh {
			sol.fresh[i] = false // built whole now
		}
		// A constraint solved in a group is built here and packed into
		// its lane (wide.go); the others in place.
		gl := int32(-1)
		if w.opt.wide {
			gl = sol.laneOf[i]
		}
		if gl >= 0 && v.kept && m.flags&mfReused != 0 {
			// Grouped: four points, iso bodies, no restitution.
			w.refreshLane(&sol.wide[gl/wideLanes], int(gl%wideLanes), m)
			continue
		}
		c := &v.cons[int(i)-v.base]
		if gl >= 0 {
			c = &local
		}
		if m.flags&mfReused != 0 && m.restitution == 0 && gl < 0 {
			if v.kept && c.iso && !fresh {
				w.refreshConstraint(c, m, &v.warm[int(i)-v.base])
				continue
			}
			if prev := w.carryFrom(i); prev != nil && prev.iso {
				*c = *prev
				w.refreshConstraint(c, m, &v.warm[int(i)-v.base])
				continue
			}
		}
		c.a, c.b, c.count = m.a, m.b, m.count
		if m.static < -1 {
			c.b = m.static // a mover's side (bodyPair); never written
		}
		ma, mb := &sol.masses[c.a], &sol.noMassRec
		if c.b >= 0 {
			mb = &sol.masses[c.b]
		}
		c.mA, c.mB, c.iA, c.iB = ma.invMass, mb.invMass, ma.invIs, mb.invIs
		c.iso = ma.iso && mb.iso
		// The inertia matrices, only where they are not a scale.
		var MA, MB *solverBody
		var IA, IB *mat3
		if !c.iso {
			MA, MB = w.massPair(c)
			IA, IB = w.inertiaPair(c)
		}
		n := m.n
		c.n = n
		t0, t1 := tangentsSV(n)
		c.t0 = t0
		c.friction = m.friction
		// Only restitution reads the cold record (and the velocities
		// before the solve): for the rest it is neither made nor read.
		c.restitution = m.restitution != 0
		var cold *constraintCold
		var A, B *bodyState
		if c.restitution {
			cold = &v.cold[int(i)-v.base]
			cold.restitution = m.restitution
			cold.maxI = [4]float64{}
			restit = true
			A, B = w.bodyPair(c)
		}
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
		c.startFriction(m, t1)
		// Relative acceleration along the normal from gravity: nonzero only
		// against a slab (two bodies fall together).
		an := 0.0
		if m.b < 0 {
			an = -g.dot(n)
		}
		if c.iso {
			// effMass with the scale written in, which inlines.
			iA, iB := c.iA, c.iB
			c.tMass0 = invOrZero(effMassIso(c.mA, iA, rAc, c.t0) + effMassIso(c.mB, iB, rBc, c.t0))
			c.tMass1 = invOrZero(effMassIso(c.mA, iA, rAc, t1) + effMassIso(c.mB, iB, rBc, t1))
			c.twistMass = invOrZero(n.scale(iA).dot(n) + n.scale(iB).dot(n))
		} else {
			c.tMass0 = invOrZero(effMass(MA, IA, rAc, c.t0) + effMass(MB, IB, rBc, c.t0))
			c.tMass1 = invOrZero(effMass(MA, IA, rAc, t1) + effMass(MB, IB, rBc, t1))
			c.twistMass = invOrZero(MA.invIMul(IA, n).dot(n) + MB.invIMul(IB, n).dot(n))
		}
		c.en = sv{}
		if c.b != -1 { // a body, or a mover (which may turn)
			c.en = m.pts[0].rB.sub(m.pts[0].rA).cross(n)
		}
		iso := c.iso
		var rBn, iAn, iBn [4]sv
		for q := 0; q < cnt; q++ {
			mp := &m.pts[q]
			cp := &c.pts[q]
			cp.rAn = mp.rA.cross(n)
			rBn[q] = c.rBn(q)
			if iso {
				iAn[q], iBn[q] = cp.rAn.scale(c.iA), rBn[q].scale(c.iB)
			} else {
				iAn[q], iBn[q] = IA.mul(cp.rAn), IB.mul(rBn[q])
			}
			c.nMass[q] = invOrZero(c.mA + c.mB + cp.rAn.dot(iAn[q]) + rBn[q].dot(iBn[q]))
			c.sep[q], c.cur[q], cp.normalI = m.sep[q], m.sep[q], m.normalI[q]
			if cold != nil {
				cold.relVel[q] = relVelBefore(c, A, B, q, m.sep[q], an)
			}
		}
		if cnt == 4 {
			mAB := c.mA + c.mB
			var k [4][4]float64
			for q := 0; q < 4; q++ {
				for r := q + 1; r < 4; r++ {
					pr := &c.pts[r]
					kk := mAB + pr.rAn.dot(iAn[q]) + rBn[r].dot(iBn[q])
					k[q][r], k[r][q] = kk, kk
				}
			}
			c.k = [6]float64{k[0][1], k[0][2], k[0][3], k[1][2], k[1][3], k[2][3]}
		}
		v.warm[int(i)-v.base].make(c, IA, IB)
		if gl >= 0 {
			w.packLane(&sol.wide[gl/wideLanes], int(gl%wideLanes), c)
		}
	}
	return restit
}

// refreshConstraint brings constraint c up to date for this step from its
// manifold m, which kept its normal and anchors (manifold_reuse.go) and
// from which c was built last step (in the same place, or copied from
// there: carryFrom), between bodies
// whose masses and inertias are scales: everything prepareCons derives
// from the geometry and the masses is as it was, so only the separations,
// the impulses it starts from and the warm record are made again (the
// same operations as prepareCons's, so the same bits): no cross products,
// effective masses or coupling matrix, and only the constraint's fields
// that change are written: a resting scene's constraints are mostly this.
func (w *World) refreshConstraint(c *constraint, m *manifold, r *warmRec) {
	c.startFriction(m, c.tangent1())
	for q := int32(0); q < m.count; q++ {
		c.sep[q], c.cur[q], c.pts[q].normalI = m.sep[q], m.sep[q], m.normalI[q]
	}
	r.make(c, nil, nil)
}

// carryFrom returns last step's constraint of the manifold of constraint
// i when this step's plan is new and last step built it in prevCons, else
// nil. Built from a manifold whose normal, anchors and bodies are the same
// (reused), it holds what prepareCons would build now, but for what
// refreshConstraint makes again.
func (w *World) carryFrom(i int32) *constraint {
	sol := &w.sol
	if !sol.carry {
		return nil
	}
	if f := sol.fromSlot[i]; f >= 0 && int(f) < sol.prevValid {
		return &sol.prevCons[f]
	}
	return nil
}

// startFriction sets c's friction and twist impulses from its manifold's
// (the tangent impulse re-projected on c's tangents, t0 and t1).
func (c *constraint) startFriction(m *manifold, t1 sv) {
	c.fI0, c.fI1, c.twistI = frictionStart(m, c.t0, t1)
}

// frictionStart returns the friction impulses along t0 and t1 and the
// twist impulse that a constraint of manifold m starts from (a group's
// lane too, refreshLane).
func frictionStart(m *manifold, t0, t1 sv) (fI0, fI1, twistI float64) {
	fI0, fI1 = m.ft.dot(t0), m.ft.dot(t1)
	// A single point has no twist row: a twist impulse kept from when the
	// manifold had more points would be warm-started every substep and
	// never solved, a steady torque about the normal (a shot left standing
	// on one corner spun up to thousands of rad/s).
	if m.count > 1 {
		twistI = m.twistI
	}
	return fI0, fI1, twistI
}

// tangent1 returns c's second friction tangent, n x t0 (as tangentsSV
// makes it).
func (c *constraint) tangent1() sv { return c.n.cross(c.t0) }

// rBn returns rB x n of point q (see en).
func (c *constraint) rBn(q int) sv { return c.pts[q].rAn.add(c.en) }

// pointVel returns the normal velocity of c's point q between states A and
// B: vB.n + wB.(rB x n) - vA.n - wA.(rA x n), with rB x n = rA x n + en.
// The passes (gatherRowsAt) work it out the same way, with the part that
// is the same for every point taken once per constraint.
func (c *constraint) pointVel(A, B *bodyState, q int) float64 {
	return B.v.sub(A.v).dot(c.n) + B.w.dot(c.en) + B.w.sub(A.w).dot(c.pts[q].rAn)
}

// relVelBefore returns the normal velocity of c's point q between states
// A and B before the solve, for restitution: sep is the point's
// separation and an the normal acceleration from gravity.
func relVelBefore(c *constraint, A, B *bodyState, q int, sep, an float64) float64 {
	rv := c.pointVel(A, B, q)
	// A speculative point closes its gap during the step under gravity:
	// bounce with the speed it will have at impact, not at the start of
	// the step (which would lose the gap's height).
	if sep > 0 && rv < 0 && an < 0 {
		rv = -math.Sqrt(float64(rv*rv) - 2*float64(an*sep))
	}
	return rv
}

// effMass returns 1/m + (I^-1 (r x n)) . (r x n) for solver body s, whose
// world inverse inertia is I.
func effMass(s *solverBody, I *mat3, r, n sv) float64 {
	rn := r.cross(n)
	return s.invMass + s.invIMul(I, rn).dot(rn)
}

// effMassIso is effMass for inverse mass m and an inverse inertia that is
// the scale i (the same operations, in scalars: written with sv methods it
// cost the inliner 100, over its budget of 80, and was called four times a
// constraint).
func effMassIso(m, i float64, r, n sv) float64 {
	x := float64(r.y*n.z) - float64(r.z*n.y)
	y := float64(r.z*n.x) - float64(r.x*n.z)
	z := float64(r.x*n.y) - float64(r.y*n.x)
	return m + (float64(float64(x*i)*x) + float64(float64(y*i)*y) + float64(float64(z*i)*z))
}
