package physics

import "math"

// The contact math in its scalar form; wide.go is the AVX2 build's
// four-lane form of the same operations. Every pass solves a constraint's
// normal rows with one row routine (row, its coefficients from normalRow):
// point by point, carrying the bodies' angular velocities (solveNormal),
// or, for a 4-point manifold (a face on a face: nearly every contact of a
// stack), in its 4-point form, which carries the points' normal
// velocities through the coupling matrix c.k instead and runs a batch of
// such constraints phase by phase (gatherRows, solveRows, applyRows). Then
// its friction, with one routine (friction). Restitution's row is
// restituteCons (contact_solver.go).

// fmax is math.Max without the NaN and signed-zero handling, which kept
// math.Max from inlining in the hot loops. Its branch is predictable (an
// impulse clamp rarely changes side), which beats a branch-free max here.
func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

// iterateCons runs one sequential-impulse pass over constraints [first,
// end) of one colour, kept in v: biased or not (useBias; the biased pass
// reads the separations in constraint.cur, see gatherRows), one by one if
// they may share bodies (overflow). The constraints of one colour share no
// body, so any order of their reads and writes gives the same bits; the
// 4-point ones are solved in batches of rowBatch, one phase at a time for
// the whole batch, and the others one by one.
func (w *World) iterateCons(v *consView, first, end int, useBias, overflow bool) {
	sol := &w.sol
	cons := v.cons[first-v.base : end-v.base]
	cold := v.cold[first-v.base:]
	inv := sol.inv
	if overflow {
		for i := range cons {
			w.solveOne(v, first+i, inv, useBias)
		}
		return
	}
	var rs [rowBatch]rowScratch
	var idx [rowBatch]int32
	for b := 0; b < len(cons); b += rowBatch {
		e := min(b+rowBatch, len(cons))
		nb := 0
		for i := b; i < e; i++ {
			c := &cons[i]
			if c.count != 4 {
				w.solveOne(v, first+i, inv, useBias)
				continue
			}
			A, B := w.bodyPair(c)
			// useBias as a constant at each call, so that the inlined
			// gather drops the other pass's branches.
			if useBias {
				gatherRows(c, A, B, inv, true, sol.softFor(c), &rs[nb])
			} else {
				gatherRows(c, A, B, inv, false, sol.softFor(c), &rs[nb])
			}
			idx[nb] = int32(i)
			nb++
		}
		solveRows(rs[:nb])
		// The rows' impulses applied, then friction (solvesFriction), its
		// two halves each across the batch, so that the constraints'
		// chains overlap as their rows' do.
		var tp [rowBatch]tangentImpulse
		var fric [rowBatch]bool // constraint j's friction is solved
		for j := 0; j < nb; j++ {
			c := &cons[idx[j]]
			A, B := w.bodyPair(c)
			w.applyRows(c, A, B, &rs[j])
			if c.restitution {
				cold[idx[j]].trackMax(c) // friction leaves the rows' impulses be
			}
			ri := &rs[j].i
			total := 0.0 + ri[0] + ri[1] + ri[2] + ri[3]
			fric[j] = c.solvesFriction(useBias, total)
			if fric[j] {
				tp[j] = frictionTangent(c, A, B, total)
			}
		}
		for j := 0; j < nb; j++ {
			if c := &cons[idx[j]]; fric[j] {
				A, B := w.bodyPair(c)
				w.frictionTwist(c, A, B, tp[j])
			}
		}
	}
}

// solveOne solves constraint i of v alone: its normal rows, then its
// friction where the pass solves it (solvesFriction).
func (w *World) solveOne(v *consView, i int, inv float64, useBias bool) {
	c := &v.cons[i-v.base]
	A, B := w.bodyPair(c)
	w.solveNormal(c, A, B, inv, useBias, w.sol.softFor(c))
	if c.restitution {
		v.cold[i-v.base].trackMax(c)
	}
	if c.friction == 0 {
		return
	}
	total := 0.0
	for q := int32(0); q < c.count; q++ {
		total += c.pts[q].normalI
	}
	if c.solvesFriction(useBias, total) {
		w.friction(c, A, B, total)
	}
}

