package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Springs: a damped linear spring between a point on a body and either a
// fixed anchor or a point on a second body. Unlike the drag (drag.go), a
// spring is an explicit force, applied as one impulse F*dt per step with
// the inputs, before the solver moves the bodies with the new velocities:
// semi-implicit (symplectic) Euler, as in the texts the loop experiment is
// built on. Its stability therefore depends on the step: an undamped
// spring of angular frequency omega is stable while omega*dt < 2, so one
// stable at the fixed step can blow up in a single step three times as
// long. That is the point.
//
// A world without springs runs no spring code: its steps are bit for bit
// what they were.

// SpringDef describes a spring. Body is required; with BodyB = NoBody the
// spring runs from Anchor (world, m) to Body's LocalA; otherwise from
// Body's LocalA to BodyB's LocalB. Local points are in the body's axes, m,
// from its centre.
type SpringDef struct {
	Name       string
	Body       BodyID
	BodyB      BodyID
	Anchor     mgl64.Vec3
	LocalA     mgl64.Vec3
	LocalB     mgl64.Vec3
	RestLength float64 // m, >= 0
	Stiffness  float64 // N/m, >= 0
	Damping    float64 // N s/m, >= 0
}

// spring is a validated SpringDef by body index.
type spring struct {
	a, b          int32 // b = -1: anchored
	anchor        vec3
	la, lb        vec3
	rest, k, damp float64
}

// SpringView is what a spring looks like after the last step.
type SpringView struct {
	Name string
	// A and B are the spring's ends in the world, m (A: the anchor or
	// Body's point, B: BodyB's point or Body's point when anchored).
	A, B mgl64.Vec3
	// Extension is the length minus the rest length, m.
	Extension float64
	// Energy is the spring's potential energy, k x^2 / 2, J.
	Energy float64
	// Stiffness is the spring's k, N/m.
	Stiffness float64
	// Body and BodyB are the creation indices of its bodies (BodyB -1
	// when anchored).
	Body, BodyB int
}

// AddSpring adds a spring; a bad value is refused with an error naming the
// spring and the field, and nothing is added.
func (w *World) AddSpring(d SpringDef) (int, error) {
	bad := func(field string, v any) (int, error) {
		return -1, fmt.Errorf("spring %q: %s %v: %s", d.Name, field, v, springRule[field])
	}
	a := w.bodyIndex(d.Body)
	if a < 0 {
		return bad("Body", d.Body)
	}
	b := -1
	if d.BodyB != NoBody {
		if b = w.bodyIndex(d.BodyB); b < 0 || b == a {
			return bad("BodyB", d.BodyB)
		}
	}
	switch {
	case !finiteVec(d.Anchor):
		return bad("Anchor", d.Anchor)
	case !finiteVec(d.LocalA):
		return bad("LocalA", d.LocalA)
	case !finiteVec(d.LocalB):
		return bad("LocalB", d.LocalB)
	case !(d.RestLength >= 0) || math.IsInf(d.RestLength, 0):
		return bad("RestLength", d.RestLength)
	case !(d.Stiffness >= 0) || math.IsInf(d.Stiffness, 0):
		return bad("Stiffness", d.Stiffness)
	case !(d.Damping >= 0) || math.IsInf(d.Damping, 0):
		return bad("Damping", d.Damping)
	}
	w.springs = append(w.springs, spring{
		a: int32(a), b: int32(b), anchor: d.Anchor, la: d.LocalA, lb: d.LocalB,
		rest: d.RestLength, k: d.Stiffness, damp: d.Damping,
	})
	w.springNames = append(w.springNames, d.Name)
	return len(w.springs) - 1, nil
}

var springRule = map[string]string{
	"Body": "must name a body of this world", "BodyB": "must name another body of this world, or none",
	"Anchor": "must be finite", "LocalA": "must be finite", "LocalB": "must be finite",
	"RestLength": "must be finite and >= 0", "Stiffness": "must be finite and >= 0", "Damping": "must be finite and >= 0",
}

// NumSprings is the number of springs.
func (w *World) NumSprings() int { return len(w.springs) }

// Spring is a view of spring i (0 <= i < NumSprings).
func (w *World) Spring(i int) SpringView {
	sp := &w.springs[i]
	pa, pb := w.springEnds(sp)
	x := length(sub(pb, pa)) - sp.rest
	return SpringView{Name: w.springNames[i], A: pa, B: pb, Extension: x,
		Energy: 0.5 * sp.k * x * x, Stiffness: sp.k, Body: int(sp.a), BodyB: int(sp.b)}
}

// springEnds returns the spring's two ends in the world: A (the anchor or
// the first body's point) and B.
func (w *World) springEnds(sp *spring) (pa, pb vec3) {
	pOnA := w.bodyPoint(int(sp.a), sp.la)
	if sp.b < 0 {
		return sp.anchor, pOnA
	}
	return pOnA, w.bodyPoint(int(sp.b), sp.lb)
}

// bodyPoint is body i's local point p in the world, m.
func (w *World) bodyPoint(i int, p vec3) vec3 {
	b := &w.bodies[i]
	r := rotationMatrix(b.q)
	return add(b.pos, r.mulVec(p))
}

// applySprings adds every spring's impulse F*dt to its bodies' velocities,
// in creation order. A spring whose bodies all sleep is left alone; one
// between a sleeping and an awake body wakes the sleeper.
func (w *World) applySprings(dt float64) {
	for i := range w.springs {
		sp := &w.springs[i]
		// The two ends as (body index, local point): the anchored spring's
		// A end is no body.
		ia, ib := int32(-1), sp.a
		la, lb := vec3{}, sp.la
		if sp.b >= 0 {
			ia, ib, la, lb = sp.a, sp.b, sp.la, sp.lb
		}
		sleepA := ia < 0 || w.bodies[ia].flags&flagSleeping != 0
		sleepB := w.bodies[ib].flags&flagSleeping != 0
		if sleepA && sleepB {
			continue
		}
		if ia >= 0 && sleepA {
			w.wakeBody(int(ia))
		}
		if sleepB {
			w.wakeBody(int(ib))
		}
		pa, pb := w.springEnds(sp)
		d := sub(pb, pa)
		l := length(d)
		if !(l > 1e-12) {
			continue // no direction to pull along
		}
		n := scale(d, 1/l)
		var ra, rb, va, vb vec3
		bb := &w.bodies[ib]
		rb = sub(w.bodyPoint(int(ib), lb), bb.pos)
		vb = add(w.sb[ib].v.vec(), cross(w.sb[ib].w.vec(), rb))
		if ia >= 0 {
			ba := &w.bodies[ia]
			ra = sub(w.bodyPoint(int(ia), la), ba.pos)
			va = add(w.sb[ia].v.vec(), cross(w.sb[ia].w.vec(), ra))
		}
		// Products wrapped in float64(...): not fused on arm64, so the step
		// rounds the same on every architecture.
		f := float64(-sp.k*(l-sp.rest)) - float64(sp.damp*dot(sub(vb, va), n)) // along n, on B
		j := scale(n, f*dt)
		invB := worldInvInertia(bb.q, bb.invILocal)
		applyImpulse(&w.sb[ib], &invB, rb, j)
		if ia >= 0 {
			ba := &w.bodies[ia]
			invA := worldInvInertia(ba.q, ba.invILocal)
			applyImpulse(&w.sb[ia], &invA, ra, scale(j, -1))
		}
	}
}
