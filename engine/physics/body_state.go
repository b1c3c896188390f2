package physics

// bodyState is a body as the contact solver's passes see it, after Box2D
// v3's b2BodyState: the velocities, and the position and rotation change so
// far in the step; 96 bytes. The solver copies the bodies' velocities into
// an array of these when it starts (loadStates, the changes starting at
// zero) and back when it ends (storeStates); the changes are kept only
// here. Its passes touch nothing else of a body: the masses
// and inertias travel in the constraints (constraint.mA and the rest), as
// in Box3D.
//
// Why: a pass reads two bodies per constraint in the order the colours
// scatter them, nine times a step. With the masses beside the
// velocities (solverBody, 192 bytes then) a big pyramid's bodies outgrow
// a core's level-2 cache; at 96 bytes they fit.
type bodyState struct {
	v, w    sv // m/s, rad/s (world axes)
	dp, dth sv // position change (m) and rotation (rotation vector, rad) so far this step
}

// bodyKick is what each substep's gravity and damping read of a body (24
// bytes, instead of two cache lines of its 240-byte record): its flags and
// its damping factors for one substep, 1/(1 + h c), or 0 for no damping.
type bodyKick struct {
	linF, angF float64
	flags      uint8
}

// bodyPose is a body's pose as the substeps move it (64 bytes; made by
// loadStates, written back by storeStates): its centre, its orientation,
// and its flags as the solver left them. The substeps' position pass reads
// and writes this instead of the first two lines of the body's 240-byte
// record, which on the 10,000 pile (2.4 MB of records, more than the
// level-2 cache) took twice as long per body as on the 1,000 pile.
type bodyPose struct {
	p     sv
	q     sq
	flags uint8
}

// bodyMass is what prepare reads of each body's mass (24 bytes, made by
// loadStates): the inverse mass and, for a body whose inverse inertia is a
// scale (iso), that scale; prepare reads the inertia matrix (World.invI)
// only for the others. Reading invMass and invIs from the solverBody, when
// it was 192 bytes, took two of its cache lines per body per constraint.
type bodyMass struct {
	invMass, invIs float64
	iso            bool
}

// loadStates copies bodies [lo, hi) into the solver's state array, and
// makes their kicks, poses and mass records (sol.h is set).
func (w *World) loadStates(lo, hi int) {
	sol := &w.sol
	st := sol.state[lo:hi]
	h := sol.h
	for i := range st {
		s := &w.sb[lo+i]
		// No position or rotation change yet (a sleeping body's is never
		// read).
		st[i] = bodyState{v: s.v, w: s.w}
		sol.masses[lo+i] = bodyMass{invMass: s.invMass, invIs: s.invIs, iso: s.iso}
		b := &w.bodies[lo+i]
		if sol.taken[lo+i] != 0 {
			b.flags |= flagTouching // see solver_blocks.go
		}
		k := bodyKick{flags: b.flags}
		if b.linDamp > 0 {
			k.linF = 1 / (1 + float64(h*b.linDamp))
		}
		if b.angDamp > 0 {
			k.angF = 1 / (1 + float64(h*b.angDamp))
		}
		sol.kicks[lo+i] = k
		sol.poses[lo+i] = bodyPose{p: svAt(&b.pos), q: sqAt(&b.q), flags: b.flags}
		w.stepSpeed[lo+i], w.stepSpin[lo+i] = 0, 0
	}
}

// storeStates copies the solver's states and the poses of the bodies the
// substeps moved of [lo, hi) back, and with CCD on catches the bodies that
// moved too far (catchOne). For each body the substeps moved and the catch
// left alone, whose path from its start of step meets no slab, it also
// makes checkMotion's oracle mark (markDecided): the continuous stage, which
// runs between, moves only the fast bodies, and the centre guard has
// nothing to put back on such a path. checkMotion then reads a byte of
// these bodies instead of two lines of their records.
func (w *World) storeStates(lo, hi int) {
	st := w.sol.state[lo:hi]
	poses := w.sol.poses[lo:hi]
	marks := w.oracleMarks[lo:hi]
	catch := w.ccdOn
	for i := range st {
		s := &w.sb[lo+i]
		s.v, s.w = st[i].v, st[i].w
		marks[i] = 0 // checkMotion looks at it
		ps := &poses[i]
		if ps.flags&(flagSleeping|flagFast) != 0 {
			continue // not moved, and not caught (catchOne)
		}
		b := &w.bodies[lo+i]
		// The substeps moved the pose only, so b.pos is still where the
		// step began (b.prevPos).
		start := b.pos
		if !st[i].dth.isZero() {
			turnBy(&ps.q, st[i].dth) // the step's rotation (integrateSubstep)
		}
		b.pos, b.q = ps.p.vec(), ps.q.quat()
		if catch {
			w.catchOne(lo + i)
		}
		if b.flags&flagFast == 0 && w.pathClear(&start, &b.pos) {
			marks[i] = markDecided | clearPathMark(&start, &b.pos, b.flags)
		}
	}
}

// The warm start of every substep after the first is a pass over the bodies,
// not over the constraints.
//
// A substep's warm start applies M^-1 J^T L for the accumulated impulses L
// of every constraint. Its passes then apply M^-1 J^T dL for each change dL
// of those impulses (the clamps act on the accumulated values; what reaches
// the bodies is always the change). So by the end of substep k the
// constraints have changed each body's velocity by M^-1 J^T L_k in all, L_k
// being the impulses at that end: exactly what substep k+1's warm start
// would apply, since the Jacobians and masses are fixed for the step and
// nothing else changes a velocity between the warm start and the end of the
// relax pass (gravity and damping come before the warm start, restitution
// after the last substep). So the later substeps re-apply each body's
// velocity change over the previous substep, v_end - v_start, where v_start
// is its velocity after gravity and before the warm start (kept in
// sol.start), in the same pass as gravity (integrateVelocities with
// sol.rewarm).
//
// That equals the warm start to rounding, not to the bit: the sum of the
// changes is rounded differently from the product of the sums. What it
// saves: a warm-start pass streams the 5,050 pyramid's 14,950 constraints
// (6 MB); this streams its bodies (0.7 MB), with the velocity integration
// it replaces folded in.

// velocities is a body's linear and angular velocity.
type velocities struct{ v, w sv }
