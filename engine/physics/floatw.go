//go:build !(goexperiment.simd && amd64)

package physics

import "math"

// floatW is one float64 per lane of a wide constraint group (wide.go): the
// scalar build's stand-in for a 4-lane SIMD register, as Box2D v3's b2FloatW
// is on a machine without SSE or NEON. A struct of four fields, not an array,
// so the compiler keeps it in registers. floatw_simd.go is the same set of
// operations on archsimd.Float64x4 (GOEXPERIMENT=simd on amd64); each
// operation rounds exactly as its scalar twin, so both builds give the same
// bits.
type floatW struct{ l0, l1, l2, l3 float64 }

// maskW is a per-lane condition.
type maskW struct{ l0, l1, l2, l3 bool }

func loadW(p *[wideLanes]float64) floatW { return floatW{p[0], p[1], p[2], p[3]} }

func storeW(a floatW, p *[wideLanes]float64) { *p = [wideLanes]float64{a.l0, a.l1, a.l2, a.l3} }

func addW(a, b floatW) floatW { return floatW{a.l0 + b.l0, a.l1 + b.l1, a.l2 + b.l2, a.l3 + b.l3} }
func subW(a, b floatW) floatW { return floatW{a.l0 - b.l0, a.l1 - b.l1, a.l2 - b.l2, a.l3 - b.l3} }
func mulW(a, b floatW) floatW {
	return floatW{float64(a.l0 * b.l0), float64(a.l1 * b.l1), float64(a.l2 * b.l2), float64(a.l3 * b.l3)}
}
func divW(a, b floatW) floatW { return floatW{a.l0 / b.l0, a.l1 / b.l1, a.l2 / b.l2, a.l3 / b.l3} }
func negW(a floatW) floatW    { return floatW{-a.l0, -a.l1, -a.l2, -a.l3} }
func sqrtW(a floatW) floatW {
	return floatW{math.Sqrt(a.l0), math.Sqrt(a.l1), math.Sqrt(a.l2), math.Sqrt(a.l3)}
}

// maxW is fmax per lane: a if a > b, else b.
func maxW(a, b floatW) floatW {
	return floatW{fmax(a.l0, b.l0), fmax(a.l1, b.l1), fmax(a.l2, b.l2), fmax(a.l3, b.l3)}
}

// gtW reports a > b per lane.
func gtW(a, b floatW) maskW { return maskW{a.l0 > b.l0, a.l1 > b.l1, a.l2 > b.l2, a.l3 > b.l3} }

// selectW returns a where m holds, else b.
func selectW(m maskW, a, b floatW) floatW {
	return floatW{pick(m.l0, a.l0, b.l0), pick(m.l1, a.l1, b.l1), pick(m.l2, a.l2, b.l2), pick(m.l3, a.l3, b.l3)}
}

func pick(m bool, a, b float64) float64 {
	if m {
		return a
	}
	return b
}

// clampW is clampF per lane.
func clampW(x, lo, hi floatW) floatW {
	return floatW{clampF(x.l0, lo.l0, hi.l0), clampF(x.l1, lo.l1, hi.l1), clampF(x.l2, lo.l2, hi.l2), clampF(x.l3, lo.l3, hi.l3)}
}

// rowCoefW is normalRow per lane, for soft coefficients ms (mass scale), mb
// (mass scale times bias rate) and is (impulse scale) per lane.
// inv is 1/h and negPush -WorldDef.MaxPushVelocity in every lane.
func rowCoefW(nMass, s, inv floatW, useBias bool, ms, mb, is, negPush floatW) (a, b, c floatW) {
	a.l0, b.l0, c.l0 = rowCoef(nMass.l0, s.l0, inv.l0, useBias, ms.l0, mb.l0, is.l0, negPush.l0)
	a.l1, b.l1, c.l1 = rowCoef(nMass.l1, s.l1, inv.l1, useBias, ms.l1, mb.l1, is.l1, negPush.l1)
	a.l2, b.l2, c.l2 = rowCoef(nMass.l2, s.l2, inv.l2, useBias, ms.l2, mb.l2, is.l2, negPush.l2)
	a.l3, b.l3, c.l3 = rowCoef(nMass.l3, s.l3, inv.l3, useBias, ms.l3, mb.l3, is.l3, negPush.l3)
	return
}

// wideDefault: the scalar build solves no constraint in groups by default
// (see wide.go: on scalar lanes a group pass is slower than the one-by-one
// solver); tests turn options.wide on to check that both give the same bits.
const wideDefault = false

// wideCapable: the groups can be turned on (scalar lanes run anywhere).
const wideCapable = true

// loadSides loads the velocities of g's bodies into A and B, and if dA is
// not nil their deltas into dA and dB; zero where a lane has no body.
func loadSides(sb []bodyState, zero *bodyState, g *wideCons, _ *[2]bodyRows, _ *sidePtrs, A, B, dA, dB *bodyW) {
	var a, b [wideLanes]*bodyState
	for l := range wideLanes {
		a[l], b[l] = zero, zero
		if i := g.a[l]; i >= 0 {
			a[l] = &sb[i]
		}
		if i := g.b[l]; i >= 0 {
			b[l] = &sb[i]
		}
	}
	for side, p := range [2]*[wideLanes]*bodyState{&a, &b} {
		s0, s1, s2, s3 := p[0], p[1], p[2], p[3]
		out, d := A, dA
		if side == 1 {
			out, d = B, dB
		}
		out.vx, out.vy, out.vz = gatherW(s0.v, s1.v, s2.v, s3.v)
		out.wx, out.wy, out.wz = gatherW(s0.w, s1.w, s2.w, s3.w)
		if d == nil {
			continue
		}
		d.vx, d.vy, d.vz = gatherW(s0.dp, s1.dp, s2.dp, s3.dp)
		d.wx, d.wy, d.wz = gatherW(s0.dth, s1.dth, s2.dth, s3.dth)
	}
}

// gatherW puts one vector per lane into lanes by axis.
func gatherW(a, b, c, d sv) (x, y, z floatW) {
	return floatW{a.x, b.x, c.x, d.x}, floatW{a.y, b.y, c.y, d.y}, floatW{a.z, b.z, c.z, d.z}
}

// storeSides stores A and B back into g's bodies.
func storeSides(sb []bodyState, g *wideCons, _ *sidePtrs, A, B *bodyW) {
	for l := range wideLanes {
		if i := g.a[l]; i >= 0 {
			sb[i].v, sb[i].w = A.lane(l)
		}
		if i := g.b[l]; i >= 0 {
			sb[i].v, sb[i].w = B.lane(l)
		}
	}
}

// lane returns lane l of b.
func (b *bodyW) lane(l int) (v, w sv) {
	switch l {
	case 0:
		return sv{b.vx.l0, b.vy.l0, b.vz.l0}, sv{b.wx.l0, b.wy.l0, b.wz.l0}
	case 1:
		return sv{b.vx.l1, b.vy.l1, b.vz.l1}, sv{b.wx.l1, b.wy.l1, b.wz.l1}
	case 2:
		return sv{b.vx.l2, b.vy.l2, b.vz.l2}, sv{b.wx.l2, b.wy.l2, b.wz.l2}
	}
	return sv{b.vx.l3, b.vy.l3, b.vz.l3}, sv{b.wx.l3, b.wy.l3, b.wz.l3}
}
