//go:build goexperiment.simd && amd64

package physics

import "simd/archsimd"

// floatW on AVX2: four float64 lanes in one register. Every operation
// rounds as its scalar twin in floatw.go (no fused multiply-add; selects
// instead of min/max instructions, whose choice between equal zeros differs
// from fmax), so both builds give the same bits.
type (
	floatW = archsimd.Float64x4
	maskW  = archsimd.Mask64x4
)

// wideOn: groups are solved wide where the processor has AVX2.
var wideOn = archsimd.X86.AVX2()

// clearUpper ends the vector part of a pass (see wideBodies).
func clearUpper() { archsimd.ClearAVXUpperBits() }

func loadW(p *[wideLanes]float64) floatW { return archsimd.LoadFloat64x4(p) }

func storeW(a floatW, p *[wideLanes]float64) { a.Store(p) }

func addW(a, b floatW) floatW { return a.Add(b) }
func subW(a, b floatW) floatW { return a.Sub(b) }
func mulW(a, b floatW) floatW { return a.Mul(b) }
func divW(a, b floatW) floatW { return a.Div(b) }
func sqrtW(a floatW) floatW   { return a.Sqrt() }

// negW flips the sign (times -1 is exact, zeros included; 0 - a is not).
func negW(a floatW) floatW { return a.Mul(archsimd.LoadFloat64x4(&minusOneLanes)) }

// maxW is fmax per lane: a if a > b, else b.
func maxW(a, b floatW) floatW { return a.Merge(b, a.Greater(b)) }

func gtW(a, b floatW) maskW { return a.Greater(b) }

// selectW returns a where m holds, else b.
func selectW(m maskW, a, b floatW) floatW { return a.Merge(b, m) }

// clampW is clampF per lane.
func clampW(x, lo, hi floatW) floatW {
	in := hi.Merge(x, x.Greater(hi))
	return lo.Merge(in, x.Less(lo))
}

// rowCoefW is normalRow per lane (see floatw.go), branch-free.
func rowCoefW(nMass, s, inv floatW, useBias bool, ms, mb, is, negPush floatW) (a, b, c floatW) {
	zero := archsimd.LoadFloat64x4(&zeroLanes)
	spec := s.Greater(zero)
	bS := nMass.Mul(s.Mul(inv))
	if !useBias {
		return nMass, bS.Merge(zero, spec), zero
	}
	bias := maxW(mb.Mul(s), negPush)
	a = nMass.Merge(nMass.Mul(ms), spec)
	b = bS.Merge(nMass.Mul(bias), spec)
	c = zero.Merge(is, spec)
	return a, b, c
}
