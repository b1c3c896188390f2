package physics

import "math"

// Narrowphase geometry: box-box contact manifolds by the separating axis test
// (3 face axes of each box and 9 edge-edge axes) with reference-face clipping,
// after Gregorius, "The Separating Axis Test between Convex Polyhedra" (GDC
// 2013), and Ericson, "Real-Time Collision Detection" 4.4.1. Slabs are boxes
// with the identity rotation. Face contacts give up to 4 points (the clipped
// incident face, reduced to the 4 that keep the deepest point and the largest
// area); edge contacts give 1. Every point carries a feature id built from the
// faces, vertices and clip planes that made it, so the solver can warm-start
// it from last step's impulse.

const (
	// Gregorius' tolerances: an edge axis must be clearly better than the
	// best face axis to be used, and B's face clearly better than A's, so the
	// choice does not flicker between nearly equal axes.
	relEdgeTolerance = 0.90
	relFaceTolerance = 0.98
	// parallelEdge: edge pairs this close to parallel (|a x b| below) give no
	// axis; their face axes already cover the case.
	parallelEdge = 1e-6
	// Each face must beat the other by half a linear slop as well
	// (WorldDef.LinearSlop), and incident points up to two linear slops
	// outside the reference face's sides are kept.
)

// boxShape is a box's collision geometry in world space.
type boxShape struct {
	c  sv         // centre, m
	ax [3]sv      // unit axes (rotation matrix columns)
	h  [3]float64 // half extents along ax, m
}

// set makes s the box of a body at pos with half extents half and rotation
// matrix r. Field by field, in place: built as a composite value and
// copied, the box was written to the stack in 8-byte stores and read back
// in 16-byte loads, which the processor cannot forward, and stalled on
// every manifold.
func (s *boxShape) set(pos, half *vec3, r *mat3) {
	s.c = svAt(pos)
	s.ax[0], s.ax[1], s.ax[2] = r.colSV(0), r.colSV(1), r.colSV(2)
	s.h[0], s.h[1], s.h[2] = half[0], half[1], half[2]
}

// setSlab makes s the box of a slab from lo to hi (world axes).
func (s *boxShape) setSlab(lo, hi *vec3) {
	l, u := svAt(lo), svAt(hi)
	c, h := l.add(u).scale(0.5), u.sub(l).scale(0.5)
	s.c = c
	s.ax[0], s.ax[1], s.ax[2] = sv{1, 0, 0}, sv{0, 1, 0}, sv{0, 0, 1}
	s.h[0], s.h[1], s.h[2] = h.x, h.y, h.z
}

// rawPoint is one contact point: world position (midway between the
// surfaces), separation (negative when penetrating) and feature id.
type rawPoint struct {
	p   sv
	sep float64
	id  uint32
}

// rawManifold is the narrowphase output: normal from A toward B, up to 4 points.
type rawManifold struct {
	n     sv
	count int
	pts   [4]rawPoint
	// apart: when count is 0, the face that separated the boxes (sepFace),
	// the next step's first axis to try (separatedOn).
	apart sepFace
}

