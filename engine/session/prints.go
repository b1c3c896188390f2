package session

import (
	"math"

	"sandbox/engine/physics"
)

// BodyPrint is a fingerprint of one body's state: a 32-bit FNV-1a hash of
// the exact bits of each field the state hash covers, so that a replay whose
// hash differs can say which bodies and which fields differ.
type BodyPrint struct {
	Name                                       string
	Center, Orientation, Velocity, AngularVelo uint32
	Sleeping                                   bool
}

// Fields lists the names of the fields of p that differ from q.
func (p BodyPrint) Fields(q BodyPrint) []string {
	var out []string
	if p.Center != q.Center {
		out = append(out, "center")
	}
	if p.Orientation != q.Orientation {
		out = append(out, "orientation")
	}
	if p.Velocity != q.Velocity {
		out = append(out, "velocity")
	}
	if p.AngularVelo != q.AngularVelo {
		out = append(out, "angular_velocity")
	}
	if p.Sleeping != q.Sleeping {
		out = append(out, "sleeping")
	}
	if p.Name != q.Name {
		out = append(out, "name")
	}
	return out
}

type fnv32 uint32

func (h *fnv32) f64(x float64) {
	v := math.Float64bits(x)
	for i := 0; i < 8; i++ {
		*h ^= fnv32(v & 0xff)
		*h *= 16777619
		v >>= 8
	}
}

func printOf(vals ...float64) uint32 {
	h := fnv32(2166136261)
	for _, v := range vals {
		h.f64(v)
	}
	return uint32(h)
}

// Prints appends the fingerprint of every body of w, in creation order.
func Prints(w *physics.World, buf []BodyPrint) []BodyPrint {
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		c, q, v, a := b.Curr.Center, b.Curr.Orientation, b.Velocity, b.AngularVelocity
		buf = append(buf, BodyPrint{
			Name:        b.Name,
			Center:      printOf(c[0], c[1], c[2]),
			Orientation: printOf(q.W, q.V[0], q.V[1], q.V[2]),
			Velocity:    printOf(v[0], v[1], v[2]),
			AngularVelo: printOf(a[0], a[1], a[2]),
			Sleeping:    b.Sleeping,
		})
	}
	return buf
}
