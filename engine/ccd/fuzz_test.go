package ccd

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// fuzzCoord maps any float to a finite coordinate within ±1e4 m, so the
// fuzzer explores the geometry rather than overflow.
func fuzzCoord(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return math.Max(-1e4, math.Min(1e4, v))
}

// fuzzHalf maps any float to a half extent in [0, 100] m.
func fuzzHalf(v float64) float64 { return math.Min(100, math.Abs(fuzzCoord(v))) }

// FuzzSweep: for any moving box, motion and target, t is in [0, 1], the box
// at t does not overlap the target beyond a tiny epsilon (and touches it), no
// sampled instant before t overlaps, and "no impact" means no sampled instant
// of the whole path overlaps (see checkSweep).
func FuzzSweep(f *testing.F) {
	seeds := [][15]float64{
		// moving centre, moving half, d, target centre, target half
		{0, 0, 0, .5, .5, .5, 10, 0, 0, 4.75, 0, 0, .25, 5, 5},                // the wall
		{0, 1, 0, 1e-3, 1e-3, 1e-3, 666.7, 0, 0, 300.00005, 3, 0, 5e-5, 3, 5}, // 20,000 m/s at 30 Hz, 0.1 mm slab
		{0, .5, 0, .5, .5, .5, 3, 0, 0, 0, -.5, 0, 50, .5, 50},                // sliding on the ground
		{0, .5, 0, .5, .5, .5, 3, -1e-3, 0, 0, -.5, 0, 50, .5, 50},            // pressing into it
		{0, 0, 0, .5, .5, .5, 2, 2, 0, 2.25, 2.25, 0, .75, .75, 1},            // exact corner
		{0, 5.5, 0, .5, .5, .5, 10, 0, 0, 4.75, 0, 0, .25, 5, 5},              // grazing an edge
		{4.7, 0, 0, .01, .01, .01, 1, 1, 1, 4.75, 0, 0, .25, 5, 5},            // inside
		{0, 0, 0, .5, .5, .5, 0, 0, 0, 4.75, 0, 0, .25, 5, 5},                 // not moving
		{0, 1, 0, .05, .05, .05, 83.3, 1.2, -.7, 30.0005, 1, 0, 5e-4, 3, 5},   // oblique 5,000 m/s at 60 Hz, 1 mm
		{40, 1, 0, .5, .5, .5, -80, 0, 0, 20.1, 3, 0, .1, 3, 5},               // backwards through 20 cm
		{0, 0, 0, 1e-3, 2e-3, 3e-3, 1e-9, -1e-9, 0, 1.002, 0, 0, 1, 1, 1},     // crawling, tiny gap
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13], s[14])
	}
	buf := make([]float64, 0, 4096)
	f.Fuzz(func(t *testing.T, mx, my, mz, mhx, mhy, mhz, dx, dy, dz, tx, ty, tz, thx, thy, thz float64) {
		m := FromCenterHalf(mgl64.Vec3{fuzzCoord(mx), fuzzCoord(my), fuzzCoord(mz)},
			mgl64.Vec3{fuzzHalf(mhx), fuzzHalf(mhy), fuzzHalf(mhz)})
		d := mgl64.Vec3{fuzzCoord(dx), fuzzCoord(dy), fuzzCoord(dz)}
		tg := FromCenterHalf(mgl64.Vec3{fuzzCoord(tx), fuzzCoord(ty), fuzzCoord(tz)},
			mgl64.Vec3{fuzzHalf(thx), fuzzHalf(thy), fuzzHalf(thz)})
		if msg := checkSweep(m, d, tg, buf); msg != "" {
			t.Fatalf("%s\nmoving=%v\nd=%v\ntarget=%v", msg, m, d, tg)
		}
		// A raw NaN or Inf anywhere never yields a NaN time or an impact
		// outside [0, 1].
		raw := AABB{Min: mgl64.Vec3{mx - mhx, my, mz}, Max: mgl64.Vec3{mx + mhx, my + 1, mz + 1}}
		if tt, n, ok := Sweep(raw, mgl64.Vec3{dx, dy, dz}, tg); ok && (!(tt >= 0 && tt <= 1) || n.Len() != 1) {
			t.Fatalf("raw input gave t=%v n=%v", tt, n)
		}
	})
}