// collideBoxes fills m with the contact manifold of boxes A and B, keeping
// points separated by at most margin (speculative contacts). m.count is 0 when
// the boxes are further apart than margin. preferB makes B's face the
// reference unless A's is clearly better (for slabs, whose faces do not move,
// so the feature ids of a resting box stay the same from step to step).
func collideBoxes(A, B *boxShape, margin, slop float64, preferB bool, m *rawManifold) {
	m.count, m.apart = 0, sepNone
	d := B.c.sub(A.c)
	// Written out axis by axis (no loops, no modulo, every index a
	// constant), which more than halved the cost of the test.
	a0, a1, a2 := A.ax[0], A.ax[1], A.ax[2]
	b0, b1, b2 := B.ax[0], B.ax[1], B.ax[2]
	ha0, ha1, ha2 := A.h[0], A.h[1], A.h[2]
	hb0, hb1, hb2 := B.h[0], B.h[1], B.h[2]
	ta0, ta1, ta2 := d.dot(a0), d.dot(a1), d.dot(a2)
	tb0, tb1, tb2 := d.dot(b0), d.dot(b1), d.dot(b2)
	c00 := a0.dot(b0)
	c01 := a0.dot(b1)
	c02 := a0.dot(b2)
	c10 := a1.dot(b0)
	c11 := a1.dot(b1)
	c12 := a1.dot(b2)
	c20 := a2.dot(b0)
	c21 := a2.dot(b1)
	c22 := a2.dot(b2)
	k00 := math.Abs(c00)
	k01 := math.Abs(c01)
	k02 := math.Abs(c02)
	k10 := math.Abs(c10)
	k11 := math.Abs(c11)
	k12 := math.Abs(c12)
	k20 := math.Abs(c20)
	k21 := math.Abs(c21)
	k22 := math.Abs(c22)
	// Face axes of A.
	sA, iA := math.Inf(-1), 0
	if s := math.Abs(ta0) - ha0 - (float64(k00*hb0) + float64(k01*hb1) + float64(k02*hb2)); s > sA {
		sA, iA = s, 0
	}
	if s := math.Abs(ta1) - ha1 - (float64(k10*hb0) + float64(k11*hb1) + float64(k12*hb2)); s > sA {
		sA, iA = s, 1
	}
	if s := math.Abs(ta2) - ha2 - (float64(k20*hb0) + float64(k21*hb1) + float64(k22*hb2)); s > sA {
		sA, iA = s, 2
	}
	if sA > margin {
		m.apart = sepFaceA0 + sepFace(iA)
		return
	}
	// Face axes of B.
	sB, iB := math.Inf(-1), 0
	if s := math.Abs(tb0) - hb0 - (float64(k00*ha0) + float64(k10*ha1) + float64(k20*ha2)); s > sB {
		sB, iB = s, 0
	}
	if s := math.Abs(tb1) - hb1 - (float64(k01*ha0) + float64(k11*ha1) + float64(k21*ha2)); s > sB {
		sB, iB = s, 1
	}
	if s := math.Abs(tb2) - hb2 - (float64(k02*ha0) + float64(k12*ha1) + float64(k22*ha2)); s > sB {
		sB, iB = s, 2
	}
	if sB > margin {
		m.apart = sepFaceB0 + sepFace(iB)
		return
	}
	// Edge axes a_i x b_j, in A's frame (Ericson 4.4.1), normalised by
	// |a_i x b_j|; nearly parallel edges give no axis.
	sE, eI, eJ := math.Inf(-1), -1, -1
	if l2 := 1 - float64(c00*c00); l2 >= parallelEdge*parallelEdge {
		num := float64(ta2*c10) - float64(ta1*c20)
		r := (float64(ha1*k20) + float64(ha2*k10)) + (float64(hb1*k02) + float64(hb2*k01))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 0, 0
		}
	}
	if l2 := 1 - float64(c01*c01); l2 >= parallelEdge*parallelEdge {
		num := float64(ta2*c11) - float64(ta1*c21)
		r := (float64(ha1*k21) + float64(ha2*k11)) + (float64(hb2*k00) + float64(hb0*k02))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 0, 1
		}
	}
	if l2 := 1 - float64(c02*c02); l2 >= parallelEdge*parallelEdge {
		num := float64(ta2*c12) - float64(ta1*c22)
		r := (float64(ha1*k22) + float64(ha2*k12)) + (float64(hb0*k01) + float64(hb1*k00))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 0, 2
		}
	}
	if l2 := 1 - float64(c10*c10); l2 >= parallelEdge*parallelEdge {
		num := float64(ta0*c20) - float64(ta2*c00)
		r := (float64(ha2*k00) + float64(ha0*k20)) + (float64(hb1*k12) + float64(hb2*k11))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 1, 0
		}
	}
	if l2 := 1 - float64(c11*c11); l2 >= parallelEdge*parallelEdge {
		num := float64(ta0*c21) - float64(ta2*c01)
		r := (float64(ha2*k01) + float64(ha0*k21)) + (float64(hb2*k10) + float64(hb0*k12))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 1, 1
		}
	}
	if l2 := 1 - float64(c12*c12); l2 >= parallelEdge*parallelEdge {
		num := float64(ta0*c22) - float64(ta2*c02)
		r := (float64(ha2*k02) + float64(ha0*k22)) + (float64(hb0*k11) + float64(hb1*k10))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 1, 2
		}
	}
	if l2 := 1 - float64(c20*c20); l2 >= parallelEdge*parallelEdge {
		num := float64(ta1*c00) - float64(ta0*c10)
		r := (float64(ha0*k10) + float64(ha1*k00)) + (float64(hb1*k22) + float64(hb2*k21))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 2, 0
		}
	}
	if l2 := 1 - float64(c21*c21); l2 >= parallelEdge*parallelEdge {
		num := float64(ta1*c01) - float64(ta0*c11)
		r := (float64(ha0*k11) + float64(ha1*k01)) + (float64(hb2*k20) + float64(hb0*k22))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 2, 1
		}
	}
	if l2 := 1 - float64(c22*c22); l2 >= parallelEdge*parallelEdge {
		num := float64(ta1*c02) - float64(ta0*c12)
		r := (float64(ha0*k12) + float64(ha1*k02)) + (float64(hb0*k21) + float64(hb1*k20))
		if s := (math.Abs(num) - r) / math.Sqrt(l2); s > sE {
			sE, eI, eJ = s, 2, 2
		}
	}
	if sE > margin {
		return
	}
	ax := satAxes{sA: sA, sB: sB, sE: sE, iA: iA, iB: iB, eI: eI, eJ: eJ,
		ta: [3]float64{ta0, ta1, ta2}, tb: [3]float64{tb0, tb1, tb2}}
	clipBest(A, B, d, &ax, margin, slop, preferB, m)
}