// solvesFriction reports whether a pass solves c's friction, c's points
// holding normal impulses adding up to total: where c has friction, the
// pass solves it for c (frictionInPass), and there is something to solve
// (a normal impulse, or a friction impulse held: frictionHeld).
func (c *constraint) solvesFriction(useBias bool, total float64) bool {
	return c.friction != 0 && frictionInPass(c, useBias) && (total != 0 || c.frictionHeld())
}

// frictionInPass reports whether a pass solves c's friction: the relax
// pass every constraint's, the biased pass a face's only (4 points).
// Box3D's biased pass solves none; without a face's there, the 5,050
// pyramid's edge boxes crept outward while it settled and its rows bent
// out of their plane (TestLargePyramidStands). A corner or an edge (1 to
// 3 points: most of a heap's contacts, none of a stack's) has its
// friction in the relax pass only, as in Box3D.
func frictionInPass(c *constraint, useBias bool) bool {
	return !useBias || c.count == 4
}

// frictionHeld reports whether c holds a friction or twist impulse. With
// no normal impulse either (a speculative contact not pushing), friction
// has nothing to do: its bound is zero, so it would clamp its impulses to
// zero and apply none.
func (c *constraint) frictionHeld() bool {
	return c.fI0 != 0 || c.fI1 != 0 || c.twistI != 0
}

// trackMax keeps the largest normal impulse of each of c's points after a
// pass, for restitution (which skips the points that never pushed).
func (cold *constraintCold) trackMax(c *constraint) {
	for q := int32(0); q < c.count && q < 4; q++ {
		cold.maxI[q] = fmax(cold.maxI[q], c.pts[q].normalI)
	}
}

// softFor returns the soft-contact coefficients of c (slab or body pair).
func (s *solverState) softFor(c *constraint) *softness { return s.softOf(c.b) }

// softOf returns the soft-contact coefficients of a contact whose second
// body is b (< 0: a slab).
func (s *solverState) softOf(b int32) *softness {
	if b < 0 {
		return &s.sSoft
	}
	return &s.soft
}

// solveNormal solves the normal rows of one constraint, with a soft
// position bias in the biased pass: a 4-point one in the 4-point form (a
// batch of one), the others point by point. Point by point, only the
// angular velocities and one scalar, the normal velocity of the centres,
// are carried from row to row: the linear velocities change only along n,
// so they are updated once at the end. That keeps the dependency chain
// from row to row short and in registers.
func (w *World) solveNormal(c *constraint, A, B *bodyState, inv float64, useBias bool, sf *softness) {
	if c.count == 4 {
		var r [1]rowScratch
		gatherRows(c, A, B, inv, useBias, sf, &r[0])
		solveRows(r[:])
		w.applyRows(c, A, B, &r[0])
		return
	}
	n := c.n
	mA, mB := c.mA, c.mB
	mAB := mA + mB
	cnt := int(c.count)
	if cnt > 4 {
		cnt = 4
	}
	// Current separations, fixed during the pass (the points past cnt are
	// worked out too, from stale values, and never read); the biased pass
	// reads the relax pass's, as gatherRows does.
	if !useBias {
		c.updateSeparations(A, B)
	}
	vn := B.v.sub(A.v).dot(n) // normal velocity of the centres
	wA, wB := A.w, B.w
	lin := 0.0 // normal impulse applied in this pass
	moved := false
	for q := 0; q < cnt; q++ {
		cp := &c.pts[q]
		v := vn + wB.dot(c.en) + wB.sub(wA).dot(cp.rAn)
		a, b, ic := normalRow(c.nMass[q], c.cur[q], inv, useBias, sf)
		imp := row(v, cp.normalI, a, b, ic)
		if imp == 0 {
			continue // a speculative point that does not close: nothing moves
		}
		moved = true
		cp.normalI += imp
		lin += imp
		vn += float64(imp * mAB)
		// I^-1 (r x n) of each body, off the chain of rows: worked out
		// here rather than into arrays before the loop, which Go zeroed
		// on every call (192 bytes).
		wA = wA.madd(w.invIMulA(c, cp.rAn), -imp)
		wB = wB.madd(w.invIMulB(c, c.rBn(q)), imp)
	}
	if !moved {
		return
	}
	A.v = A.v.madd(n, -float64(lin*mA))
	A.w = wA
	if c.b >= 0 {
		B.v = B.v.madd(n, float64(lin*mB))
		B.w = wB
	}
}

