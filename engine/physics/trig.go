package physics

import "math"

// sinCos returns sin(x) and cos(x), bit for bit what math.Sin and math.Cos
// return on amd64, on every architecture. math's own functions are compiled
// with fused multiply-adds on arm64, so they round differently there and a
// recording made on one machine would not replay on another. This is the
// same Cephes polynomial as Go's math/sincos.go, with every product wrapped
// in float64(...) so that no compiler fuses it.
//
// Arguments beyond 2^29 rad (never reached by a step: spins and steps are
// bounded) are first reduced with math.Mod, which is exact, instead of
// math's Payne-Hanek reduction.
func sinCos(x float64) (sin, cos float64) {
	const (
		pi4A = 7.85398125648498535156e-1 // Pi/4 split into three parts
		pi4B = 3.77489470793079817668e-8
		pi4C = 2.69515142907905952645e-15
	)
	switch {
	case x == 0:
		return x, 1
	case math.IsNaN(x) || math.IsInf(x, 0):
		return math.NaN(), math.NaN()
	}
	sinSign, cosSign := false, false
	if x < 0 {
		x = -x
		sinSign = true
	}
	if x >= 1<<29 {
		x = math.Mod(x, 2*math.Pi)
	}
	j := uint64(float64(x * (4 / math.Pi)))
	y := float64(j)
	if j&1 == 1 {
		j++
		y++
	}
	j &= 7
	z := ((x - float64(y*pi4A)) - float64(y*pi4B)) - float64(y*pi4C)
	if j > 3 {
		j -= 4
		sinSign, cosSign = !sinSign, !cosSign
	}
	if j > 1 {
		cosSign = !cosSign
	}
	zz := float64(z * z)
	cos = 1.0 - float64(0.5*zz) + float64(float64(zz*zz)*poly(zz, &cosCoeffs))
	sin = z + float64(float64(z*zz)*poly(zz, &sinCoeffs))
	if j == 1 || j == 2 {
		sin, cos = cos, sin
	}
	if cosSign {
		cos = -cos
	}
	if sinSign {
		sin = -sin
	}
	return sin, cos
}

// poly evaluates ((((c0 z + c1) z + c2) z + c3) z + c4) z + c5 without fusion,
// in the order math/sincos.go writes it.
func poly(z float64, c *[6]float64) float64 {
	p := float64(c[0] * z)
	for k := 1; k < 5; k++ {
		p = float64((p + c[k]) * z)
	}
	return p + c[5]
}

// The coefficients of math/sin.go (Cephes).
var (
	sinCoeffs = [6]float64{
		1.58962301576546568060e-10,
		-2.50507477628578072866e-8,
		2.75573136213857245213e-6,
		-1.98412698295895385996e-4,
		8.33333333332211858878e-3,
		-1.66666666666666307295e-1,
	}
	cosCoeffs = [6]float64{
		-1.13585365213876817300e-11,
		2.08757008419747316778e-9,
		-2.75573141792967388112e-7,
		2.48015872888517045348e-5,
		-1.38888888888730564116e-3,
		4.16666666666665929218e-2,
	}
)