// satAxes is what the separating-axis test found: the best separation
// over A's faces, B's faces and the edge pairs, their axes (eI < 0: no
// edge axis), and the centres' offset along each face axis.
type satAxes struct {
	sA, sB, sE     float64
	iA, iB, eI, eJ int
	ta, tb         [3]float64
}

// clipBest builds the manifold from the feature the test found best: an
// edge pair when it is clearly better than both faces, else the face of A
// or of B (preferB keeps B's unless A's is clearly better).
func clipBest(A, B *boxShape, d sv, ax *satAxes, margin, slop float64, preferB bool, m *rawManifold) {
	sA, sB, sE := ax.sA, ax.sB, ax.sE
	iA, iB, eI, eJ := ax.iA, ax.iB, ax.eI, ax.eJ
	ta, tb := &ax.ta, &ax.tb
	if eI >= 0 && clearlyBetter(sE, math.Max(sA, sB), relEdgeTolerance, 0.5*slop) {
		edgeContact(A, B, eI, eJ, d, m)
		return
	}
	useB := clearlyBetter(sB, sA, relFaceTolerance, 0.5*slop)
	if preferB {
		useB = !clearlyBetter(sA, sB, relFaceTolerance, 0.5*slop)
	}
	if useB {
		// B's face is the reference; compute with roles swapped, then flip.
		nRef := B.ax[iB]
		if tb[iB] > 0 { // A lies on the -b side of B
			nRef = nRef.neg()
		}
		faceContact(B, A, iB, nRef, margin, 2*slop, m, 1<<31)
		m.n = m.n.neg()
		return
	}
	nRef := A.ax[iA]
	if ta[iA] < 0 {
		nRef = nRef.neg()
	}
	faceContact(A, B, iA, nRef, margin, 2*slop, m, 0)
}

// clearlyBetter reports whether separation s beats ref by more than the
// relative tolerance rel (of |ref|) plus abs (m). Gregorius writes
// s > rel*ref + abs, which only works for penetrations (ref < 0); for the
// positive separations of speculative contacts it would prefer the edge
// axis that coincides with a face normal, and a box landing flat would touch
// down on one corner point.
func clearlyBetter(s, ref, rel, abs float64) bool {
	// Each product rounded on its own: abs is often 0.5*slop, which the
	// compiler would otherwise fuse into the sum on arm64.
	return s > ref+float64((1-rel)*math.Abs(ref))+float64(abs)
}