// rowBatch is the number of 4-point constraints solved phase by phase
// together: enough to overlap their chains of dependent operations, few
// enough that a batch's scratch stays in registers and level-1 cache. The
// bits are the same at any size, since a colour's constraints share no
// body.
const rowBatch = 4

// rowScratch carries one 4-point constraint through the phases of a pass.
type rowScratch struct {
	v, i       [4]float64  // normal velocity and accumulated impulse per point
	ra, rb, rc [4]float64  // row coefficients (see normalRow)
	k          *[6]float64 // the constraint's coupling matrix (constraint.k)
}

// The 4-point form runs in three phases over a batch. gatherRows computes
// everything that does not depend on the chain of rows (the velocities and
// biases at the start of the pass), solveRows runs the chains (a few
// scalar operations per row), applyRows moves the bodies. Solved one
// constraint at a time, the chain of one constraint left the processor
// waiting, with too many instructions in flight for it to start on the
// next; run row by row across the batch, the chains of the batch's
// constraints overlap.

// gatherRows fills r for constraint c at the start of a pass. The relax
// pass works out each point's current separation into c.cur first; the
// biased pass reads it there, since the bodies have not moved since it was
// written, by the relax pass before it or, in the first substep, by
// prepare (see constraint.cur).
func gatherRows(c *constraint, A, B *bodyState, inv float64, useBias bool, sf *softness, r *rowScratch) {
	if !useBias {
		c.updateSeparations(A, B)
	}
	n := c.n
	p := &c.pts
	// Each point's pointVel, its first two terms (the same for every
	// point) taken once.
	vn := B.v.sub(A.v).dot(n) + B.w.dot(c.en)
	wr := B.w.sub(A.w)
	for q := range p {
		cp := &p[q]
		r.v[q] = vn + wr.dot(cp.rAn)
		r.i[q] = cp.normalI
		r.ra[q], r.rb[q], r.rc[q] = normalRow(c.nMass[q], c.cur[q], inv, useBias, sf)
	}
	r.k = &c.k
}

// updateSeparations sets c.cur to each point's current separation: its
// narrowphase value plus how far the bodies have moved along the normal
// since. A loop of its own, before the velocities: in one loop with them
// the bodies' twelve values and the point's spilled to the stack.
func (c *constraint) updateSeparations(A, B *bodyState) {
	p := &c.pts
	dp := B.dp.sub(A.dp).dot(c.n) + B.dth.dot(c.en)
	dth := B.dth.sub(A.dth)
	for q := range p {
		c.cur[q] = c.sep[q] + dp + dth.dot(p[q].rAn)
	}
}

// solveRows runs the four point rows of each constraint of a batch, in
// order, two constraints side by side: each row waits on the row before
// it, and two chains interleaved keep the processor busy where one left it
// waiting. Each row updates the later points' velocities through the
// coupling matrix. A batch of odd size pairs its last constraint with an
// idle one, whose rows have nothing to solve.
func solveRows(rs []rowScratch) {
	n := len(rs)
	for j := 0; j+1 < n; j += 2 {
		solveRowsPair(&rs[j], &rs[j+1])
	}
	if n%2 == 1 {
		var k [6]float64
		idle := rowScratch{k: &k} // zero coefficients: every row applies 0
		solveRowsPair(&rs[n-1], &idle)
	}
}

