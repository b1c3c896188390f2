package physics

import (
	"cmp"
	"math"
	"sandbox/engine/ccd"
	"slices"
)

// Continuous collision: a body whose motion in a step exceeds its CCD
// fraction of its smallest half extent is swept instead of moved. Its bound
// over the motion (enclosing every orientation reached by its spin) is tested
// with the slab method against every static slab in range (and, for bullets,
// against non-bullet bodies frozen at their end-of-step pose). At the earliest
// time of impact the body is placed just before the surface, an impulse with
// restitution and friction is applied at the contact point, and the rest of the
// step continues with the new velocity, up to maxImpacts times. Discrete
// contacts handle everything slower; teleports are not motion and never swept.

const (
	// maxImpacts bounds the impacts handled per body per step; after that the
	// body stays at the last impact for the rest of the step.
	maxImpacts = 4
	// ccdBackoff is the gap (m) left between a swept body and the surface it
	// hit, so that the next sweep does not start in contact.
	ccdBackoff = 1e-5
)

// continuous moves the fast bodies (flagFast) over the whole step with their
// solved velocities, sweeping them against what they might pass through.
// Non-bullets move first, so that bullets are swept against them frozen at
// their end-of-step pose.
func (w *World) continuous(dt float64) {
	w.scratch.extentValid = false
	w.scratch.frozenValid = false
	if w.fastBodies.Load() == 0 {
		return // nearly every step: two passes over the records for nothing
	}
	w.stopsNext = w.stopsNext[:0]
	defer w.keepStops(dt)
	for pass := 0; pass < 2; pass++ {
		wantBullet := pass == 1
		for i := range w.bodies {
			b := &w.bodies[i]
			if b.flags&flagFast == 0 || b.flags&flagSleeping != 0 || (b.flags&flagBullet != 0) != wantBullet {
				continue
			}
			v := w.sb[i].v.vec()
			if b.flags&flagTouching == 0 {
				v = madd(v, w.def.Gravity, -0.5*dt)
			}
			w.sweepBody(i, v, dt)
		}
	}
}

// ccdFraction returns the body's own fraction or the world's.
func (w *World) ccdFraction(b *body) float64 {
	if b.ccdFraction > 0 {
		return b.ccdFraction
	}
	return w.def.CCDFraction
}

// needsSweep reports whether body i moving with velocity v over dt travels
// more than its CCD fraction of its smallest half extent, counting the arc
// its corners travel by rotation.
func (w *World) needsSweep(i int, v sv, dt float64) bool {
	b := &w.bodies[i]
	lim := w.ccdFraction(b) * b.minHalf
	lim2 := float64(lim * lim)
	dt2 := float64(dt * dt)
	if float64(v.dot(v)*dt2) > lim2 {
		return true
	}
	wv := w.sb[i].w
	h := svAt(&b.half)
	r2 := h.dot(h)
	return float64(float64(wv.dot(wv)*dt2)*r2) > lim2
}

