package physics

import "math"

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