// FuzzSegmentCrossesBox: SegmentCrossesBox agrees with Sweep of a point, and
// a segment that ends strictly inside the box crosses it.
func FuzzSegmentCrossesBox(f *testing.F) {
	f.Add(0.0, 1.0, 0.0, 666.7, 1.0, 0.0, 20.00005, 3.0, 0.0, 5e-5, 3.0, 5.0)
	f.Add(0.0, 6.0, 0.0, 40.0, 6.0, 0.0, 20.00005, 3.0, 0.0, 5e-5, 3.0, 5.0)
	f.Add(0.0, 1.0, 0.0, 40.0, 10.0, 0.0, 20.00005, 3.0, 0.0, 5e-5, 3.0, 5.0)
	f.Add(20.00005, 1.0, 0.0, 20.00005, 1.0, 0.0, 20.00005, 3.0, 0.0, 5e-5, 3.0, 5.0)
	f.Fuzz(func(t *testing.T, ax, ay, az, bx, by, bz, cx, cy, cz, hx, hy, hz float64) {
		p0 := mgl64.Vec3{fuzzCoord(ax), fuzzCoord(ay), fuzzCoord(az)}
		p1 := mgl64.Vec3{fuzzCoord(bx), fuzzCoord(by), fuzzCoord(bz)}
		b := FromCenterHalf(mgl64.Vec3{fuzzCoord(cx), fuzzCoord(cy), fuzzCoord(cz)}, mgl64.Vec3{fuzzHalf(hx), fuzzHalf(hy), fuzzHalf(hz)})
		got := SegmentCrossesBox(p0, p1, b)
		// Where a point swept either way agrees, so must the segment test;
		// where they disagree the answer is decided by rounding.
		_, _, fwd := Sweep(AABB{Min: p0, Max: p0}, p1.Sub(p0), b)
		_, _, bwd := Sweep(AABB{Min: p1, Max: p1}, p0.Sub(p1), b)
		if fwd == bwd && got != fwd {
			t.Fatalf("SegmentCrossesBox=%v, point Sweep both ways=%v: p0=%v p1=%v b=%v", got, fwd, p0, p1, b)
		}
		if overlapDepth(AABB{Min: p1, Max: p1}, mgl64.Vec3{}, 0, b) > 0 && !got {
			t.Fatalf("ends inside but not crossing: p0=%v p1=%v b=%v", p0, p1, b)
		}
		// Reversing the segment gives the same answer.
		if rev := SegmentCrossesBox(p1, p0, b); rev != got {
			t.Fatalf("not symmetric: %v vs %v: p0=%v p1=%v b=%v", got, rev, p0, p1, b)
		}
	})
}

// FuzzSpinExtent: every corner of the box, at every sampled instant of a
// linear move with a constant spin, lies inside the swept bound built from
// SpinExtent (spinSweptBound, as continuous collision builds it).
func FuzzSpinExtent(f *testing.F) {
	f.Add(0.0, 1.0, 0.0, 666.7, 1.0, 0.0, 0.5, 0.5, 0.01, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 3.3)
	f.Add(0.0, 1.0, 0.0, 10.0, 0.0, 0.0, 0.5, 0.01, 0.25, 0.9, 0.1, 0.3, 0.2, 1.0, 1.0, 1.0, 0.0)
	f.Add(5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 0.001, 0.002, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 6.283185307179586)
	f.Fuzz(func(t *testing.T, ax, ay, az, bx, by, bz, hx, hy, hz, qw, qx, qy, qz, wx, wy, wz, angle float64) {
		c0 := mgl64.Vec3{fuzzCoord(ax), fuzzCoord(ay), fuzzCoord(az)}
		c1 := mgl64.Vec3{fuzzCoord(bx), fuzzCoord(by), fuzzCoord(bz)}
		h := mgl64.Vec3{fuzzHalf(hx), fuzzHalf(hy), fuzzHalf(hz)}
		q0 := mgl64.Quat{W: fuzzCoord(qw), V: mgl64.Vec3{fuzzCoord(qx), fuzzCoord(qy), fuzzCoord(qz)}}
		if q0.Len() < 1e-3 {
			q0 = mgl64.QuatIdent()
		}
		q0 = q0.Normalize()
		axis := mgl64.Vec3{fuzzCoord(wx), fuzzCoord(wy), fuzzCoord(wz)}
		if axis.Len() < 1e-3 {
			axis = mgl64.Vec3{0, 1, 0}
		}
		axis = axis.Normalize()
		angle = math.Min(math.Abs(fuzzCoord(angle)), 6) // under a turn per step
		bs := spinSweptBound(c0, c1, h, q0, angle)
		tol := 1e-12 * (1 + c0.Len() + c1.Len() + h.Len())
		for k := 0; k <= 32; k++ {
			s := float64(k) / 32
			c := c0.Add(c1.Sub(c0).Mul(s))
			for _, p := range corners(h, rotateAbout(q0, axis, angle*s)) {
				w := c.Add(p)
				for i := 0; i < 3; i++ {
					if w[i] < bs.Min[i]-tol || w[i] > bs.Max[i]+tol {
						t.Fatalf("corner %v at s=%v outside %v", w, s, bs)
					}
				}
			}
		}
	})
}