// faceContact clips the incident face of box I against the reference face of
// box R (axis i, outward normal nRef pointing toward I), keeping incident
// points up to clipTol (m) outside its sides. m.n is set to nRef.
func faceContact(R, I *boxShape, i int, nRef sv, margin, clipTol float64, m *rawManifold, tag uint32) {
	m.n = nRef
	// Incident face: the face of I most anti-parallel to nRef.
	k, best := 0, -1.0
	var kd float64
	for j := 0; j < 3; j++ {
		dj := I.ax[j].dot(nRef)
		if a := math.Abs(dj); a > best {
			best, k, kd = a, j, dj
		}
	}
	incN := I.ax[k]
	incCode := uint32(k<<1) | 1
	if kd > 0 {
		incN = incN.neg()
		incCode = uint32(k << 1)
	}
	k1, k2 := (k+1)%3, (k+2)%3
	// Work in the reference face's frame: x along e1, y along e2 from the
	// face's centre, z the height above the face (the separation). Every
	// point is a linear combination of the incident face's centre and
	// half edges, so three of them are projected and the rest is adds; the
	// clipping is then against |x| <= h1, |y| <= h2, in scalars.
	i1, i2 := (i+1)%3, (i+2)%3
	e1, e2 := R.ax[i1], R.ax[i2]
	hi := R.h[i]
	fc := I.c.madd(incN, I.h[k]).sub(R.c)
	u := I.ax[k1].scale(I.h[k1])
	v := I.ax[k2].scale(I.h[k2])
	fx, fy, fz := fc.dot(e1), fc.dot(e2), fc.dot(nRef)-hi
	ux, uy, uz := u.dot(e1), u.dot(e2), u.dot(nRef)
	vx, vy, vz := v.dot(e1), v.dot(e2), v.dot(nRef)
	var poly facePoly
	poly.n = 4
	poly.x = [8]float64{fx + ux + vx, fx - ux + vx, fx - ux - vx, fx + ux - vx}
	poly.y = [8]float64{fy + uy + vy, fy - uy + vy, fy - uy - vy, fy + uy - vy}
	poly.z = [8]float64{fz + uz + vz, fz - uz + vz, fz - uz - vz, fz + uz - vz}
	poly.ids = [8]uint32{1, 2, 3, 4}
	// Clip against the four side planes of the reference face. The planes
	// are moved out by clipTol so that faces of the same size lying on
	// each other (a stack) keep their 4 incident vertices instead of trading
	// them for edge intersections as they jitter.
	h1, h2 := R.h[i1]+clipTol, R.h[i2]+clipTol
	inside := true
	for q := 0; q < 4; q++ {
		inside = inside && math.Abs(poly.x[q]) <= h1 && math.Abs(poly.y[q]) <= h2
	}
	if !inside { // (clipping an inside polygon changes nothing)
		var tmp facePoly
		clipSide(&poly, &tmp, false, 1, h1, 0)
		clipSide(&tmp, &poly, false, -1, h1, 1)
		clipSide(&poly, &tmp, true, 1, h2, 2)
		clipSide(&tmp, &poly, true, -1, h2, 3)
	}
	refCode := uint32(i << 1)
	if nRef.dot(R.ax[i]) < 0 {
		refCode |= 1
	}
	featureBase := tag | refCode<<24 | incCode<<20
	// Keep the points within the margin, placed midway between the faces.
	var cand [8]rawPoint
	nc := 0
	for q := 0; q < poly.n; q++ {
		z := poly.z[q]
		if z > margin {
			continue
		}
		p := R.c.madd(e1, poly.x[q]).madd(e2, poly.y[q]).madd(nRef, hi+float64(0.5*z))
		cand[nc] = rawPoint{p: p, sep: z, id: featureBase | poly.ids[q]&0xfffff}
		nc++
	}
	reducePoints(cand[:nc], nRef, m)
}

// facePoly is a convex polygon of up to 8 points in a reference face's
// frame (see faceContact), with feature ids.
type facePoly struct {
	n       int
	x, y, z [8]float64
	ids     [8]uint32
}

// clipSide keeps the part of polygon in where sign*y (or sign*x) <= lim,
// writing it to out. New points get ids mixed from the clipped edge and
// plane.
func clipSide(in, out *facePoly, useY bool, sign, lim float64, plane uint32) {
	out.n = 0
	if in.n == 0 {
		return
	}
	c := &in.x
	if useY {
		c = &in.y
	}
	prev := in.n - 1
	dPrev := float64(sign*c[prev]) - lim
	for q := 0; q < in.n; q++ {
		dq := float64(sign*c[q]) - lim
		if (dPrev <= 0) != (dq <= 0) && out.n < 8 {
			t := dPrev / (dPrev - dq)
			o := out.n
			out.x[o] = in.x[prev] + float64((in.x[q]-in.x[prev])*t)
			out.y[o] = in.y[prev] + float64((in.y[q]-in.y[prev])*t)
			out.z[o] = in.z[prev] + float64((in.z[q]-in.z[prev])*t)
			lo, hi := in.ids[prev], in.ids[q]
			if lo > hi {
				lo, hi = hi, lo
			}
			out.ids[o] = (lo*97+hi)*5 + plane + 1 + 1<<12
			out.n++
		}
		if dq <= 0 && out.n < 8 {
			o := out.n
			out.x[o], out.y[o], out.z[o], out.ids[o] = in.x[q], in.y[q], in.z[q], in.ids[q]
			out.n++
		}
		prev, dPrev = q, dq
	}
}