// solveRowsPair runs the rows of r and s interleaved.
func solveRowsPair(r, s *rowScratch) {
	k, m := r.k, s.k
	i0, i1, i2, i3 := r.i[0], r.i[1], r.i[2], r.i[3]
	j0, j1, j2, j3 := s.i[0], s.i[1], s.i[2], s.i[3]
	v0, v1, v2, v3 := r.v[0], r.v[1], r.v[2], r.v[3]
	u0, u1, u2, u3 := s.v[0], s.v[1], s.v[2], s.v[3]
	imp := row(v0, i0, r.ra[0], r.rb[0], r.rc[0])
	jmp := row(u0, j0, s.ra[0], s.rb[0], s.rc[0])
	i0 += imp
	j0 += jmp
	v1 += float64(k[0] * imp)
	u1 += float64(m[0] * jmp)
	v2 += float64(k[1] * imp)
	u2 += float64(m[1] * jmp)
	v3 += float64(k[2] * imp)
	u3 += float64(m[2] * jmp)
	imp = row(v1, i1, r.ra[1], r.rb[1], r.rc[1])
	jmp = row(u1, j1, s.ra[1], s.rb[1], s.rc[1])
	i1 += imp
	j1 += jmp
	v2 += float64(k[3] * imp)
	u2 += float64(m[3] * jmp)
	v3 += float64(k[4] * imp)
	u3 += float64(m[4] * jmp)
	imp = row(v2, i2, r.ra[2], r.rb[2], r.rc[2])
	jmp = row(u2, j2, s.ra[2], s.rb[2], s.rc[2])
	i2 += imp
	j2 += jmp
	v3 += float64(k[5] * imp)
	u3 += float64(m[5] * jmp)
	i3 += row(v3, i3, r.ra[3], r.rb[3], r.rc[3])
	j3 += row(u3, j3, s.ra[3], s.rb[3], s.rc[3])
	r.i = [4]float64{i0, i1, i2, i3}
	s.i = [4]float64{j0, j1, j2, j3}
}

// applyRows applies the net change of each point's impulse to the bodies.
func (w *World) applyRows(c *constraint, A, B *bodyState, r *rowScratch) {
	p := &c.pts
	var dwA, dwB sv
	lin := 0.0
	// Angular impulses: the sum of d (r x n) over the points, times each
	// body's inverse inertia once; b's is a's plus the sum of d times en.
	var tA sv
	for q := range p {
		cp := &p[q]
		d := r.i[q] - cp.normalI
		cp.normalI = r.i[q]
		lin += d
		tA = tA.madd(cp.rAn, d)
	}
	tB := tA.madd(c.en, lin)
	if c.iso {
		dwA, dwB = tA.scale(c.iA), tB.scale(c.iB)
	} else {
		dwA, dwB = w.invIMulA(c, tA), w.invIMulB(c, tB)
	}
	n := c.n
	A.v = A.v.madd(n, -float64(lin*c.mA))
	A.w = A.w.sub(dwA)
	if c.b >= 0 {
		B.v = B.v.madd(n, float64(lin*c.mB))
		B.w = B.w.add(dwB)
	}
}

// row solves one normal row at normal velocity v with accumulated impulse
// acc and coefficients a, b, c (see normalRow), and returns the impulse to
// apply (acc plus it stays >= 0).
func row(v, acc, a, b, c float64) float64 {
	imp := -(float64(a*v) + b) - float64(c*acc)
	return fmax(acc+imp, 0) - acc
}

