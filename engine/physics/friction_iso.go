package physics

import "math"

// frictionIso is solveFriction for the common case: both bodies' inverse
// inertias are a scale (c.iso: cubes, and a slab). It solves the same
// rows in the same order (the tangent impulse, its turn, the twist row);
// it is written out in scalars and reads each body and constraint field
// where it is used, so that few values live across it. Written with
// vector values held from the top (solveFriction), Go's register
// allocator kept the bodies' twelve velocities and the constraint's
// anchors alive through the whole row and spilled them to the stack;
// reading them again from memory (the first level cache) costs a load, a
// spill costs a store and a load.
func frictionIso(c *constraint, A, B *bodyState, bodyB bool) {
	total := 0.0
	for q := int32(0); q < c.count; q++ {
		total += c.pts[q].normalI
	}
	frictionIsoAt(c, A, B, bodyB, total)
}

// frictionIsoAt is frictionIso with the total normal impulse of c's points
// given (the 4-point passes have it in registers; summed in point order,
// from 0, as frictionIso sums it).
func frictionIsoAt(c *constraint, A, B *bodyState, bodyB bool, total float64) {
	p := frictionTangent(c, A, B, bodyB, total)
	frictionTwist(c, A, B, bodyB, p)
}

// The two halves of frictionIsoAt, for running two constraints that share
// no body side by side (iterateCons): tangent, tangent, twist, twist. A
// friction call is one long chain of dependent operations, and the
// processor's window holds little more than one call, so one call after
// another left it waiting. Split where only four values cross, the halves
// of two constraints interleave, with the same bits. Interleaving the whole
// calls statement by statement spilled to the stack; four constraints at a
// time gained less (docs/speed-notes.md).

// tangentImpulse is what frictionTangent leaves for frictionTwist: the
// tangent impulse P and the friction bound.
type tangentImpulse struct{ px, py, pz, maxF float64 }

// frictionTangent solves c's two tangent rows at the centroid, clamped to
// the friction disc, applies the impulse P to the linear velocities, and
// returns it.
func frictionTangent(c *constraint, A, B *bodyState, bodyB bool, total float64) tangentImpulse {
	maxF := float64(c.friction * total)
	// dv = (vB + wB x rBc) - (vA + wA x rAc), the velocity of the centroid,
	// written out: as a call (too big to inline) it spilled every live
	// value of this function around it.
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

// frictionTwist applies the angular impulses of P (rAc x P and rBc x P),
// then solves the twist row about the normal, whose velocity sees them,
// and applies its impulse.
func frictionTwist(c *constraint, A, B *bodyState, bodyB bool, p tangentImpulse) {
	px, py, pz, maxF := p.px, p.py, p.pz, p.maxF
	ra, rb := &c.rAc, &c.rBc
	ax := float64(ra.y*pz) - float64(ra.z*py)
	ay := float64(ra.z*px) - float64(ra.x*pz)
	az := float64(ra.x*py) - float64(ra.y*px)
	bx := float64(rb.y*pz) - float64(rb.z*py)
	by := float64(rb.z*px) - float64(rb.x*pz)
	bz := float64(rb.x*py) - float64(rb.y*px)
	iA, iB := c.iA, c.iB
	// The bodies' angular velocities after the tangent impulse: the twist
	// row reads them and adds its own impulse to them.
	wAx, wAy, wAz := A.w.x-float64(ax*iA), A.w.y-float64(ay*iA), A.w.z-float64(az*iA)
	wBx, wBy, wBz := B.w.x+float64(bx*iB), B.w.y+float64(by*iB), B.w.z+float64(bz*iB)
	if c.count > 1 {
		// A single point has no twist row (see prepareCons).
		n := &c.n
		tw0 := c.twistI
		maxT := float64(maxF * c.twistRange)
		wn := float64((wBx-wAx)*n.x) + float64((wBy-wAy)*n.y) + float64((wBz-wAz)*n.z)
		tw := clampF(tw0-float64(c.twistMass*wn), -maxT, maxT)
		c.twistI = tw
		lt := tw - tw0
		la, lb := float64(lt*iA), float64(lt*iB)
		wAx, wAy, wAz = wAx-float64(n.x*la), wAy-float64(n.y*la), wAz-float64(n.z*la)
		wBx, wBy, wBz = wBx+float64(n.x*lb), wBy+float64(n.y*lb), wBz+float64(n.z*lb)
	}
	A.w = sv{wAx, wAy, wAz}
	if bodyB {
		B.w = sv{wBx, wBy, wBz}
	}
}
