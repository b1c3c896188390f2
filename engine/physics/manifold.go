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
	absTolerance     = 0.5 * linearSlop
	// parallelEdge: edge pairs this close to parallel (|a x b| below) give no
	// axis; their face axes already cover the case.
	parallelEdge = 1e-6
	// clipTolerance: incident points this far outside the reference face's
	// sides are kept, m.
	clipTolerance = 2 * linearSlop
)

// boxShape is a box's collision geometry in world space.
type boxShape struct {
	c  sv         // centre, m
	ax [3]sv      // unit axes (rotation matrix columns)
	h  [3]float64 // half extents along ax, m
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
}

// clipPoly is a convex polygon of up to 8 points with feature ids.
type clipPoly struct {
	n   int
	p   [8]sv
	ids [8]uint32
}

// collideBoxes fills m with the contact manifold of boxes A and B, keeping
// points separated by at most margin (speculative contacts). m.count is 0 when
// the boxes are further apart than margin. preferB makes B's face the
// reference unless A's is clearly better (for slabs, whose faces do not move,
// so the feature ids of a resting box stay the same from step to step).
func collideBoxes(A, B *boxShape, margin float64, preferB bool, m *rawManifold) {
	m.count = 0
	d := B.c.sub(A.c)
	var C, absC [3][3]float64
	var ta, tb [3]float64
	for i := 0; i < 3; i++ {
		ta[i] = d.dot(A.ax[i])
		tb[i] = d.dot(B.ax[i])
		for j := 0; j < 3; j++ {
			c := A.ax[i].dot(B.ax[j])
			C[i][j] = c
			absC[i][j] = math.Abs(c)
		}
	}
	// Face axes of A.
	sA, iA := math.Inf(-1), 0
	for i := 0; i < 3; i++ {
		rb := float64(absC[i][0]*B.h[0]) + float64(absC[i][1]*B.h[1]) + float64(absC[i][2]*B.h[2])
		s := math.Abs(ta[i]) - A.h[i] - rb
		if s > margin {
			return
		}
		if s > sA {
			sA, iA = s, i
		}
	}
	// Face axes of B.
	sB, iB := math.Inf(-1), 0
	for j := 0; j < 3; j++ {
		ra := float64(absC[0][j]*A.h[0]) + float64(absC[1][j]*A.h[1]) + float64(absC[2][j]*A.h[2])
		s := math.Abs(tb[j]) - B.h[j] - ra
		if s > margin {
			return
		}
		if s > sB {
			sB, iB = s, j
		}
	}
	// Edge axes a_i x b_j, in A's frame (Ericson 4.4.1), normalised by |a_i x b_j|.
	sE, eI, eJ := math.Inf(-1), -1, -1
	for i := 0; i < 3; i++ {
		i1, i2 := (i+1)%3, (i+2)%3
		for j := 0; j < 3; j++ {
			l2 := 1 - float64(C[i][j]*C[i][j])
			if l2 < parallelEdge*parallelEdge {
				continue
			}
			j1, j2 := (j+1)%3, (j+2)%3
			num := float64(ta[i2]*C[i1][j]) - float64(ta[i1]*C[i2][j])
			ra := float64(A.h[i1]*absC[i2][j]) + float64(A.h[i2]*absC[i1][j])
			rb := float64(B.h[j1]*absC[i][j2]) + float64(B.h[j2]*absC[i][j1])
			s := (math.Abs(num) - ra - rb) / math.Sqrt(l2)
			if s > margin {
				return
			}
			if s > sE {
				sE, eI, eJ = s, i, j
			}
		}
	}
	if eI >= 0 && clearlyBetter(sE, math.Max(sA, sB), relEdgeTolerance) {
		edgeContact(A, B, eI, eJ, d, m)
		return
	}
	useB := clearlyBetter(sB, sA, relFaceTolerance)
	if preferB {
		useB = !clearlyBetter(sA, sB, relFaceTolerance)
	}
	if useB {
		// B's face is the reference; compute with roles swapped, then flip.
		nRef := B.ax[iB]
		if tb[iB] > 0 { // A lies on the -b side of B
			nRef = nRef.neg()
		}
		faceContact(B, A, iB, nRef, margin, m, 1<<31)
		m.n = m.n.neg()
		return
	}
	nRef := A.ax[iA]
	if ta[iA] < 0 {
		nRef = nRef.neg()
	}
	faceContact(A, B, iA, nRef, margin, m, 0)
}