// friction solves Coulomb friction at the centroid, bounded by mu times
// the manifold's total normal impulse (the friction disc), and a twist row
// about the normal bounded by that times the points' mean distance from
// the centroid. One point of friction per manifold instead of one per
// corner: a third of the rows, and the same Coulomb bound for a sliding
// face. It is written out in scalars and reads each body and constraint
// field where it is used, so that few values live across it: written with
// vector values held from the top, Go's register allocator kept the
// bodies' twelve velocities and the constraint's anchors alive through the
// whole row and spilled them to the stack. Where both bodies' inverse
// inertias are a scale (c.iso: cubes, and a slab) it scales by them, else
// it multiplies by the matrices.
func (w *World) friction(c *constraint, A, B *bodyState, total float64) {
	w.frictionTwist(c, A, B, frictionTangent(c, A, B, total))
}

// tangentImpulse is what frictionTangent leaves for frictionTwist: the
// tangent impulse P and the friction bound.
type tangentImpulse struct{ px, py, pz, maxF float64 }

// frictionTangent is friction's first half: the two tangent rows at the
// centroid, clamped to the friction disc; it applies the impulse P to the
// linear velocities and returns it.
func frictionTangent(c *constraint, A, B *bodyState, total float64) tangentImpulse {
	bodyB := c.b >= 0
	maxF := float64(c.friction * total)
	// dv = (vB + wB x rBc) - (vA + wA x rAc), the velocity of the centroid.
	rA, rB := &c.rAc, &c.rBc
	dx := (B.v.x + (float64(B.w.y*rB.z) - float64(B.w.z*rB.y))) - (A.v.x + (float64(A.w.y*rA.z) - float64(A.w.z*rA.y)))
	dy := (B.v.y + (float64(B.w.z*rB.x) - float64(B.w.x*rB.z))) - (A.v.y + (float64(A.w.z*rA.x) - float64(A.w.x*rA.z)))
	dz := (B.v.z + (float64(B.w.x*rB.y) - float64(B.w.y*rB.x))) - (A.v.z + (float64(A.w.x*rA.y) - float64(A.w.y*rA.x)))
	t0 := &c.t0
	t1 := c.tangent1()
	fI0, fI1 := c.fI0, c.fI1
	n0 := fI0 - float64(c.tMass0*(float64(dx*t0.x)+float64(dy*t0.y)+float64(dz*t0.z)))
	n1 := fI1 - float64(c.tMass1*(float64(dx*t1.x)+float64(dy*t1.y)+float64(dz*t1.z)))
	if s2 := float64(n0*n0) + float64(n1*n1); s2 > float64(maxF*maxF) {
		f := maxF / math.Sqrt(s2)
		n0, n1 = float64(n0*f), float64(n1*f)
	}
	c.fI0, c.fI1 = n0, n1
	l0, l1 := n0-fI0, n1-fI1
	// P = t0 l0 + t1 l1, the tangent impulse.
	px := float64(t0.x*l0) + float64(t1.x*l1)
	py := float64(t0.y*l0) + float64(t1.y*l1)
	pz := float64(t0.z*l0) + float64(t1.z*l1)
	mA, mB := -c.mA, c.mB
	A.v = sv{A.v.x + float64(px*mA), A.v.y + float64(py*mA), A.v.z + float64(pz*mA)}
	if bodyB {
		B.v = sv{B.v.x + float64(px*mB), B.v.y + float64(py*mB), B.v.z + float64(pz*mB)}
	}
	return tangentImpulse{px, py, pz, maxF}
}

