package physics

import "math"

// The velocity passes of the contact solver (see contact_solver.go): the
// normal rows of each constraint, its friction at the centroid, and the
// batched form for 4-point manifolds.

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
// reads the separations in constraint.cur, see gatherRowsKnown), one by
// one if they may share bodies (overflow). The constraints of one colour
// share no body, so any order of their reads and writes gives the same
// bits; the 4-point ones (a face on a face: nearly all of a stack) are
// solved in batches, one phase at a time for the whole batch (see the
// comment before gatherRows), two constraints side by side where they can
// (solveRowsPair, finishPair), and the others one by one.
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
			if useBias {
				gatherRowsKnown(c, A, B, inv, sol.softFor(c), &rs[nb])
			} else {
				gatherRows(c, A, B, inv, useBias, sol.softFor(c), &rs[nb])
			}
			idx[nb] = int32(i)
			nb++
		}
		for j := 0; j+1 < nb; j += 2 {
			solveRowsPair(&cons[idx[j]], &cons[idx[j+1]], &rs[j], &rs[j+1])
		}
		if nb%2 == 1 {
			solveRows(&cons[idx[nb-1]], &rs[nb-1])
		}
		for j := 0; j < nb; {
			c := &cons[idx[j]]
			if j+1 < nb && c.isoFriction() && cons[idx[j+1]].isoFriction() {
				w.finishPair(c, &cons[idx[j+1]], &rs[j], &rs[j+1])
				j += 2
				continue
			}
			w.finishOne(c, &rs[j])
			j++
		}
		// After the rows' impulses are applied (friction leaves them be).
		for j := 0; j < nb; j++ {
			if c := &cons[idx[j]]; c.restitution {
				cold[idx[j]].trackMax(c)
			}
		}
	}
}

// finishOne ends a 4-point constraint's pass after its rows (solveRows):
// the rows' impulses applied, then its friction (restitution's tracking is
// left to the caller).
func (w *World) finishOne(c *constraint, r *rowScratch) {
	A, B := w.bodyPair(c)
	w.applyRows(c, A, B, r)
	if c.friction != 0 {
		// Friction in both passes, as Box2D v3 solves it. Solved in the
		// relax pass only (as Box3D does), the edge boxes of the 5,050
		// pyramid crept outward by 26 cm while it settled; in both, by 9
		// cm (TestLargePyramidStands). Called straight for the iso ones,
		// with the total normal impulse from the rows, to save two calls.
		if c.iso {
			ri := &r.i
			frictionIsoAt(c, A, B, c.b >= 0, 0.0+ri[0]+ri[1]+ri[2]+ri[3])
		} else {
			w.friction(c, A, B)
		}
	}
}

// isoFriction reports whether c's friction is solved by frictionIsoAt:
// both bodies iso, and friction on.
func (c *constraint) isoFriction() bool { return c.iso && c.friction != 0 }

// finishPair is finishOne for two constraints of the batch with iso
// friction, which share no body: their friction halves interleave (see
// frictionTangent).
func (w *World) finishPair(c, e *constraint, r, q *rowScratch) {
	A, B := w.bodyPair(c)
	C, D := w.bodyPair(e)
	w.applyRows(c, A, B, r)
	w.applyRows(e, C, D, q)
	ri, qi := &r.i, &q.i
	pc := frictionTangent(c, A, B, c.b >= 0, 0.0+ri[0]+ri[1]+ri[2]+ri[3])
	pe := frictionTangent(e, C, D, e.b >= 0, 0.0+qi[0]+qi[1]+qi[2]+qi[3])
	frictionTwist(c, A, B, c.b >= 0, pc)
	frictionTwist(e, C, D, e.b >= 0, pe)
}

// solveOne solves constraint i of v alone: its normal rows, then its
// friction.
func (w *World) solveOne(v *consView, i int, inv float64, useBias bool) {
	c := &v.cons[i-v.base]
	A, B := w.bodyPair(c)
	w.solveNormal(c, A, B, inv, useBias, w.sol.softFor(c))
	if c.restitution {
		v.cold[i-v.base].trackMax(c)
	}
	if c.friction != 0 {
		w.friction(c, A, B)
	}
}