// sweepBody moves body i over dt with motion velocity v (the position update
// velocity, see integratePositions), stopping at impacts.
func (w *World) sweepBody(i int, v vec3, dt float64) {
	b := &w.bodies[i]
	s := &w.sb[i]
	bullet := b.flags&flagBullet != 0
	touch := w.spinTouch(dt)
	w.noteStepSpeed(i, v)
	done := 0.0 // fraction of the step already travelled
	for impact := 0; impact < maxImpacts; impact++ {
		rest := 1 - done
		h := float64(rest * dt)
		d := scale(v, h)
		angle := rotationAngle(s.w.vec(), h)
		ext := ccd.SpinExtent(b.half, b.q, angle)
		moving := ccd.AABB{Min: sub(b.pos, ext), Max: add(b.pos, ext)}
		bound := ccd.AABB{Min: vmin(moving.Min, add(moving.Min, d)), Max: vmax(moving.Max, add(moving.Max, d))}

		bestT, bestN := math.Inf(1), vec3{}
		bestStatic, bestBody := -1, -1
		r := rotationMatrix(b.q)
		tight := orientedExtent(&r, b.half)
		q := fatBox{lo: toSV(bound.Min), hi: toSV(bound.Max)}
		for _, k32 := range w.staticsOn(&q) {
			k := int(k32)
			st := &w.statics[k]
			t, n, ok := sweepNested(b.pos, ext, tight, d, st.min, st.max, touch)
			if ok && t < bestT {
				bestT, bestN, bestStatic = t, n, k
			}
		}
		if len(w.mv.list) > 0 {
			// A mover is a target named like a slab, by its pair tag
			// (touchedAtStart finds its manifold by it).
			if t, n, k, ok := w.sweepMovers(b.pos, ext, b.q, b.half, d, touch); ok && t < bestT {
				bestT, bestN, bestStatic = t, n, pairMoverBit|k
			}
		}
		if bullet {
			for _, k32 := range w.bodiesOn(&q) {
				k := int(k32)
				o := &w.bodies[k]
				oext := w.frozenExtent(k)
				omin, omax := sub(o.pos, oext), add(o.pos, oext)
				t, n, ok := sweepNested(b.pos, ext, tight, d, omin, omax, touch)
				if ok && t < bestT {
					bestT, bestN, bestStatic, bestBody = t, n, -1, k
				}
			}
		}
		rec := sweepRecord{lo: bound.Min, hi: bound.Max}
		if bestStatic < 0 && bestBody < 0 {
			w.scratch.sweeps = append(w.scratch.sweeps, rec)
			b.pos = add(b.pos, d)
			b.q = integrateRotation(b.q, s.w.vec(), h)
			return
		}
		// Advance to just before the impact.
		approach := -dot(d, bestN) // > 0
		t := bestT - ccdBackoff/approach
		if t < 0 {
			t = 0
		}
		b.pos = madd(b.pos, d, t)
		b.q = integrateRotation(b.q, s.w.vec(), float64(t*h))
		done += float64(t * rest)
		if done > 1 {
			done = 1
		}
		point := w.supportPoint(i, neg(bestN))
		speed := w.impactResponse(i, bestBody, point, bestN)
		// The motion velocity follows the solved velocity change, and the
		// rest of the step never heads into the surface again: the motion
		// velocity carries half a step of gravity that the response did not
		// see, and re-hitting at t = 0 every step would freeze the body.
		dv := sub(s.v.vec(), w.scratch.vBefore)
		v = add(v, dv)
		if vn := dot(v, bestN); vn < 0 {
			v = madd(v, bestN, -vn)
		}
		w.noteStepSpeed(i, v)
		hit := CCDHit{Body: w.ID(i), Static: NoStatic, TOI: done, Point: point, Normal: bestN, Speed: speed}
		switch {
		case bestBody >= 0:
			hit.Other = w.ID(bestBody)
		case bestStatic&pairMoverBit != 0:
			hit.Mover = MoverID(bestStatic&^pairMoverBit + 1)
		default:
			hit.Static = StaticID(bestStatic)
		}
		// A stop against a surface the body touched when the step's
		// contacts were built, or was stopped against in the last
		// episodeGap seconds (a bullet resting or sliding on the ground, a
		// plate or a spinning box tumbling along it, whose swept bound
		// meets it every step or two), goes on with that contact, and so does a bullet catching up
		// with a body it has just pushed (both moving together, the body
		// frozen at its end pose): only a stop that begins a contact is an
		// impact and an event.
		w.counters.CCDStops++
		stop := stopRec{body: int32(i), target: stopTarget(bestStatic, bestBody), tick: w.events.Tick}
		goesOn := w.stoppedRecently(stop, dt) || w.touchedAtStart(i, bestStatic, bestBody)
		impact := (speed > 0 || bestBody < 0) && !goesOn
		if impact {
			w.events.CCDHits = append(w.events.CCDHits, hit)
			w.counters.CCDHits++
		}
		if impact || goesOn {
			// Part of a contact: the stops soon after go on with it. (A
			// bullet stopped at no closing speed against a body it never
			// hit begins nothing: its impact is still to come.)
			w.stopsNext = append(w.stopsNext, stop)
		}
		rec.hit, rec.point, rec.normal = true, point, bestN
		w.scratch.sweeps = append(w.scratch.sweeps, rec)
		if done >= 1 {
			return
		}
	}
	// Out of impacts: the body stays at the last one for the rest of the step.
}