// reducePoints copies up to 4 of the candidates into m: all of them when
// there are 4 or fewer; otherwise the deepest, the one furthest from it, and
// the two that span the largest area on either side of that line.
func reducePoints(c []rawPoint, n sv, m *rawManifold) {
	if len(c) <= 4 {
		m.count = copy(m.pts[:], c)
		return
	}
	i0 := 0
	for q := 1; q < len(c); q++ {
		if c[q].sep < c[i0].sep {
			i0 = q
		}
	}
	i1, best := -1, -1.0
	for q := range c {
		if q == i0 {
			continue
		}
		dd := c[q].p.sub(c[i0].p)
		if l := dd.dot(dd); l > best {
			best, i1 = l, q
		}
	}
	base := c[i1].p.sub(c[i0].p)
	i2, i3 := -1, -1
	maxA, minA := 0.0, 0.0
	for q := range c {
		if q == i0 || q == i1 {
			continue
		}
		a := base.cross(c[q].p.sub(c[i0].p)).dot(n)
		if i2 < 0 || a > maxA {
			maxA, i2 = a, q
		}
		if i3 < 0 || a < minA {
			minA, i3 = a, q
		}
	}
	m.pts[0], m.pts[1], m.pts[2] = c[i0], c[i1], c[i2]
	m.count = 3
	if i3 != i2 {
		m.pts[3] = c[i3]
		m.count = 4
	}
}

// edgeContact gives the single point between edge a_i of A and edge b_j of B.
func edgeContact(A, B *boxShape, i, j int, d sv, m *rawManifold) {
	n := A.ax[i].cross(B.ax[j])
	if l := math.Sqrt(n.dot(n)); l > 1e-300 {
		n = n.scale(1 / l)
	} else {
		n = A.ax[i]
	}
	if n.dot(d) < 0 {
		n = n.neg()
	}
	m.n = n
	// The edge of A furthest along n and the edge of B furthest along -n.
	pa, pb := A.c, B.c
	var code uint32 = 1<<30 | uint32(i)<<8 | uint32(j)<<4
	for k := 0; k < 3; k++ {
		if k != i {
			s := 1.0
			if A.ax[k].dot(n) < 0 {
				s = -1
				code |= 1 << (12 + k)
			}
			pa = pa.madd(A.ax[k], s*A.h[k])
		}
		if k != j {
			s := 1.0
			if B.ax[k].dot(n) > 0 {
				s = -1
				code |= 1 << (16 + k)
			}
			pb = pb.madd(B.ax[k], s*B.h[k])
		}
	}
	qa, qb := closestOnSegments(pa, A.ax[i], A.h[i], pb, B.ax[j], B.h[j])
	m.pts[0] = rawPoint{p: qa.add(qb).scale(0.5), sep: qb.sub(qa).dot(n), id: code}
	m.count = 1
}

// closestOnSegments returns the closest points of segments pa + s ua
// (|s| <= ha) and pb + t ub (|t| <= hb), with ua, ub unit vectors.
func closestOnSegments(pa, ua sv, ha float64, pb, ub sv, hb float64) (sv, sv) {
	r := pa.sub(pb)
	b := ua.dot(ub)
	c := ua.dot(r)
	f := ub.dot(r)
	den := 1 - float64(b*b)
	s := 0.0
	if den > 1e-12 {
		s = clampF((float64(b*f)-c)/den, -ha, ha)
	}
	t := clampF(float64(b*s)+f, -hb, hb)
	s = clampF(float64(b*t)-c, -ha, ha)
	return pa.madd(ua, s), pb.madd(ub, t)
}

func clampF(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}
