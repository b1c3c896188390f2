package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Vectors: one arithmetic, on sv (below), the solver's and narrowphase's
// vector. Products are wrapped in float64(...) where a fused multiply-add on
// another architecture would change the result: the Go spec only forbids
// fusing across an explicit conversion. The body state, the public API and
// package ccd speak mgl64.Vec3 (vec3); the cold stages that work in those
// terms (continuous collision, the guards, the oracle, debug drawing) use the
// vec3 forms below, each of which is its sv twin, so that both round alike.

type vec3 = mgl64.Vec3

type quat = mgl64.Quat

func dot(a, b vec3) float64        { return toSV(a).dot(toSV(b)) }
func cross(a, b vec3) vec3         { return toSV(a).cross(toSV(b)).vec() }
func add(a, b vec3) vec3           { return toSV(a).add(toSV(b)).vec() }
func sub(a, b vec3) vec3           { return toSV(a).sub(toSV(b)).vec() }
func scale(a vec3, s float64) vec3 { return toSV(a).scale(s).vec() }

// madd returns a + b*s with the product rounded separately.
func madd(a, b vec3, s float64) vec3 { return toSV(a).madd(toSV(b), s).vec() }

func neg(a vec3) vec3       { return toSV(a).neg().vec() }
func length(a vec3) float64 { return toSV(a).length() }
func vmin(a, b vec3) vec3 {
	return vec3{min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2])}
}

func vmax(a, b vec3) vec3 {
	return vec3{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])}
}

// mat3 is a row-major 3x3 matrix.
type mat3 [9]float64

func (m *mat3) mulVec(v vec3) vec3 {
	return vec3{
		float64(m[0]*v[0]) + float64(m[1]*v[1]) + float64(m[2]*v[2]),
		float64(m[3]*v[0]) + float64(m[4]*v[1]) + float64(m[5]*v[2]),
		float64(m[6]*v[0]) + float64(m[7]*v[1]) + float64(m[8]*v[2]),
	}
}

// rotationMatrix returns the rotation of unit quaternion q; its columns are the
// box's local axes in world space.
func rotationMatrix(q mgl64.Quat) (m mat3) {
	rotationInto(&m, &q)
	return m
}

// rotationInto is rotationMatrix writing into m: the broadphase's pass over
// the bodies fills its scratch this way, as mat3 and mgl64.Quat (arrays)
// are passed and returned through memory.
func rotationInto(m *mat3, q *mgl64.Quat) {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	xx, yy, zz := float64(x*x), float64(y*y), float64(z*z)
	xy, xz, yz := float64(x*y), float64(x*z), float64(y*z)
	wx, wy, wz := float64(w*x), float64(w*y), float64(w*z)
	*m = mat3{
		1 - 2*(yy+zz), 2 * (xy - wz), 2 * (xz + wy),
		2 * (xy + wz), 1 - 2*(xx+zz), 2 * (yz - wx),
		2 * (xz - wy), 2 * (yz + wx), 1 - 2*(xx+yy),
	}
}

// colSV returns column i (local axis i in world space) as an sv.
func (m *mat3) colSV(i int) sv { return sv{m[i], m[3+i], m[6+i]} }

// col returns column i (local axis i in world space).
func (m *mat3) col(i int) vec3 { return vec3{m[i], m[3+i], m[6+i]} }

// worldInvInertia returns R diag(inv) R^T for the box orientation q.
func worldInvInertia(q mgl64.Quat, inv vec3) mat3 {
	r := rotationMatrix(q)
	var out mat3
	for i := 0; i < 3; i++ {
		for j := i; j < 3; j++ {
			s := float64(float64(r[3*i]*inv[0])*r[3*j]) +
				float64(float64(r[3*i+1]*inv[1])*r[3*j+1]) +
				float64(float64(r[3*i+2]*inv[2])*r[3*j+2])
			out[3*i+j] = s
			out[3*j+i] = s
		}
	}
	return out
}

// isotropic reports whether a body's inverse inertia is the same on every axis
// (a cube), in which case the world tensor is a scalar and rotating it only
// adds rounding.
func isotropic(inv vec3) bool { return inv[0] == inv[1] && inv[1] == inv[2] }

