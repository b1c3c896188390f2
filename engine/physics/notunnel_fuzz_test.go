package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// unit maps any float to [0, 1): NaN and Inf to 0.5, others by their
// fractional part, so the fuzzer can reach every value of every range.
func ntUnit(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0.5
	}
	f := math.Abs(v) - math.Floor(math.Abs(v))
	if f >= 1 { // rounding for huge v
		return 0
	}
	return f
}

func ntLogRange(u, lo, hi float64) float64 {
	return math.Exp(math.Log(lo) + u*(math.Log(hi)-math.Log(lo)))
}

// fuzzTunnelScene maps 17 arbitrary numbers onto the ranges (see
// randomTunnelScene).
func fuzzTunnelScene(speed, thick, hx, hy, hz, qw, qx, qy, qz, theta, phi, spin, hzRate, gap float64, sx, sy, sz float64) tunnelScene {
	var s tunnelScene
	s.Speed = ntLogRange(ntUnit(speed), 1, 20000)
	s.Thick = ntLogRange(ntUnit(thick), 1e-4, 1)
	s.Half = mgl64.Vec3{ntLogRange(ntUnit(hx), 1e-3, 0.5), ntLogRange(ntUnit(hy), 1e-3, 0.5), ntLogRange(ntUnit(hz), 1e-3, 0.5)}
	q := mgl64.Quat{W: ntUnit(qw) - 0.5, V: mgl64.Vec3{ntUnit(qx) - 0.5, ntUnit(qy) - 0.5, ntUnit(qz) - 0.5}}
	if q.Len() < 1e-3 {
		q = mgl64.QuatIdent()
	}
	s.Orient = q.Normalize()
	th := ntUnit(theta) * 85 * math.Pi / 180
	ph := ntUnit(phi) * 2 * math.Pi
	s.Dir = mgl64.Vec3{math.Cos(th), math.Sin(th) * math.Cos(ph), math.Sin(th) * math.Sin(ph)}
	axis := mgl64.Vec3{ntUnit(sx) - 0.5, ntUnit(sy) - 0.5, ntUnit(sz) - 0.5}
	if axis.Len() > 1e-3 {
		s.Spin = axis.Normalize().Mul(ntUnit(spin) * 100)
	}
	s.Hz = 30 + ntUnit(hzRate)*210
	s.Gap = ntUnit(gap)
	return s
}

// FuzzNoTunnel: for any scene in the ranges, with CCD on the
// projectile never ends beyond the wall (nor with its centre inside it) and
// the oracle counts no tunnel; when the shot jumps the wall in one step the
// same scene with CCD off must tunnel and be counted.
//
// Run: go test ./engine/physics -run '^$' -fuzz FuzzNoTunnel -fuzztime 60s
func FuzzNoTunnel(f *testing.F) {
	// speed, thick, hx, hy, hz, qw, qx, qy, qz, theta, phi, spin, hz, gap, spin axis
	// Values are fractions of each range (see fuzzTunnelScene).
	seeds := [][17]float64{
		{0.999, 0.0, 0.0, 0.0, 0.0, 0.75, 0.5, 0.5, 0.5, 0, 0, 0, 0, 0.99, 0.5, 0.5, 0.5},         // 20,000 m/s, 0.1 mm, 1 mm cube, 30 Hz
		{0.999, 0.0, 0.0, 0.0, 0.0, 0.75, 0.5, 0.5, 0.5, 0, 0, 0, 0.999, 0.01, 0.5, 0.5, 0.5},     // same at 240 Hz, touching start
		{0.8, 0.3, 0.9, 0.05, 0.8, 0.9, 0.6, 0.5, 0.55, 0, 0, 0.999, 0.15, 0.7, 0.5, 0.9, 0.5},    // spinning thin plate, 100 rad/s
		{0.8, 0.3, 0.05, 0.999, 0.999, 0.75, 0.5, 0.5, 0.5, 0, 0, 0, 0.4, 0.5, 0.5, 0.5, 0.5},     // edge-on plate
		{0.9, 0.5, 0.4, 0.4, 0.4, 0.8, 0.7, 0.6, 0.5, 0.93, 0.25, 0, 0.15, 0.2, 0.5, 0.5, 0.5},    // 79 degrees oblique
		{0.6, 0.999, 0.999, 0.999, 0.999, 0.75, 0.5, 0.5, 0.5, 0, 0, 0, 0.15, 0.3, 0.5, 0.5, 0.5}, // 1 m wall, 0.5 m cube
		{0.0, 0.0, 0.5, 0.5, 0.5, 0.75, 0.5, 0.5, 0.5, 0, 0, 0, 0.15, 0.5, 0.5, 0.5, 0.5},         // 1 m/s: discrete contact
		{0.7, 0.2, 0.6, 0.6, 0.6, 0.9, 0.8, 0.7, 0.5, 0.3, 0.6, 0.8, 0.0, 0.0, 0.9, 0.8, 0.7},     // tumbling, 30 Hz, zero gap
		{0.95, 0.1, 0.3, 0.02, 0.3, 0.3, 0.9, 0.1, 0.4, 0.5, 0.1, 0.999, 0.6, 0.5, 0.1, 0.9, 0.2}, // fast spinning plate, oblique
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13], s[14], s[15], s[16])
	}
	f.Fuzz(func(t *testing.T, speed, thick, hx, hy, hz, qw, qx, qy, qz, theta, phi, spin, rate, gap, sx, sy, sz float64) {
		s := fuzzTunnelScene(speed, thick, hx, hy, hz, qw, qx, qy, qz, theta, phi, spin, rate, gap, sx, sy, sz)
		s.CCD = true
		on := s.run(t)
		if msg := checkCCDOn(s, on); msg != "" {
			t.Fatalf("CCD on: %s\n%v", msg, s)
		}
		if on.ClearsByDesign {
			s.CCD = false
			if msg := checkCCDOff(s, s.run(t)); msg != "" {
				t.Fatalf("CCD off: %s\n%v", msg, s)
			}
		}
	})
}
