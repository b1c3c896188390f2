package ccd

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// obbOverlaps is the reference overlap test for an oriented box and an AABB:
// by the separating axis theorem, convex boxes overlap exactly when no axis of
// the 15 separates them. Written out independently of BoxSeparation.
func obbOverlaps(c, h mgl64.Vec3, q mgl64.Quat, b AABB) bool {
	var buf [15]mgl64.Vec3
	axes := buf[:0]
	var u [3]mgl64.Vec3
	for j := 0; j < 3; j++ {
		var e mgl64.Vec3
		e[j] = 1
		u[j] = q.Rotate(e)
		axes = append(axes, e, u[j])
	}
	for i := 0; i < 3; i++ {
		var e mgl64.Vec3
		e[i] = 1
		for j := 0; j < 3; j++ {
			if a := e.Cross(u[j]); a.Len() > 1e-9 {
				axes = append(axes, a.Normalize())
			}
		}
	}
	bc, bh := b.Center(), b.Half()
	for _, a := range axes {
		pr := math.Abs(u[0].Dot(a))*h[0] + math.Abs(u[1].Dot(a))*h[1] + math.Abs(u[2].Dot(a))*h[2]
		pb := math.Abs(a[0])*bh[0] + math.Abs(a[1])*bh[1] + math.Abs(a[2])*bh[2]
		if math.Abs(c.Sub(bc).Dot(a)) >= pr+pb {
			return false
		}
	}
	return true
}