// frictionTwist is friction's second half: P's turn (rAc x P, rBc x P),
// then the twist row about the normal, which sees it.
func (w *World) frictionTwist(c *constraint, A, B *bodyState, p tangentImpulse) {
	bodyB := c.b >= 0
	px, py, pz, maxF := p.px, p.py, p.pz, p.maxF
	rA, rB := &c.rAc, &c.rBc
	ax := float64(rA.y*pz) - float64(rA.z*py)
	ay := float64(rA.z*px) - float64(rA.x*pz)
	az := float64(rA.x*py) - float64(rA.y*px)
	bx := float64(rB.y*pz) - float64(rB.z*py)
	by := float64(rB.z*px) - float64(rB.x*pz)
	bz := float64(rB.x*py) - float64(rB.y*px)
	iA, iB := c.iA, c.iB
	var wAx, wAy, wAz, wBx, wBy, wBz float64
	if c.iso {
		wAx, wAy, wAz = A.w.x-float64(ax*iA), A.w.y-float64(ay*iA), A.w.z-float64(az*iA)
		wBx, wBy, wBz = B.w.x+float64(bx*iB), B.w.y+float64(by*iB), B.w.z+float64(bz*iB)
	} else {
		dA, dB := w.turnByMatrices(c, sv{ax, ay, az}, sv{bx, by, bz})
		wAx, wAy, wAz = A.w.x-dA.x, A.w.y-dA.y, A.w.z-dA.z
		wBx, wBy, wBz = B.w.x+dB.x, B.w.y+dB.y, B.w.z+dB.z
	}
	if c.count > 1 {
		// A single point has no twist row (see frictionStart).
		n := &c.n
		tw0 := c.twistI
		maxT := float64(maxF * c.twistRange)
		wn := float64((wBx-wAx)*n.x) + float64((wBy-wAy)*n.y) + float64((wBz-wAz)*n.z)
		tw := clampF(tw0-float64(c.twistMass*wn), -maxT, maxT)
		c.twistI = tw
		lt := tw - tw0
		if c.iso {
			la, lb := float64(lt*iA), float64(lt*iB)
			wAx, wAy, wAz = wAx-float64(n.x*la), wAy-float64(n.y*la), wAz-float64(n.z*la)
			wBx, wBy, wBz = wBx+float64(n.x*lb), wBy+float64(n.y*lb), wBz+float64(n.z*lb)
		} else {
			nl := n.scale(lt)
			dA, dB := w.turnByMatrices(c, nl, nl)
			wAx, wAy, wAz = wAx-dA.x, wAy-dA.y, wAz-dA.z
			wBx, wBy, wBz = wBx+dB.x, wBy+dB.y, wBz+dB.z
		}
	}
	A.w = sv{wAx, wAy, wAz}
	if bodyB {
		B.w = sv{wBx, wBy, wBz}
	}
}

// turnByMatrices returns the angular velocity changes of c's bodies for
// angular impulses a and b through their inverse inertia matrices. A call
// of its own, out of line: friction's scalar path for iso bodies, nearly
// every constraint, keeps its registers.
//
//go:noinline
func (w *World) turnByMatrices(c *constraint, a, b sv) (dA, dB sv) {
	IA, IB := w.inertiaPair(c)
	return IA.mul(a), IB.mul(b)
}

// normalRow returns the coefficients of a normal row with effective mass
// nMass at current separation s: its impulse is -(a v + b) - c acc for
// normal velocity v and accumulated impulse acc. A point still apart may
// close its gap this substep (speculative); an overlapping one is pushed out
// by the soft bias in the biased pass, at most at sf.maxPush. The cap
// applies to the bias as scaled by massScale, as in Box2D v3 and Box3D.
func normalRow(nMass, s, inv float64, useBias bool, sf *softness) (a, b, c float64) {
	return rowCoef(nMass, s, inv, useBias, sf.massScale, sf.massBias, sf.impulseScale, -sf.maxPush)
}

// rowCoef is normalRow with the softness spelled out: mass scale ms, mass
// scale times bias rate mb, impulse scale is, and -maxPush (the wide
// solver's scalar lanes call it lane by lane).
func rowCoef(nMass, s, inv float64, useBias bool, ms, mb, is, negPush float64) (a, b, c float64) {
	if s > 0 {
		return nMass, float64(nMass * float64(s*inv)), 0
	}
	if useBias {
		bias := fmax(float64(mb*s), negPush)
		return float64(nMass * ms), float64(nMass * bias), is
	}
	return nMass, 0, 0
}
