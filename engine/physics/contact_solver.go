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
// which is small within one step). Slab contacts use a shared zero
// solverBody, so the inner loop has no branch for statics.

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

// substeps returns the substep count for the world's iteration setting.
func (w *World) substeps() int { return (w.def.SolverIterations + 1) / 2 }

// solve runs the substep loop: gravity, warm start, biased iteration,
// position update, relax iteration; then restitution.
func (w *World) solve(dt float64) {
	sc := &w.scratch
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
	n := w.substeps()
	h := dt / float64(n)
	inv := 1 / h
	hz := math.Min(contactHertz, inv/6)
	soft := makeSoft(hz, contactDampingRatio, h)
	staticSoft := makeSoft(2*hz, contactDampingRatio, h)
	w.prepareContacts()
	for s := 0; s < n; s++ {
		w.integrateVelocities(h)
		w.warmStart()
		w.iterate(inv, true, soft, staticSoft)
		w.integrateSubstep(h)
		w.iterate(inv, false, soft, staticSoft)
	}
	w.applyRestitution()
}

// bodiesOf returns the solver records of m's bodies (the zero record for a slab).
func (w *World) bodiesOf(m *manifold) (*solverBody, *solverBody) {
	a := &w.sb[m.a]
	if m.b < 0 {
		return a, &w.scratch.staticBody
	}
	return a, &w.sb[m.b]
}

// prepareContacts computes each point's effective masses and its normal
// velocity before the step (for restitution).
func (w *World) prepareContacts() {
	list := w.contacts.list
	w.scratch.staticBody = solverBody{}
	g := toSV(w.def.Gravity)
	for _, k := range w.scratch.active {
		m := &list[k]
		A, B := w.bodiesOf(m)
		n := m.n
		// Relative acceleration along the normal from gravity: nonzero only
		// against a slab (two bodies fall together).
		an := 0.0
		if m.b < 0 {
			an = -g.dot(n)
		}
		m.rAcn, m.rBcn = m.rAc.cross(n), m.rBc.cross(n)
		m.iAcn, m.iBcn = A.invI.mul(m.rAcn), B.invI.mul(m.rBcn)
		m.cMass = invOrZero(A.invMass + B.invMass + m.rAcn.dot(m.iAcn) + m.rBcn.dot(m.iBcn))
		for t := 0; t < 2; t++ {
			m.tMass[t] = invOrZero(effMass(A, m.rAc, m.t[t]) + effMass(B, m.rBc, m.t[t]))
		}
		m.twistMass = invOrZero(A.invI.mul(n).dot(n) + B.invI.mul(n).dot(n))
		for q := int32(0); q < m.count; q++ {
			cp := &m.pts[q]
			cp.rAn, cp.rBn = cp.rA.cross(n), cp.rB.cross(n)
			cp.iAn, cp.iBn = A.invI.mul(cp.rAn), B.invI.mul(cp.rBn)
			cp.nMass = invOrZero(A.invMass + B.invMass + cp.rAn.dot(cp.iAn) + cp.rBn.dot(cp.iBn))
			cp.relVel = pointVelocity(A, B, cp.rA, cp.rB).dot(n)
			cp.maxI = 0
			// A speculative point closes its gap during the step under
			// gravity: bounce with the speed it will have at impact, not at
			// the start of the step (which would lose the gap's height).
			if cp.sep > 0 && cp.relVel < 0 && an < 0 {
				cp.relVel = -math.Sqrt(float64(cp.relVel*cp.relVel) - 2*float64(an*cp.sep))
			}
		}
	}
}

// pointVelocity is the velocity of B relative to A at anchors rA, rB.
func pointVelocity(A, B *solverBody, rA, rB sv) sv {
	return B.v.add(B.w.cross(rB)).sub(A.v.add(A.w.cross(rA)))
}

func invOrZero(k float64) float64 {
	if k > 0 {
		return 1 / k
	}
	return 0
}

