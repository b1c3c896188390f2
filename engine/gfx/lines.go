package gfx

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// LineBatch collects coloured line segments for one frame, on the CPU. It
// implements physics.DebugDrawer. The renderer uploads a batch in one buffer
// write and draws it in one call, then the owner calls Reset for the next
// frame; the vertex slice is reused, so a warm batch allocates nothing.
type LineBatch struct {
	verts []float32 // per vertex: x, y, z, r, g, b
}

const lineVertexFloats = 6

// Segment adds a line from a to b (m, world) in colour rgb (0..1).
func (l *LineBatch) Segment(a, b mgl64.Vec3, rgb [3]float32) {
	l.verts = append(l.verts,
		float32(a[0]), float32(a[1]), float32(a[2]), rgb[0], rgb[1], rgb[2],
		float32(b[0]), float32(b[1]), float32(b[2]), rgb[0], rgb[1], rgb[2])
}

// Box adds the 12 edges of the box with centre c, half extents h and
// orientation q.
func (l *LineBatch) Box(c, h mgl64.Vec3, q mgl64.Quat, rgb [3]float32) {
	var p [8]mgl64.Vec3
	for i := range p {
		local := mgl64.Vec3{h[0], h[1], h[2]}
		if i&1 != 0 {
			local[0] = -local[0]
		}
		if i&2 != 0 {
			local[1] = -local[1]
		}
		if i&4 != 0 {
			local[2] = -local[2]
		}
		p[i] = c.Add(q.Rotate(local))
	}
	for i := 0; i < 8; i++ {
		for _, bit := range [3]int{1, 2, 4} {
			if i&bit == 0 {
				l.Segment(p[i], p[i|bit], rgb)
			}
		}
	}
}

// Cross adds three axis-aligned strokes of length 2*size (m) through p.
func (l *LineBatch) Cross(p mgl64.Vec3, size float64, rgb [3]float32) {
	for k := 0; k < 3; k++ {
		var d mgl64.Vec3
		d[k] = size
		l.Segment(p.Sub(d), p.Add(d), rgb)
	}
}

// Ring adds a circle of radius r (m) around p in the plane normal to n, as
// segments straight lines.
func (l *LineBatch) Ring(p, n mgl64.Vec3, r float64, segments int, rgb [3]float32) {
	u, v := basis(n)
	prev := p.Add(u.Mul(r))
	for i := 1; i <= segments; i++ {
		a := 2 * math.Pi * float64(i) / float64(segments)
		cur := p.Add(u.Mul(r * math.Cos(a))).Add(v.Mul(r * math.Sin(a)))
		l.Segment(prev, cur, rgb)
		prev = cur
	}
}

// basis returns two unit vectors perpendicular to n and to each other.
func basis(n mgl64.Vec3) (mgl64.Vec3, mgl64.Vec3) {
	if n.Len() == 0 {
		n = mgl64.Vec3{0, 1, 0}
	}
	n = n.Normalize()
	a := mgl64.Vec3{1, 0, 0}
	if math.Abs(n[0]) > 0.9 {
		a = mgl64.Vec3{0, 1, 0}
	}
	u := n.Cross(a).Normalize()
	return u, n.Cross(u)
}

// Len is the number of segments in the batch.
func (l *LineBatch) Len() int { return len(l.verts) / (2 * lineVertexFloats) }

// Reset empties the batch, keeping its storage.
func (l *LineBatch) Reset() { l.verts = l.verts[:0] }

// Vertices returns the batch's vertex data (x, y, z, r, g, b per vertex).
func (l *LineBatch) Vertices() []float32 { return l.verts }