// quatMul returns a b, rounded as (a.W b.W - a.V.b.V, b.V a.W + a.V b.W +
// a.V x b.V), on scalars: mgl64.Quat's array is not kept in registers.
func quatMul(a, b mgl64.Quat) mgl64.Quat { return toSQ(a).mul(toSQ(b)).quat() }

// sq is a quaternion as four scalars, as sv is a vector: Go's calling
// convention passes and returns it in registers, where an mgl64.Quat (its
// vector part an array) goes through memory, 32 bytes each way per call.
type sq struct{ w, x, y, z float64 }

func toSQ(q quat) sq    { return sq{q.W, q.V[0], q.V[1], q.V[2]} }
func (q sq) quat() quat { return quat{W: q.w, V: vec3{q.x, q.y, q.z}} }
func (q sq) vec() sv    { return sv{q.x, q.y, q.z} }
func (q sq) conj() sq   { return sq{q.w, -q.x, -q.y, -q.z} }
func (a sq) dot(b sq) float64 {
	return float64(a.w*b.w) + a.vec().dot(b.vec())
}

// mul returns a b (quatMul's rounding).
func (a sq) mul(b sq) sq {
	av, bv := a.vec(), b.vec()
	v := bv.scale(a.w).add(av.scale(b.w)).add(av.cross(bv))
	return sq{float64(a.w*b.w) - av.dot(bv), v.x, v.y, v.z}
}

func quatNormalize(q mgl64.Quat) mgl64.Quat {
	n := math.Sqrt(float64(q.W*q.W) + dot(q.V, q.V))
	if !(n > 0) {
		return mgl64.QuatIdent()
	}
	inv := 1 / n
	return mgl64.Quat{W: float64(q.W * inv), V: scale(q.V, inv)}
}

// integrateRotation advances q by angular velocity w (rad/s, world) over h
// seconds with the exact rotation exp(w h / 2) (no first-order drift), so a
// free spin keeps its axis and rate.
func integrateRotation(q mgl64.Quat, w vec3, h float64) mgl64.Quat {
	wl := length(w)
	if wl == 0 || h == 0 {
		return q
	}
	half := 0.5 * float64(wl*h)
	sin, cos := sinCos(half)
	dq := mgl64.Quat{W: cos, V: scale(w, sin/wl)}
	return quatNormalize(quatMul(dq, q))
}

// rotationAngle returns the rotation angle of w over h seconds, radians.
func rotationAngle(w vec3, h float64) float64 { return length(w) * math.Abs(h) }

// orientedExtent returns the world half extents of a box with half extents h
// and rotation matrix r.
func orientedExtent(r *mat3, h vec3) vec3 { return orientedExtentSV(r, &h).vec() }

// orientedExtentSV is orientedExtent for the hot loops: h by pointer and
// the result a struct, both of which stay out of the stack copies that
// arrays take (see sv).
func orientedExtentSV(r *mat3, h *vec3) sv {
	return sv{
		float64(math.Abs(r[0])*h[0]) + float64(math.Abs(r[1])*h[1]) + float64(math.Abs(r[2])*h[2]),
		float64(math.Abs(r[3])*h[0]) + float64(math.Abs(r[4])*h[1]) + float64(math.Abs(r[5])*h[2]),
		float64(math.Abs(r[6])*h[0]) + float64(math.Abs(r[7])*h[1]) + float64(math.Abs(r[8])*h[2]),
	}
}

// sv is the solver's vector. It is a struct rather than an array like
// mgl64.Vec3 because the Go compiler keeps struct temporaries in registers
// but never arrays longer than one element; the contact solver's inner loops
// ran about three times slower on mgl64.Vec3.
type sv struct{ x, y, z float64 }

func toSV(v vec3) sv { return sv{v[0], v[1], v[2]} }