// trackMax keeps the largest normal impulse of each of c's points after a
// pass, for restitution (which skips the points that never pushed).
func (cold *constraintCold) trackMax(c *constraint) {
	for q := int32(0); q < c.count && q < 4; q++ {
		cold.maxI[q] = fmax(cold.maxI[q], c.pts[q].normalI)
	}
}

// friction solves c's friction rows: frictionIso for cube-like bodies,
// solveFriction for the others.
func (w *World) friction(c *constraint, A, B *bodyState) {
	if c.iso {
		frictionIso(c, A, B, c.b >= 0)
		return
	}
	w.solveFriction(c, A, B)
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

// solveNormal solves the normal rows of one constraint, point by point, with
// a soft position bias in the biased pass. Only the angular velocities and
// one scalar, the normal velocity of the centres, are carried from row to
// row: the linear velocities change only along n, so they are updated once
// at the end. That keeps the dependency chain from row to row short and in
// registers.
func (w *World) solveNormal(c *constraint, A, B *bodyState, inv float64, useBias bool, sf *softness) {
	if c.count == 4 {
		var r rowScratch
		if useBias {
			gatherRowsKnown(c, A, B, inv, sf, &r)
		} else {
			gatherRows(c, A, B, inv, useBias, sf, &r)
		}
		solveRows(c, &r)
		w.applyRows(c, A, B, &r)
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
	// worked out too, from stale values, and never read).
	c.updateSeparations(A, B)
	var iAn, iBn [4]sv // I^-1 (r x n) per point
	for q := 0; q < cnt; q++ {
		iAn[q], iBn[q] = w.invIMulA(c, c.pts[q].rAn), w.invIMulB(c, c.rBn(q))
	}
	vn := B.v.sub(A.v).dot(n) // normal velocity of the centres
	wA, wB := A.w, B.w
	lin := 0.0 // normal impulse applied in this pass
	for q := 0; q < cnt; q++ {
		cp := &c.pts[q]
		v := vn + wB.dot(c.en) + wB.sub(wA).dot(cp.rAn)
		a, b, ic := normalRow(c.nMass[q], c.cur[q], inv, useBias, sf)
		imp := row(v, cp.normalI, a, b, ic)
		cp.normalI += imp
		lin += imp
		vn += float64(imp * mAB)
		wA = wA.madd(iAn[q], -imp)
		wB = wB.madd(iBn[q], imp)
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
// enough that a batch's scratch stays in registers and level-1 cache (the
// sizes tried are in docs/speed-notes.md). The bits are the same at any
// size, since a colour's constraints share no body.
const rowBatch = 4

// rowScratch carries one 4-point constraint through the phases of a pass.
type rowScratch struct {
	v, i       [4]float64 // normal velocity and accumulated impulse per point
	ra, rb, rc [4]float64 // row coefficients (see normalRow)
}

// The 4-point constraints (a face resting on a face: nearly every contact of
// a stack) are solved in three phases over a batch. Instead of carrying the
// bodies' angular velocities from row to row, the rows carry the normal
// velocity of each of the four points and update them through the coupling
// matrix c.k; the bodies are updated once at the end. gatherRows computes
// everything that does not depend on the chain of rows (the velocities and
// biases at the start of the pass), solveRows runs the chain (a few scalar
// operations per row), applyRows moves the bodies. Solved one constraint at
// a time, the chain of one constraint left the processor waiting, with too
// many instructions in flight for it to start on the next; with the phases
// split over a batch, the chains of the batch's constraints overlap.

// gatherRows fills r for constraint c at the start of a pass, and leaves
// each point's current separation in c.cur for gatherRowsKnown.
func gatherRows(c *constraint, A, B *bodyState, inv float64, useBias bool, sf *softness, r *rowScratch) {
	c.updateSeparations(A, B)
	gatherRowsAt(c, A, B, inv, useBias, sf, r)
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

// gatherRowsKnown is gatherRows for a biased pass: the bodies have not
// moved since c.cur was written, by the relax pass before it or, in the
// first substep, by prepare (see constraint.cur), so it reads the
// separations instead of computing them again.
func gatherRowsKnown(c *constraint, A, B *bodyState, inv float64, sf *softness, r *rowScratch) {
	gatherRowsAt(c, A, B, inv, true, sf, r)
}

// gatherRowsAt fills r for constraint c at the separations in c.cur.
func gatherRowsAt(c *constraint, A, B *bodyState, inv float64, useBias bool, sf *softness, r *rowScratch) {
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
}

// solveRows runs the four point rows of c on r, in order; each updates the
// later points' velocities through the coupling matrix c.k.
func solveRows(c *constraint, r *rowScratch) {
	k := &c.k
	i0, i1, i2, i3 := r.i[0], r.i[1], r.i[2], r.i[3]
	v0, v1, v2, v3 := r.v[0], r.v[1], r.v[2], r.v[3]
	imp := row(v0, i0, r.ra[0], r.rb[0], r.rc[0])
	i0 += imp
	v1 += float64(k[0] * imp)
	v2 += float64(k[1] * imp)
	v3 += float64(k[2] * imp)
	imp = row(v1, i1, r.ra[1], r.rb[1], r.rc[1])
	i1 += imp
	v2 += float64(k[3] * imp)
	v3 += float64(k[4] * imp)
	imp = row(v2, i2, r.ra[2], r.rb[2], r.rc[2])
	i2 += imp
	v3 += float64(k[5] * imp)
	i3 += row(v3, i3, r.ra[3], r.rb[3], r.rc[3])
	r.i = [4]float64{i0, i1, i2, i3}
}

// solveRowsPair is solveRows for two constraints of a batch, their rows
// interleaved: each row waits on the row before it, and two chains side
// by side keep the processor busy where one left it waiting (all four of
// a batch at once gained little more, with twice the code).
func solveRowsPair(c, e *constraint, r, s *rowScratch) {
	k, m := &c.k, &e.k
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

// solveFriction solves Coulomb friction at the centroid, bounded by mu times
// the manifold's total normal impulse (the friction disc), and a twist row
// about the normal bounded by that times the points' mean distance from the
// centroid. One point of friction per manifold instead of one per corner: a
// third of the rows, and the same Coulomb bound for a sliding face. This is
// the form for bodies whose inverse inertia is a matrix; friction sends the
// iso constraints to frictionIso, the same operations in scalars.
func (w *World) solveFriction(c *constraint, A, B *bodyState) {
	n := c.n
	mA, mB := c.mA, c.mB
	vA, wA, vB, wB := A.v, A.w, B.v, B.w
	total := 0.0
	for q := int32(0); q < c.count; q++ {
		total += c.pts[q].normalI
	}
	maxF := float64(c.friction * total)
	t0, t1 := c.t0, c.tangent1()
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
	vB = vB.madd(P, mB)
	// The tangent impulse's turn, then the twist row, which sees it.
	wA = wA.sub(w.invIMulA(c, c.rAc.cross(P)))
	wB = wB.add(w.invIMulB(c, c.rBc.cross(P)))
	if c.count > 1 {
		maxT := float64(maxF * c.twistRange)
		tw := c.twistI - float64(c.twistMass*wB.sub(wA).dot(n))
		tw = clampF(tw, -maxT, maxT)
		lt := tw - c.twistI
		c.twistI = tw
		wA = wA.sub(w.invIMulA(c, n.scale(lt)))
		wB = wB.add(w.invIMulB(c, n.scale(lt)))
	}
	A.v, A.w = vA, wA
	if c.b >= 0 {
		B.v, B.w = vB, wB
	}
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