// spinTouch is how close the bound of a body's spin (sweepNested's first
// stand-in) may start to a target and still count as resting on it: a step
// of free fall from rest, or the linear slop without gravity. Stopped at
// that bound, a box spinning above the ground hovered on it for ever, its
// fall taken away every step and its corners never landing to slow it.
func (w *World) spinTouch(dt float64) float64 {
	g := toSV(w.def.Gravity)
	return max(w.def.LinearSlop, float64(math.Sqrt(g.dot(g))*float64(dt*dt)))
}

// sweepNested sweeps a box centred at c moving by d against the box
// [tmin, tmax], trying ever smaller stand-ins for the body until one does not
// already overlap the target at the start: the bound of every orientation the
// spin reaches (ext), then the box at its current orientation (tight), then
// the centre alone. A body already in contact (its bound overlaps) is thus
// still stopped before its centre would cross the target, which is what the
// tunnelling oracle checks; only a centre already inside is left to the
// discrete contacts. A spin's bound within touch of the target counts as
// in contact too (spinTouch). The result is an impact moving toward the
// target.
func sweepNested(c, ext, tight, d, tmin, tmax vec3, touch float64) (float64, vec3, bool) {
	target := ccd.AABB{Min: tmin, Max: tmax}
	for stage := 0; stage < 3; stage++ {
		var e vec3
		switch stage {
		case 0:
			e = ext
		case 1:
			e = tight
		}
		lo, hi := sub(c, e), add(c, e)
		if stage < 2 && overlapsOpen(lo, hi, tmin, tmax) {
			continue
		}
		t, n, ok := ccd.Sweep(ccd.AABB{Min: lo, Max: hi}, d, target)
		if !ok || dot(d, n) >= 0 || t == 0 && overlapsOpen(lo, hi, tmin, tmax) {
			return 0, vec3{}, false
		}
		if stage == 0 && -float64(t*dot(d, n)) < touch {
			continue // resting on the spin's bound
		}
		return t, n, true
	}
	return 0, vec3{}, false
}

// overlapsOpen reports whether the interiors of two boxes overlap.
func overlapsOpen(amin, amax, bmin, bmax vec3) bool {
	return amin[0] < bmax[0] && bmin[0] < amax[0] &&
		amin[1] < bmax[1] && bmin[1] < amax[1] &&
		amin[2] < bmax[2] && bmin[2] < amax[2]
}

func overlapsAABB(amin, amax, bmin, bmax vec3) bool {
	return amin[0] <= bmax[0] && bmin[0] <= amax[0] &&
		amin[1] <= bmax[1] && bmin[1] <= amax[1] &&
		amin[2] <= bmax[2] && bmin[2] <= amax[2]
}

// supportPoint returns the centroid of the vertices of box i that lie furthest
// along dir (a face, edge or vertex), in world space.
func (w *World) supportPoint(i int, dir vec3) vec3 {
	b := &w.bodies[i]
	r := rotationMatrix(b.q)
	local := vec3{dot(r.col(0), dir), dot(r.col(1), dir), dot(r.col(2), dir)}
	var p vec3
	for k := 0; k < 3; k++ {
		// Within a small angle of flat, take the face centre on that axis.
		if math.Abs(local[k]) > 1e-6 {
			p[k] = math.Copysign(b.half[k], local[k])
		}
	}
	return add(b.pos, r.mulVec(p))
}

