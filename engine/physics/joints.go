package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The drag: a mouse joint as in Box2D's and Jolt's sample apps. While the
// user holds a body, every step carries an InputDrag naming the body, the
// grabbed point in the body's axes and the target under the pointer; the
// step pulls that point toward the target with a soft spring-damper
// (DragHertz, DragDampingRatio) whose force is capped at DragForcePerKg
// times the body's mass, as Box2D's samples do (1000 m N).
//
// It is applied once per step, with the inputs (before prev := curr, the
// continuous-collision prediction and the solver), as one impulse at the
// grabbed point: the soft-constraint form of Catto's "Solver2D" (the
// contact solver's makeSoft), which for one application per step is an
// implicit Euler step of the spring-damper, stable for any stiffness and
// step, so a drag cannot wind a stack up. The rejected alternative, a force
// integrated explicitly over the substeps, overshoots at high stiffness and
// needs a lower rate than the 5 Hz users expect. Because the velocity
// changes before the CCD prediction, a body flung hard is swept like any
// fast body. A held body's turning about the grabbed point also decays at
// DragAngularDamping, since a point constraint leaves a box free to swing
// and twist about it for ever (Box2D's mouse joint damps the rotation too).
//
// Without drag inputs nothing here runs: worlds step bit for bit as before.

// Drag tuning: Box2D's sample mouse joint.
const (
	// DragHertz is the spring's stiffness, Hz.
	DragHertz = 5.0
	// DragDampingRatio is the spring's damping ratio (1 = critical).
	DragDampingRatio = 0.7
	// DragForcePerKg caps the pull at this many newtons per kilogram of the
	// body's mass (about 100 g).
	DragForcePerKg = 1000.0
	// DragAngularDamping is the rate at which a held body's spin decays, 1/s.
	DragAngularDamping = 5.0
)

// drag applies one InputDrag over a step of dt seconds: it wakes the body
// (and its island) and changes its velocities so that the grabbed point
// moves toward the target. A stale body or a non-finite point is skipped.
func (w *World) drag(in *Input, dt float64) {
	idx := w.bodyIndex(in.Body)
	if idx < 0 || !finiteVec(in.Point) || !finiteVec(in.Target) {
		return
	}
	b := &w.bodies[idx]
	w.wakeBody(idx)
	s := &w.sb[idx]
	// The grabbed point stays on the box, whatever a replayed file says.
	var local vec3
	for k := 0; k < 3; k++ {
		local[k] = math.Max(-b.half[k], math.Min(b.half[k], in.Point[k]))
	}
	rot := rotationMatrix(b.q)
	r := rot.mulVec(local)
	invI := worldInvInertia(b.q, b.invILocal)

	// Damp the turning about the grabbed point, not about the centre: the
	// point keeps its velocity and the centre's velocity from the turn
	// decays with the spin. (Damping the spin alone leaves the swing of a
	// box hanging from a corner nearly undamped: the point constraint
	// gives it back.)
	w0 := s.w.vec()
	vp := add(s.v.vec(), cross(w0, r))
	wv := scale(w0, 1/(1+float64(dt*DragAngularDamping)))
	v := sub(vp, cross(wv, r))
	// Effective mass at the point: K maps an impulse there to the point's
	// velocity change, K = m^-1 I - [r]x I^-1 [r]x (symmetric, positive).
	var k mat3
	for c := 0; c < 3; c++ {
		var e vec3
		e[c] = 1
		col := add(scale(e, s.invMass), cross(invI.mulVec(cross(r, e)), r))
		k[c], k[3+c], k[6+c] = col[0], col[1], col[2]
	}
	mass, ok := inverse3(&k)
	if !ok {
		return
	}
	sf := makeSoft(DragHertz, DragDampingRatio, dt)
	biasRate, massScale := sf.biasRate, sf.massScale

	c := sub(add(b.pos, r), in.Target)
	cdot := add(v, cross(wv, r))
	imp := scale(mass.mulVec(madd(cdot, c, biasRate)), -massScale)
	if lim := float64(DragForcePerKg*b.mass) * dt; dot(imp, imp) > float64(lim*lim) {
		imp = scale(imp, lim/length(imp))
	}
	s.v = toSV(madd(v, imp, s.invMass))
	s.w = toSV(add(wv, invI.mulVec(cross(r, imp))))
}

// inverse3 inverts m by cofactors; false when it is singular.
func inverse3(m *mat3) (mat3, bool) {
	c00 := float64(m[4]*m[8]) - float64(m[5]*m[7])
	c01 := float64(m[5]*m[6]) - float64(m[3]*m[8])
	c02 := float64(m[3]*m[7]) - float64(m[4]*m[6])
	det := float64(m[0]*c00) + float64(m[1]*c01) + float64(m[2]*c02)
	if !(math.Abs(det) > 0) || math.IsInf(det, 0) {
		return mat3{}, false
	}
	d := 1 / det
	return mat3{
		float64(c00 * d), float64((float64(m[2]*m[7]) - float64(m[1]*m[8])) * d), float64((float64(m[1]*m[5]) - float64(m[2]*m[4])) * d),
		float64(c01 * d), float64((float64(m[0]*m[8]) - float64(m[2]*m[6])) * d), float64((float64(m[2]*m[3]) - float64(m[0]*m[5])) * d),
		float64(c02 * d), float64((float64(m[1]*m[6]) - float64(m[0]*m[7])) * d), float64((float64(m[0]*m[4]) - float64(m[1]*m[3])) * d),
	}, true
}

// Springs: a damped linear spring between a point on a body and either a
// fixed anchor or a point on a second body. Unlike the drag (above), a
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
