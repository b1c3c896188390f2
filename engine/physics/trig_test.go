package physics

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestSinCosMatchesMath: sinCos is bit-identical to math.Sin and math.Cos
// on amd64 (where math has no fused multiply-adds) over the angles a step
// can meet, so moving off math changed no result there.
func TestSinCosMatchesMath(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("math.Sin and math.Cos use fused multiply-adds off amd64")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	xs := []float64{0, math.Copysign(0, -1), 1e-300, 1e-9, math.Pi / 4, math.Pi / 2, math.Pi, 3, 100, 1e6, -7.5}
	for i := 0; i < 200000; i++ {
		xs = append(xs, (rng.Float64()*2-1)*math.Pow(10, float64(rng.IntN(12)-6)))
	}
	for _, x := range xs {
		s, c := sinCos(x)
		if math.Float64bits(s) != math.Float64bits(math.Sin(x)) || math.Float64bits(c) != math.Float64bits(math.Cos(x)) {
			t.Fatalf("sinCos(%v) = %v, %v; math: %v, %v", x, s, c, math.Sin(x), math.Cos(x))
		}
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if s, c := sinCos(x); !math.IsNaN(s) || !math.IsNaN(c) {
			t.Errorf("sinCos(%v) = %v, %v; want NaN", x, s, c)
		}
	}
}