// impactResponse applies one collision impulse with normal n (toward body i)
// through body i's centre, against a slab (other < 0) or a body frozen for
// this step (which takes its share at point), with restitution and Coulomb
// friction. It returns the closing speed and stores
// the velocity before the impulse in scratch.vBefore.
func (w *World) impactResponse(i, other int, point, n vec3) float64 {
	b := &w.bodies[i]
	s := &w.sb[i]
	w.scratch.vBefore = s.v.vec()
	// The body may have turned a long way since the step began: use its
	// inertia at the impact pose, or the impulse's energy bookkeeping is off
	// (a spinning plate could leave faster than it came).
	Is := worldInvInertia(b.q, b.invILocal)
	// The impulse acts through the centre of mass, not at the corner the
	// sweep found: a swept AABB knows when the box arrives, not which
	// feature a real contact would settle on, and an impulse at a corner
	// turns a 1,000 m/s head-on hit into a spin that the next contacts
	// convert into hundreds of m/s sideways. The body keeps its own spin.
	ra := vec3{}
	friction, rest := b.friction, b.restitution
	var o *solverBody
	var Io mat3
	var rb vec3
	if other >= 0 {
		ob := &w.bodies[other]
		o = &w.sb[other]
		Io = worldInvInertia(ob.q, ob.invILocal)
		rb = sub(point, ob.pos)
		friction = math.Sqrt(float64(friction * ob.friction))
		rest = math.Max(rest, ob.restitution)
		w.wakeBody(other)
	}
	vrel := w.relVelAt(s, o, ra, rb)
	vn := dot(vrel, n)
	if vn >= 0 {
		return 0
	}
	e := 0.0
	if -vn > w.def.RestitutionThreshold {
		e = rest
	}
	// Normal impulse first: it leaves the point separating at e times its
	// closing speed, which never adds energy for e <= 1.
	kn := effMassOr0(s, &Is, ra, n) + effMassOr0(o, &Io, rb, n)
	jn := -(1 + e) * vn / kn
	w.applyBoth(s, &Is, o, &Io, ra, rb, scale(n, jn))
	// Then friction against the sliding velocity left after it (not the one
	// before: the normal impulse's spin changes it), at most stopping the
	// slide and at most mu jn: dissipative too.
	vrel = w.relVelAt(s, o, ra, rb)
	vt := sub(vrel, scale(n, dot(vrel, n)))
	if vtl := length(vt); vtl > 1e-12 && friction > 0 {
		t := scale(vt, 1/vtl)
		kt := effMassOr0(s, &Is, ra, t) + effMassOr0(o, &Io, rb, t)
		jt := math.Min(vtl/kt, float64(friction*jn))
		w.applyBoth(s, &Is, o, &Io, ra, rb, scale(t, -jt))
	}
	// A spinning body can leave its contact point separating while its
	// centre still approaches; the sweep would then stop it at the same
	// place every step while gravity piles up velocity. Take out what is
	// left of the centres' approach with a central impulse (dissipative).
	var ov vec3
	km := s.invMass
	if o != nil {
		ov = o.v.vec()
		km += o.invMass
	}
	if vc := dot(sub(s.v.vec(), ov), n); vc < 0 {
		w.applyBoth(s, &Is, o, &Io, vec3{}, vec3{}, scale(n, -vc/km))
	}
	return -vn
}

// relVelAt returns the velocity of body s at ra relative to body o at rb
// (o nil: a slab at rest).
func (w *World) relVelAt(s, o *solverBody, ra, rb vec3) vec3 {
	v := add(s.v.vec(), cross(s.w.vec(), ra))
	if o != nil {
		v = sub(v, add(o.v.vec(), cross(o.w.vec(), rb)))
	}
	return v
}

// applyBoth applies impulse p to s at ra and -p to o at rb, Is and Io
// being their world inverse inertias.
func (w *World) applyBoth(s *solverBody, Is *mat3, o *solverBody, Io *mat3, ra, rb, p vec3) {
	applyImpulse(s, Is, ra, p)
	if o != nil {
		applyImpulse(o, Io, rb, neg(p))
	}
}