// warmStart re-applies every point's accumulated impulse, summed per
// manifold so each body's inertia is applied once.
func (w *World) warmStart() {
	list := w.contacts.list
	for _, k := range w.scratch.active {
		m := &list[k]
		A, B := w.bodiesOf(m)
		// Friction at the centroid, twist about the normal.
		F := m.t[0].scale(m.frictionI[0]).madd(m.t[1], m.frictionI[1])
		P := F
		tA := m.rAc.cross(F).madd(m.n, m.twistI)
		tB := m.rBc.cross(F).madd(m.n, m.twistI)
		for q := int32(0); q < m.count; q++ {
			cp := &m.pts[q]
			p := m.n.scale(cp.normalI)
			P = P.add(p)
			tA = tA.add(cp.rA.cross(p))
			tB = tB.add(cp.rB.cross(p))
		}
		A.v = A.v.madd(P, -A.invMass)
		A.w = A.w.sub(A.invI.mul(tA))
		B.v = B.v.madd(P, B.invMass)
		B.w = B.w.add(B.invI.mul(tB))
	}
}

// fmax is math.Max without the NaN and signed-zero handling, which kept
// math.Max from inlining in the hot loops.
func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

// applyPair applies impulse P to B and -P to A at anchors rA, rB.
func applyPair(A, B *solverBody, rA, rB, P sv) {
	A.v = A.v.madd(P, -A.invMass)
	A.w = A.w.sub(A.invI.mul(rA.cross(P)))
	B.v = B.v.madd(P, B.invMass)
	B.w = B.w.add(B.invI.mul(rB.cross(P)))
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

// iterate runs one sequential-impulse pass over every active manifold:
// normal rows first (biased or relaxing), then, in the relax pass, friction
// bounded by the updated normal impulses. The two bodies' velocities are kept
// in locals for the whole manifold and stored once: through the pointers the
// compiler had to reload and store them after every row.
func (w *World) iterate(inv float64, useBias bool, soft, staticSoft softness) {
	list := w.contacts.list
	for _, k := range w.scratch.active {
		m := &list[k]
		A, B := w.bodiesOf(m)
		n := m.n
		sf := &soft
		if m.b < 0 {
			sf = &staticSoft
		}
		vA, wA, vB, wB := A.v, A.w, B.v, B.w
		mA, mB := A.invMass, B.invMass
		dthA, dthB := A.dth, B.dth
		dp := B.dp.sub(A.dp).dot(n)
		if m.count > 1 {
			// Central pre-pass (see the file comment).
			s := m.sepC + dp + dthB.dot(m.rBcn) - dthA.dot(m.rAcn)
			vn := vB.sub(vA).dot(n) + wB.dot(m.rBcn) - wA.dot(m.rAcn)
			bias, massScale, impulseScale := normalBias(s, inv, useBias, sf)
			total := 0.0
			for q := int32(0); q < m.count; q++ {
				total += m.pts[q].normalI
			}
			imp := -float64(float64(m.cMass*massScale)*(vn+bias)) - float64(impulseScale*total)
			share := imp / float64(m.count)
			var sum float64
			for q := int32(0); q < m.count; q++ {
				cp := &m.pts[q]
				newI := fmax(cp.normalI+share, 0)
				d := newI - cp.normalI
				cp.normalI = newI
				cp.maxI = fmax(cp.maxI, newI)
				sum += d
				wA = wA.madd(cp.iAn, -d)
				wB = wB.madd(cp.iBn, d)
			}
			vA = vA.madd(n, -float64(sum*mA))
			vB = vB.madd(n, float64(sum*mB))
		}
		for q := int32(0); q < m.count; q++ {
			cp := &m.pts[q]
			// Current separation: narrowphase value plus how far the
			// bodies have moved along the normal since.
			s := cp.sep + dp + dthB.dot(cp.rBn) - dthA.dot(cp.rAn)
			vn := vB.sub(vA).dot(n) + wB.dot(cp.rBn) - wA.dot(cp.rAn)
			bias, massScale, impulseScale := normalBias(s, inv, useBias, sf)
			imp := -float64(float64(cp.nMass*massScale)*(vn+bias)) - float64(impulseScale*cp.normalI)
			newI := fmax(cp.normalI+imp, 0)
			imp = newI - cp.normalI
			cp.normalI = newI
			cp.maxI = fmax(cp.maxI, newI)
			vA = vA.madd(n, -float64(imp*mA))
			wA = wA.madd(cp.iAn, -imp)
			vB = vB.madd(n, float64(imp*mB))
			wB = wB.madd(cp.iBn, imp)
		}
		// Friction only in the relax pass: in the biased pass it would
		// fight the push-out velocity (thrown away by the relax anyway), and
		// warm-starting that into the next step made stacks whirl.
		if mu := m.friction; mu != 0 && !useBias {
			// Coulomb friction at the centroid, bounded by mu times the
			// manifold's total normal impulse (the friction disc), and a
			// twist row about the normal bounded by that times the
			// points' mean distance from the centroid. One point of friction
			// per manifold instead of one per corner: a third of the rows,
			// and the same Coulomb bound for a sliding face.
			total := 0.0
			for q := int32(0); q < m.count; q++ {
				total += m.pts[q].normalI
			}
			maxF := float64(mu * total)
			t0, t1 := m.t[0], m.t[1]
			dv := vB.add(wB.cross(m.rBc)).sub(vA.add(wA.cross(m.rAc)))
			n0 := m.frictionI[0] - float64(m.tMass[0]*dv.dot(t0))
			n1 := m.frictionI[1] - float64(m.tMass[1]*dv.dot(t1))
			if s2 := float64(n0*n0) + float64(n1*n1); s2 > float64(maxF*maxF) {
				f := maxF / math.Sqrt(s2)
				n0, n1 = float64(n0*f), float64(n1*f)
			}
			l0, l1 := n0-m.frictionI[0], n1-m.frictionI[1]
			m.frictionI[0], m.frictionI[1] = n0, n1
			P := t0.scale(l0).madd(t1, l1)
			vA = vA.madd(P, -mA)
			wA = wA.sub(A.invI.mul(m.rAc.cross(P)))
			vB = vB.madd(P, mB)
			wB = wB.add(B.invI.mul(m.rBc.cross(P)))
			if m.count > 1 {
				maxT := float64(maxF * m.twistRange)
				tw := m.twistI - float64(m.twistMass*wB.sub(wA).dot(n))
				tw = clampF(tw, -maxT, maxT)
				lt := tw - m.twistI
				m.twistI = tw
				wA = wA.sub(A.invI.mul(n.scale(lt)))
				wB = wB.add(B.invI.mul(n.scale(lt)))
			}
		}
		A.v, A.w, B.v, B.w = vA, wA, vB, wB
	}
}

// applyRestitution makes points that closed faster than the threshold
// separate at restitution times their closing speed. Several passes: one
// pass of sequential impulses over the four corners of a face that lands
// flat leaves them unequal, and the difference would become spin.
func (w *World) applyRestitution() {
	for it := 0; it < restitutionPasses; it++ {
		w.restitutionPass()
	}
}

func (w *World) restitutionPass() {
	list := w.contacts.list
	for _, k := range w.scratch.active {
		m := &list[k]
		e := m.restitution
		if e == 0 {
			continue
		}
		A, B := w.bodiesOf(m)
		for q := int32(0); q < m.count; q++ {
			cp := &m.pts[q]
			if cp.relVel > -restitutionThreshold || cp.maxI == 0 {
				continue
			}
			vn := pointVelocity(A, B, cp.rA, cp.rB).dot(m.n)
			imp := -float64(cp.nMass * (vn + float64(e*cp.relVel)))
			newI := math.Max(cp.normalI+imp, 0)
			imp = newI - cp.normalI
			cp.normalI = newI
			applyPair(A, B, cp.rA, cp.rB, m.n.scale(imp))
		}
	}
}