func TestBoxSeparationClosedForm(t *testing.T) {
	wall := box(20, -5, -5, 20.001, 5, 5)
	id := mgl64.QuatIdent()
	// Axis-aligned cube 1 m before the wall.
	sep, ax := BoxSeparation(mgl64.Vec3{18.5, 0, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, id, wall)
	if math.Abs(sep-1) > 1e-12 || ax != (mgl64.Vec3{-1, 0, 0}) {
		t.Fatalf("got %v %v, want 1 (-1,0,0)", sep, ax)
	}
	// A cube turned 45 degrees about y has its edge sqrt(2)/2 ahead of the centre.
	q := mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 1, 0})
	sep, ax = BoxSeparation(mgl64.Vec3{18.5, 0, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, q, wall)
	if want := 1.5 - math.Sqrt2/2; math.Abs(sep-want) > 1e-12 || !ax.ApproxEqualThreshold(mgl64.Vec3{-1, 0, 0}, 1e-12) {
		t.Fatalf("got %v %v, want %v (-1,0,0)", sep, ax, want)
	}
	// Overlapping by 0.2 m in y on a floor: least penetration, +y.
	floor := box(-50, -1, -50, 50, 0, 50)
	sep, ax = BoxSeparation(mgl64.Vec3{0, 0.3, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, id, floor)
	if math.Abs(sep+0.2) > 1e-12 || ax != (mgl64.Vec3{0, 1, 0}) {
		t.Fatalf("got %v %v, want -0.2 (0,1,0)", sep, ax)
	}
}

func TestBoxSeparationIsALowerBound(t *testing.T) {
	rng := newRand(11)
	for i := 0; i < 20000; i++ {
		h := mgl64.Vec3{logUniform(rng, 1e-3, 1), logUniform(rng, 1e-3, 1), logUniform(rng, 1e-3, 1)}
		q := randQuat(rng)
		c := randVec(rng, 3)
		b := FromCenterHalf(randVec(rng, 2), mgl64.Vec3{logUniform(rng, 1e-4, 2), logUniform(rng, 1e-4, 2), logUniform(rng, 1e-4, 2)})
		sep, ax := BoxSeparation(c, h, q, b)
		if over := obbOverlaps(c, h, q, b); over != (sep < 0) && math.Abs(sep) > 1e-12 {
			t.Fatalf("case %d: sep %v but reference overlap %v", i, sep, over)
		}
		if math.Abs(ax.Len()-1) > 1e-12 {
			t.Fatalf("case %d: axis %v not unit", i, ax)
		}
		if sep > 0 {
			// Every corner of the box is at least sep from the target: the
			// distance from a point to an AABB is exact.
			for _, p := range corners(h, q) {
				if d := pointBoxDistance(c.Add(p), b); d < sep-1e-12 {
					t.Fatalf("case %d: corner at %v from target, below the bound %v", i, d, sep)
				}
			}
		}
	}
}

func pointBoxDistance(p mgl64.Vec3, b AABB) float64 {
	var d mgl64.Vec3
	for i := 0; i < 3; i++ {
		d[i] = max(b.Min[i]-p[i], 0, p[i]-b.Max[i])
	}
	return d.Len()
}

func TestSweepBoxClosedForm(t *testing.T) {
	wall := box(20, -5, -5, 20.001, 5, 5)
	slop := 1e-5
	// Axis-aligned cube 10 m away moving 40 m: stops slop before the face.
	m := BoxMotion{Center: mgl64.Vec3{9.5, 0, 0}, Delta: mgl64.Vec3{40, 0, 0}, Half: mgl64.Vec3{0.5, 0.5, 0.5}, Orientation: mgl64.QuatIdent()}
	tt, n, ok := SweepBox(m, wall, slop)
	want := (10 - slop) / 40
	if !ok || math.Abs(tt-want) > 0.25*slop/40+1e-15 || n != (mgl64.Vec3{-1, 0, 0}) {
		t.Fatalf("got %v %v %v, want %v (-1,0,0) true", tt, n, ok, want)
	}
	// The same at 20,000 m/s and 30 Hz through a 0.1 mm wall with a 1 mm cube.
	thin := box(300, -5, -5, 300.0001, 5, 5)
	m = BoxMotion{Center: mgl64.Vec3{0, 0, 0}, Delta: mgl64.Vec3{20000.0 / 30, 0, 0}, Half: mgl64.Vec3{1e-3, 1e-3, 1e-3}}
	tt, _, ok = SweepBox(m, thin, slop)
	c, _ := m.PoseAt(tt)
	if !ok || c[0]+1e-3 > 300-slop+1e-9 || c[0]+1e-3 < 300-1.25*slop-1e-9 {
		t.Fatalf("thin wall: ok=%v front face at %v, want within [%v, %v]", ok, c[0]+1e-3, 300-1.25*slop, 300-slop)
	}
	// Parallel to the wall, spinning slowly far from it: no impact, decided
	// without many iterations.
	m = BoxMotion{Center: mgl64.Vec3{10, 0, 0}, Delta: mgl64.Vec3{0, 600, 0}, Half: mgl64.Vec3{0.5, 0.01, 0.5}, Rotation: mgl64.Vec3{0, 0.1, 0}}
	if _, _, ok := SweepBox(m, wall, slop); ok {
		t.Fatal("parallel motion far from the wall reported an impact")
	}
	// A thin plate spinning half a turn, its centre fixed 0.3 m from the wall:
	// the plate's 0.5 m half length swings into it. The inflated-AABB sweep
	// reports t = 0; SweepBox finds the corner's real arrival.
	m = BoxMotion{Center: mgl64.Vec3{19.7, 0, 0}, Half: mgl64.Vec3{0.01, 0.01, 0.5}, Orientation: mgl64.QuatIdent(), Rotation: mgl64.Vec3{0, math.Pi, 0}}
	tt, n, ok = SweepBox(m, wall, slop)
	// The plate's extent along x is 0.5 sin(a) + 0.01 cos(a) at angle a; it
	// reaches 0.3 at a = asin(...) near 0.59 rad, i.e. s near 0.19.
	if !ok || tt < 0.15 || tt > 0.22 {
		t.Fatalf("spinning plate: got t=%v ok=%v", tt, ok)
	}
	c, q := m.PoseAt(tt)
	if obbOverlaps(c, m.Half, q, wall) {
		t.Fatal("spinning plate overlaps the wall at the reported time")
	}
	if sep, _ := BoxSeparation(c, m.Half, q, wall); sep > 1.25*slop+1e-12 || n[0] >= 0 {
		t.Fatalf("spinning plate: separation %v at t, normal %v", sep, n)
	}
	// Start overlapping: t = 0, least penetration.
	m = BoxMotion{Center: mgl64.Vec3{20, 0.3, 0}, Half: mgl64.Vec3{0.5, 0.5, 0.5}, Delta: mgl64.Vec3{1, 0, 0}}
	if tt, n, ok := SweepBox(m, box(-50, -1, -50, 50, 0, 50), slop); !ok || tt != 0 || n != (mgl64.Vec3{0, 1, 0}) {
		t.Fatalf("overlapping: got %v %v %v", tt, n, ok)
	}
	// NaN: no impact.
	m = BoxMotion{Center: mgl64.Vec3{math.NaN(), 0, 0}, Half: mgl64.Vec3{0.5, 0.5, 0.5}, Delta: mgl64.Vec3{1, 0, 0}}
	if _, _, ok := SweepBox(m, wall, slop); ok {
		t.Fatal("NaN reported an impact")
	}
}

// randomBoxMotion draws a box aimed at or near a target slab: speeds up to
// 700 m per step, spins up to 8 rad per step, slabs 0.1 mm to 1 m.
func randomBoxMotion(r *rand.Rand) (BoxMotion, AABB) {
	thick := logUniform(r, 1e-4, 1)
	target := box(0, -3, -3, thick, 3, 3)
	if r.IntN(4) == 0 { // a small block instead of a wall
		target = FromCenterHalf(mgl64.Vec3{thick / 2, 0, 0}, mgl64.Vec3{thick / 2, logUniform(r, 1e-3, 1), logUniform(r, 1e-3, 1)})
	}
	var m BoxMotion
	m.Half = mgl64.Vec3{logUniform(r, 1e-3, 0.5), logUniform(r, 1e-3, 0.5), logUniform(r, 1e-3, 0.5)}
	m.Orientation = randQuat(r)
	dist := logUniform(r, 1e-3, 700)
	m.Center = mgl64.Vec3{-m.Half.Len() - r.Float64()*dist, (2*r.Float64() - 1) * 2, (2*r.Float64() - 1) * 2}
	aim := mgl64.Vec3{thick / 2, (2*r.Float64() - 1) * 3, (2*r.Float64() - 1) * 3}
	m.Delta = aim.Sub(m.Center).Normalize().Mul(dist * (0.5 + 1.5*r.Float64()))
	if r.IntN(3) != 0 {
		m.Rotation = randVec(r, 1).Normalize().Mul(logUniform(r, 1e-4, 8))
	}
	return m, target
}

// checkSweepBox compares SweepBox with a sampled reference: no sampled pose
// before t (or over the whole step when there is no impact) overlaps the
// target, no corner's or the centre's chord between two samples passes
// through it, and at t the box is clear of it.
func checkSweepBox(m BoxMotion, target AABB, slop float64) string {
	t, n, ok := SweepBox(m, target, slop)
	end := 1.0
	if ok {
		if !(t >= 0 && t <= 1) {
			return "t out of [0,1]"
		}
		if math.Abs(n.Len()-1) > 1e-9 {
			return "normal not unit"
		}
		end = t
		if t == 0 {
			// Starting within slop (or overlapping) is reported, not swept.
			c, q := m.PoseAt(0)
			if sep, _ := BoxSeparation(c, m.Half, q, target); sep > 1.25*slop {
				return "t = 0 although the box starts clear of the target"
			}
			return ""
		}
	}
	const samples = 1500
	// The chord of an arc of angle da deviates from it by r*da^2/8.
	da := m.Rotation.Len() * end / samples
	sag := m.Half.Len()*da*da/8 + 1e-12*(1+m.Center.Len()+m.Delta.Len())
	shrunk := target.Expand(-sag)
	for i := 0; i < 3; i++ {
		if shrunk.Min[i] >= shrunk.Max[i] {
			shrunk.Min[i], shrunk.Max[i] = target.Center()[i], target.Center()[i]
		}
	}
	var prev [9]mgl64.Vec3
	for k := 0; k <= samples; k++ {
		s := end * float64(k) / samples
		c, q := m.PoseAt(s)
		if obbOverlaps(c, m.Half, q, target) {
			if !ok {
				return "SweepBox said no impact but a sampled pose overlaps"
			}
			if s < t || k < samples {
				return "a sampled pose before t overlaps"
			}
			return "the box overlaps the target at t"
		}
		var pts [9]mgl64.Vec3
		for j, p := range corners(m.Half, q) {
			pts[j] = c.Add(p)
		}
		pts[8] = c
		if k > 0 {
			for j := range pts {
				if SegmentCrossesBox(prev[j], pts[j], shrunk) {
					return "a corner or the centre passed through the target before t"
				}
			}
		}
		prev = pts
	}
	return ""
}

func TestSweepBoxProperty(t *testing.T) {
	rng := newRand(12)
	n := 500
	if testing.Short() {
		n = 100
	}
	hits := 0
	for i := 0; i < n; i++ {
		m, target := randomBoxMotion(rng)
		slop := logUniform(rng, 1e-6, 1e-3)
		if msg := checkSweepBox(m, target, slop); msg != "" {
			t.Fatalf("case %d: %s\nm=%+v\ntarget=%v slop=%v", i, msg, m, target, slop)
		}
		if _, _, ok := SweepBox(m, target, slop); ok {
			hits++
		}
	}
	if hits < n/5 || hits > n*95/100 {
		t.Fatalf("%d hits of %d: generator not a useful mix", hits, n)
	}
}

// Without rotation, an axis-aligned box's SweepBox time matches Sweep's
// (minus the slop), and for any orientation it is never earlier than the
// sweep of its AABB (which encloses it).
func TestSweepBoxAgreesWithSweep(t *testing.T) {
	rng := newRand(13)
	slop := 1e-6
	for i := 0; i < 5000; i++ {
		m, target := randomBoxMotion(rng)
		m.Rotation = mgl64.Vec3{}
		aligned := rng.IntN(2) == 0
		if aligned {
			m.Orientation = mgl64.QuatIdent()
		}
		e := OrientedExtent(m.Half, m.Orientation)
		ta, na, oka := Sweep(FromCenterHalf(m.Center, e), m.Delta, target)
		tb, nb, okb := SweepBox(m, target, slop)
		if okb && !oka {
			t.Fatalf("case %d: SweepBox hit at %v but the enclosing AABB misses", i, tb)
		}
		// The SAT bound may stop a little early near edges and corners: allow
		// a few slops of travel along the normal.
		if approach := math.Abs(m.Delta.Dot(na)); okb && approach > 0 && tb < ta-3*slop/approach-1e-12 {
			t.Fatalf("case %d: SweepBox t=%v earlier than the enclosing AABB's %v", i, tb, ta)
		}
		if aligned && oka && ta > 0 {
			approach := math.Abs(m.Delta.Dot(na))
			if !okb || math.Abs(tb-(ta-slop/approach)) > 0.3*slop/approach+1e-12 || nb != na {
				t.Fatalf("case %d: aligned box: SweepBox %v %v %v, Sweep %v %v (approach %v)", i, tb, nb, okb, ta, na, approach)
			}
		}
	}
}