// effMassOr0 is effMass, or 0 for no body (a slab).
func effMassOr0(s *solverBody, I *mat3, r, n vec3) float64 {
	if s == nil {
		return 0
	}
	return effMass(s, I, toSV(r), toSV(n))
}

func applyImpulse(s *solverBody, I *mat3, r, p vec3) {
	P := toSV(p)
	s.v = s.v.madd(P, s.invMass)
	s.w = s.w.add(I.mul(toSV(r).cross(P)))
}

// frozenExtent returns the world half extents of non-bullet body k at its
// end-of-step pose, computed once per step on first use by a bullet sweep.
func (w *World) frozenExtent(k int) vec3 {
	sc := &w.scratch
	if !sc.extentValid {
		sc.extent = grow(sc.extent, len(w.bodies))
		for j := range w.bodies {
			r := rotationMatrix(w.bodies[j].q)
			sc.extent[j] = orientedExtent(&r, w.bodies[j].half)
		}
		sc.extentValid = true
	}
	return sc.extent[k]
}

// episodeGap is how long, s, a body must go without being stopped against
// a surface before a stop against it begins a new contact: long enough to
// bridge the steps in which a tumbling body's swept bound misses the
// ground between two that meet it, short against a real bounce.
const episodeGap = 0.1

// stopRec is a sweep's last stop of a body against one target (slab k as
// k, body j as -2-j: stopTarget), and the tick its step ended on.
type stopRec struct {
	body, target int32
	tick         uint64
}

func stopTarget(k, j int) int32 {
	if k >= 0 {
		return int32(k)
	}
	return int32(-2 - j)
}

func compareStops(a, b stopRec) int {
	if c := cmp.Compare(a.body, b.body); c != 0 {
		return c
	}
	return cmp.Compare(a.target, b.target)
}

// stoppedRecently reports whether the sweeps stopped the same body against
// the same target within the last episodeGap seconds (at steps of dt).
func (w *World) stoppedRecently(s stopRec, dt float64) bool {
	n, found := slices.BinarySearchFunc(w.stops, s, compareStops)
	return found && float64(s.tick-w.stops[n].tick)*dt <= episodeGap
}

// keepStops merges this step's stops into the kept ones, in order
// (non-bullets are swept before bullets, and a body may stop against one
// target more than once a step), and forgets those older than episodeGap.
func (w *World) keepStops(dt float64) {
	slices.SortFunc(w.stopsNext, compareStops)
	now := w.events.Tick
	old, merged := w.stops, w.stopsMerge[:0]
	keep := func(r stopRec) {
		if float64(now-r.tick)*dt > episodeGap {
			return
		}
		if k := len(merged); k > 0 && compareStops(merged[k-1], r) == 0 {
			merged[k-1] = r // the later stop of the same pair
			return
		}
		merged = append(merged, r)
	}
	i, j := 0, 0
	for i < len(old) || j < len(w.stopsNext) {
		if j == len(w.stopsNext) || i < len(old) && compareStops(old[i], w.stopsNext[j]) <= 0 {
			keep(old[i])
			i++
		} else {
			keep(w.stopsNext[j])
			j++
		}
	}
	w.stops, w.stopsMerge = merged, old
}

// touchedAtStart reports whether body i touched slab k (or, with k < 0,
// body j) in this step's contact list, built before the bodies moved.
func (w *World) touchedAtStart(i, k, j int) bool {
	key := pairKeyStatic(i, k)
	if k < 0 {
		key = pairKeyBodies(min(i, j), max(i, j))
	}
	heads := w.contacts.heads
	n, found := slices.BinarySearchFunc(heads, key, func(h manifoldHead, key uint64) int { return cmp.Compare(h.key, key) })
	return found && heads[n].flags&mfTouching != 0
}