// svAt and sqAt are toSV and toSQ reading the array in place: passed by
// value, the array is copied to the stack first, even where the call is
// inlined.
func svAt(v *vec3) sv  { return sv{v[0], v[1], v[2]} }
func sqAt(q *quat) sq  { return sq{q.W, q.V[0], q.V[1], q.V[2]} }
func (a sv) vec() vec3 { return vec3{a.x, a.y, a.z} }

func (a sv) add(b sv) sv { return sv{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a sv) sub(b sv) sv { return sv{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a sv) neg() sv     { return sv{-a.x, -a.y, -a.z} }
func (a sv) scale(s float64) sv {
	return sv{float64(a.x * s), float64(a.y * s), float64(a.z * s)}
}

// madd returns a + b*s with the product rounded separately.
func (a sv) madd(b sv, s float64) sv {
	return sv{a.x + float64(b.x*s), a.y + float64(b.y*s), a.z + float64(b.z*s)}
}

func (a sv) dot(b sv) float64 {
	return float64(a.x*b.x) + float64(a.y*b.y) + float64(a.z*b.z)
}

func (a sv) cross(b sv) sv {
	return sv{
		float64(a.y*b.z) - float64(a.z*b.y),
		float64(a.z*b.x) - float64(a.x*b.z),
		float64(a.x*b.y) - float64(a.y*b.x),
	}
}

func (a sv) length() float64 { return math.Sqrt(a.dot(a)) }

func (a sv) isZero() bool { return a.x == 0 && a.y == 0 && a.z == 0 }

// mul returns m v.
func (m *mat3) mul(v sv) sv {
	return sv{
		float64(m[0]*v.x) + float64(m[1]*v.y) + float64(m[2]*v.z),
		float64(m[3]*v.x) + float64(m[4]*v.y) + float64(m[5]*v.z),
		float64(m[6]*v.x) + float64(m[7]*v.y) + float64(m[8]*v.z),
	}
}

// LSD radix sorts on 8-bit digits. They are stable, allocation-free once the
// scratch buffers have grown, and skip every digit that is the same for all
// keys, so small keys cost one or two passes. Rejected alternative:
// slices.SortFunc, which is O(n log n) and not stable (ties would need an
// explicit tie-break to stay deterministic).

// cellEntry places one body in one broadphase grid cell.
type cellEntry struct {
	key  uint64
	body int32
}

// sortCells sorts a by key, keeping the input order among equal keys; tmp is
// scratch of at least len(a). It returns the sorted slice (a or tmp).
func sortCells(a, tmp []cellEntry) []cellEntry {
	if len(a) == 0 {
		return a
	}
	var hist [8][256]int32
	for i := range a {
		k := a[i].key
		for d := 0; d < 8; d++ {
			hist[d][byte(k>>(8*d))]++
		}
	}
	n := int32(len(a))
	src, dst := a, tmp[:len(a)]
	for d := 0; d < 8; d++ {
		h := &hist[d]
		if h[byte(src[0].key>>(8*d))] == n {
			continue // every key has the same digit here
		}
		var sum int32
		for i := range h {
			c := h[i]
			h[i] = sum
			sum += c
		}
		shift := uint(8 * d)
		for i := range src {
			e := src[i]
			b := byte(e.key >> shift)
			dst[h[b]] = e
			h[b]++
		}
		src, dst = dst, src
	}
	return src
}

// sortKeys sorts a ascending; tmp is scratch of at least len(a). It returns
// the sorted slice (a or tmp).
func sortKeys(a, tmp []uint64) []uint64 {
	if len(a) == 0 {
		return a
	}
	var hist [8][256]int32
	for _, k := range a {
		for d := 0; d < 8; d++ {
			hist[d][byte(k>>(8*d))]++
		}
	}
	n := int32(len(a))
	src, dst := a, tmp[:len(a)]
	for d := 0; d < 8; d++ {
		h := &hist[d]
		if h[byte(src[0]>>(8*d))] == n {
			continue
		}
		var sum int32
		for i := range h {
			c := h[i]
			h[i] = sum
			sum += c
		}
		shift := uint(8 * d)
		for _, k := range src {
			b := byte(k >> shift)
			dst[h[b]] = k
			h[b]++
		}
		src, dst = dst, src
	}
	return src
}

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
