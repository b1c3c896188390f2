package physics

import "math"

// FNV-1a, 64-bit.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

type hasher uint64

func (h *hasher) u64(x uint64) {
	v := uint64(*h)
	for i := 0; i < 8; i++ {
		v ^= x & 0xff
		v *= fnvPrime
		x >>= 8
	}
	*h = hasher(v)
}

func (h *hasher) f64(x float64) { h.u64(math.Float64bits(x)) }

func (h *hasher) vec(v vec3) { h.f64(v[0]); h.f64(v[1]); h.f64(v[2]) }

// StateHash is an FNV-1a hash over the tick and, for every body in creation
// order, the exact bits of its centre, orientation, velocity, angular velocity
// and sleeping flag. Equal hashes mean bit-identical body states.
func (w *World) StateHash() uint64 {
	h := hasher(fnvOffset)
	h.u64(w.tick)
	w.moverHash(&h)
	h.u64(uint64(len(w.bodies)))
	for i := range w.bodies {
		b := &w.bodies[i]
		s := &w.sb[i]
		h.vec(b.pos)
		h.f64(b.q.W)
		h.vec(b.q.V)
		h.vec(s.v.vec())
		h.vec(s.w.vec())
		if b.flags&flagSleeping != 0 {
			h.u64(1)
		} else {
			h.u64(0)
		}
	}
	return uint64(h)
}
