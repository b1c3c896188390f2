//go:build goexperiment.simd && amd64

package physics

import (
	"simd/archsimd"
	"unsafe"
)

// floatW on AVX2: four float64 lanes in one register. Every operation
// rounds as its scalar twin in floatw.go (no fused multiply-add; selects
// instead of min/max instructions, whose choice between equal zeros differs
// from fmax), so both builds give the same bits.
type (
	floatW = archsimd.Float64x4
	maskW  = archsimd.Mask64x4
)

// wideDefault: groups are solved wide where the processor has AVX2
// (wideCapable).
const wideDefault = true

// wideCapable: the processor has AVX2, which the groups need.
var wideCapable = archsimd.X86.AVX2()

// rowsOf views the start of a solver body, v w dp dth (12 floats), as
// three rows of four: (v.x v.y v.z w.x) (w.y w.z dp.x dp.y)
// (dp.z dth.x dth.y dth.z).
func rowsOf(s *bodyState) *bodyRows { return (*bodyRows)(unsafe.Pointer(s)) }

// transpose4 turns rows r0..r3 into columns.
func transpose4(r0, r1, r2, r3 floatW) (c0, c1, c2, c3 floatW) {
	t0 := r0.SelectFromPairGrouped(0, 2, r1) // r0[0] r1[0] r0[2] r1[2]
	t1 := r0.SelectFromPairGrouped(1, 3, r1) // r0[1] r1[1] r0[3] r1[3]
	t2 := r2.SelectFromPairGrouped(0, 2, r3)
	t3 := r2.SelectFromPairGrouped(1, 3, r3)
	return t0.Select128FromPair(0, 2, t2), t1.Select128FromPair(0, 2, t3),
		t0.Select128FromPair(1, 3, t2), t1.Select128FromPair(1, 3, t3)
}

// fill points p at the rows of g's bodies a and b, lane by lane: for
// reading, the zero body's where a lane has none; for writing, the group's
// sink, so that a pass never writes the shared zero body.
func (p *sidePtrs) fill(sb []bodyState, zero *bodyState, g *wideCons, sink *[2]bodyRows) {
	none := rowsOf(zero)
	for l := range wideLanes {
		p.ra[l], p.rb[l] = none, none
		p.wa[l], p.wb[l] = &sink[0], &sink[1]
		if i := g.a[l]; i >= 0 {
			p.ra[l] = rowsOf(&sb[i])
			p.wa[l] = p.ra[l]
		}
		if i := g.b[l]; i >= 0 {
			p.rb[l] = rowsOf(&sb[i])
			p.wb[l] = p.rb[l]
		}
	}
}

// loadSides points p at g's bodies, then loads their velocities into A and
// B, and if dA is not nil their deltas into dA and dB; zero where a lane has
// no body. Each body is read as three rows of four and the rows transposed
// into lanes.
func loadSides(sb []bodyState, zero *bodyState, g *wideCons, sink *[2]bodyRows, p *sidePtrs, A, B, dA, dB *bodyW) {
	p.fill(sb, zero, g, sink)
	loadSide(&p.ra, A, dA)
	loadSide(&p.rb, B, dB)
}

func loadSide(p *[wideLanes]*bodyRows, out, d *bodyW) {
	out.vx, out.vy, out.vz, out.wx = transpose4(loadW(&p[0][0]), loadW(&p[1][0]), loadW(&p[2][0]), loadW(&p[3][0]))
	var dpx, dpy floatW
	out.wy, out.wz, dpx, dpy = transpose4(loadW(&p[0][1]), loadW(&p[1][1]), loadW(&p[2][1]), loadW(&p[3][1]))
	if d == nil {
		return
	}
	d.vx, d.vy = dpx, dpy
	d.vz, d.wx, d.wy, d.wz = transpose4(loadW(&p[0][2]), loadW(&p[1][2]), loadW(&p[2][2]), loadW(&p[3][2]))
}

// storeSides stores A and B back into the bodies p points at (as filled
// by loadSides) and ends the vector part of the pass.
func storeSides(sb []bodyState, g *wideCons, p *sidePtrs, A, B *bodyW) {
	storeSide(&p.wa, A)
	storeSide(&p.wb, B)
	archsimd.ClearAVXUpperBits()
}

// storeSide writes rows 0 and 1 of each lane's body: the velocities, and
// dp.x dp.y as they were (no other lane touches the body).
func storeSide(p *[wideLanes]*bodyRows, in *bodyW) {
	r0, r1, r2, r3 := transpose4(in.vx, in.vy, in.vz, in.wx)
	storeW(r0, &p[0][0])
	storeW(r1, &p[1][0])
	storeW(r2, &p[2][0])
	storeW(r3, &p[3][0])
	// Row 1 keeps dp.x and dp.y: read them back first.
	_, _, dpx, dpy := transpose4(loadW(&p[0][1]), loadW(&p[1][1]), loadW(&p[2][1]), loadW(&p[3][1]))
	r0, r1, r2, r3 = transpose4(in.wy, in.wz, dpx, dpy)
	storeW(r0, &p[0][1])
	storeW(r1, &p[1][1])
	storeW(r2, &p[2][1])
	storeW(r3, &p[3][1])
}

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

// rowsOf needs v, w, dp and dth first in a solver body, in that order, with
// nothing between them: this fails to compile otherwise.
var (
	_ [0]struct{} = [unsafe.Offsetof(bodyState{}.v)]struct{}{}
	_ [0]struct{} = [unsafe.Offsetof(bodyState{}.dth) - 9*8]struct{}{}
)
