package gfx

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/ccd"
	"sandbox/engine/physics"
)

// tunnelPathReach is how far the drawn path reaches out from the slab on
// each side, m: a shot at 10 km/s sweeps 170 m in a step, and the whole
// of it would bury the view in red; the trail shows the rest.
const tunnelPathReach = 2.0

// TunnelMark is where a tunnelling body crossed a slab in one step: the
// body's centre path over the step (From to To) and the points where that
// path meets the slab's faces, with their outward normals.
type TunnelMark struct {
	From, To    mgl64.Vec3 // m, the centre at the step's start and end
	Entry, Exit mgl64.Vec3 // m, on the faces the path went in and came out through
	// EntryNormal and ExitNormal are the outward unit normals of those faces.
	EntryNormal, ExitNormal mgl64.Vec3
	// Time is the simulation time of the step, s: marks age with the
	// simulation, like the hit markers.
	Time   float64
	Body   physics.BodyID
	Static physics.StaticID
}

// TunnelCrossing returns the mark of a path from -> to that tunnelled
// through slab: where the segment meets the face it entered and the one it
// left through (ccd.SegmentFaces' faces). A path that began inside (a body
// pushed through over several steps) gets its entry on the face opposite
// its exit, on the segment's line. ok is false when the segment does not
// cross the slab at all.
func TunnelCrossing(from, to mgl64.Vec3, slab ccd.AABB) (m TunnelMark, ok bool) {
	in, out, crosses := ccd.SegmentFaces(from, to, slab)
	if !crosses {
		return TunnelMark{}, false
	}
	if out == ccd.NoFace {
		out = in.Opposite() // ends inside: mark where it would leave
	}
	if in == ccd.NoFace {
		in = out.Opposite()
	}
	if in == ccd.NoFace {
		return TunnelMark{}, false // inside all along: no face was crossed
	}
	m.From, m.To = from, to
	m.Entry, m.EntryNormal = faceHit(from, to, slab, in)
	m.Exit, m.ExitNormal = faceHit(from, to, slab, out)
	return m, true
}

// faceHit is where the line through from and to meets face f's plane, and
// the face's outward normal (the nearer endpoint when the line runs along
// the plane).
func faceHit(from, to mgl64.Vec3, b ccd.AABB, f ccd.Face) (p, n mgl64.Vec3) {
	axis := int(f) / 2
	plane := b.Min[axis]
	n[axis] = -1
	if f&1 == 1 {
		plane = b.Max[axis]
		n[axis] = 1
	}
	d := to[axis] - from[axis]
	if d == 0 {
		p = from
	} else {
		p = from.Add(to.Sub(from).Mul((plane - from[axis]) / d))
	}
	p[axis] = plane // exactly on the face, whatever the rounding
	return p, n
}

// TunnelMarks keeps the most recent tunnels for Seconds and draws each,
// on top of everything, as a red cross and rings on the face the body went
// in through and a ring on the face it came out of, joined by the step's
// swept path across the slab (tunnelPathReach either side): a wall a shot
// went through shows where.
type TunnelMarks struct {
	// Seconds a mark stays, > 0 (default 6, as the hit markers).
	Seconds float64
	// Size is a mark's radius, m (default 0.3).
	Size float64

	markRing[TunnelMark]
}

func (t TunnelMark) stamp() float64 { return t.Time }

// NewTunnelMarks returns marks that stay 6 s.
func NewTunnelMarks() *TunnelMarks { return &TunnelMarks{Seconds: 6, Size: 0.3} }

// Draw expires old marks and adds the rest to l.
func (m *TunnelMarks) Draw(l *LineBatch, now float64) {
	m.expire(now, m.Seconds)
	for i := 0; i < m.n; i++ {
		t := m.At(i)
		c := faded(TunnelMarkColor, now-t.Time, m.Seconds)
		s := m.Size
		// Lifted off the faces a little so the rings are not cut by them.
		in := t.Entry.Add(t.EntryNormal.Mul(0.002))
		out := t.Exit.Add(t.ExitNormal.Mul(0.002))
		u, v := basis(t.EntryNormal)
		l.Segment(in.Sub(u.Mul(s)), in.Add(u.Mul(s)), c)
		l.Segment(in.Sub(v.Mul(s)), in.Add(v.Mul(s)), c)
		// Two rings: thick enough to read at a distance with 1 px lines.
		l.Ring(in, t.EntryNormal, s*0.7, 16, c)
		l.Ring(in, t.EntryNormal, s*0.6, 16, c)
		l.Ring(out, t.ExitNormal, s*0.5, 16, c)
		l.Segment(toward(t.Entry, t.From, tunnelPathReach), toward(t.Exit, t.To, tunnelPathReach), c)
	}
}

// toward is the point at most d from p on the way to q.
func toward(p, q mgl64.Vec3, d float64) mgl64.Vec3 {
	v := q.Sub(p)
	if n := v.Len(); n > d {
		return p.Add(v.Mul(d / n))
	}
	return q
}