// clearlyBetter reports whether separation s beats ref by more than the
// relative tolerance rel (of |ref|) plus absTolerance. Gregorius writes
// s > rel*ref + abs, which only works for penetrations (ref < 0); for the
// positive separations of speculative contacts it would prefer the edge
// axis that coincides with a face normal, and a box landing flat would touch
// down on one corner point.
func clearlyBetter(s, ref, rel float64) bool {
	return s > ref+(1-rel)*math.Abs(ref)+absTolerance
}

// faceContact clips the incident face of box I against the reference face of
// box R (axis i, outward normal nRef pointing toward I). m.n is set to nRef.
func faceContact(R, I *boxShape, i int, nRef sv, margin float64, m *rawManifold, tag uint32) {
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
	fc := I.c.madd(incN, I.h[k])
	u := I.ax[k1].scale(I.h[k1])
	v := I.ax[k2].scale(I.h[k2])
	var poly clipPoly
	poly.n = 4
	poly.p[0] = fc.add(u).add(v)
	poly.p[1] = fc.sub(u).add(v)
	poly.p[2] = fc.sub(u).sub(v)
	poly.p[3] = fc.add(u).sub(v)
	for q := 0; q < 4; q++ {
		poly.ids[q] = uint32(q + 1)
	}
	// Clip against the four side planes of the reference face. The planes
	// are moved out by clipTolerance so that faces of the same size lying on
	// each other (a stack) keep their 4 incident vertices instead of trading
	// them for edge intersections as they jitter.
	i1, i2 := (i+1)%3, (i+2)%3
	var tmp clipPoly
	e1, e2 := R.ax[i1], R.ax[i2]
	c1, c2 := R.c.dot(e1), R.c.dot(e2)
	h1, h2 := R.h[i1]+clipTolerance, R.h[i2]+clipTolerance
	clipPlane(&poly, &tmp, e1, c1+h1, 0)
	clipPlane(&tmp, &poly, e1.neg(), -c1+h1, 1)
	clipPlane(&poly, &tmp, e2, c2+h2, 2)
	clipPlane(&tmp, &poly, e2.neg(), -c2+h2, 3)
	refCode := uint32(i << 1)
	if nRef.dot(R.ax[i]) < 0 {
		refCode |= 1
	}
	featureBase := tag | refCode<<24 | incCode<<20
	// Keep the points within the margin, placed midway between the faces.
	plane := R.c.dot(nRef) + R.h[i]
	var cand [8]rawPoint
	nc := 0
	for q := 0; q < poly.n; q++ {
		p := poly.p[q]
		s := p.dot(nRef) - plane
		if s > margin {
			continue
		}
		cand[nc] = rawPoint{p: p.madd(nRef, -0.5*s), sep: s, id: featureBase | poly.ids[q]&0xfffff}
		nc++
	}
	reducePoints(cand[:nc], nRef, m)
}

// clipPlane keeps the part of polygon in on the side dot(x, n) <= off,
// writing it to out. New points get ids mixed from the clipped edge and plane.
func clipPlane(in, out *clipPoly, n sv, off float64, plane uint32) {
	out.n = 0
	if in.n == 0 {
		return
	}
	prev := in.n - 1
	dPrev := in.p[prev].dot(n) - off
	for q := 0; q < in.n; q++ {
		dq := in.p[q].dot(n) - off
		if (dPrev <= 0) != (dq <= 0) && out.n < 8 {
			t := dPrev / (dPrev - dq)
			a, b := in.p[prev], in.p[q]
			out.p[out.n] = a.madd(b.sub(a), t)
			lo, hi := in.ids[prev], in.ids[q]
			if lo > hi {
				lo, hi = hi, lo
			}
			out.ids[out.n] = (lo*97+hi)*5 + plane + 1 + 1<<12
			out.n++
		}
		if dq <= 0 && out.n < 8 {
			out.p[out.n] = in.p[q]
			out.ids[out.n] = in.ids[q]
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
