package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// DebugDrawer receives line segments in world space (metres) with an RGB
// colour; gfx implements it with one line buffer flushed per frame.
type DebugDrawer interface {
	Segment(a, b mgl64.Vec3, rgb [3]float32)
}

// DebugOptions selects what DebugDraw emits.
type DebugOptions struct {
	AABBs    bool // each body's world bounding box
	Contacts bool // contact points with their normals
	Sweeps   bool // last step's CCD sweep volumes with time-of-impact point and normal
	Sleeping bool // a cross on every sleeping body
	// Impulses draws each contact point's normal impulse of the last step
	// as a line from the point along the push on body B (on the body, for
	// a contact with a slab), ImpulseLength long for the weight of the
	// lighter body over the step.
	Impulses bool
	Springs  bool // every spring, coloured by its extension
}

// ImpulseLength is the length, m, of the line of a contact impulse equal
// to the lighter body's weight over the time it acted (mass x gravity x
// the substep: the solver keeps the last substep's impulses): a box
// resting on the ground shows four lines a quarter of it long, and the
// bottom of a stack lines as many times longer as it carries boxes. So
// scaled, the lines read alike in scenes of 1 kg and of 100 kg boxes.
// Lines stop at MaxImpulseLength (a bullet's impact).
const (
	ImpulseLength    = 1.0
	MaxImpulseLength = 2.0
)

var (
	colAABB     = [3]float32{0.9, 0.6, 0.1}
	colContact  = [3]float32{1, 0.1, 0.1}
	colNormal   = [3]float32{1, 1, 0.2}
	colSweep    = [3]float32{0.2, 0.7, 1}
	colTOI      = [3]float32{1, 0.2, 1}
	colSleeping = [3]float32{0.5, 0.5, 0.5}
	colImpulse  = [3]float32{1, 0.35, 0.75}
)

// DebugDraw describes the last step's state through d. It only reads.
func (w *World) DebugDraw(d DebugDrawer, o DebugOptions) {
	if o.AABBs {
		for i := range w.bodies {
			b := &w.bodies[i]
			r := rotationMatrix(b.q)
			e := orientedExtent(&r, b.half)
			drawBox(d, sub(b.pos, e), add(b.pos, e), colAABB)
		}
	}
	if o.Contacts {
		w.drawContacts(d)
	}
	if o.Impulses {
		w.drawImpulses(d)
	}
	if o.Sweeps {
		w.drawSweeps(d)
	}
	if o.Springs {
		w.drawSprings(d)
	}
	if o.Sleeping {
		for i := range w.bodies {
			b := &w.bodies[i]
			if b.flags&flagSleeping == 0 {
				continue
			}
			r := rotationMatrix(b.q)
			for k := 0; k < 3; k++ {
				a := scale(r.col(k), b.half[k]*1.05)
				d.Segment(sub(b.pos, a), add(b.pos, a), colSleeping)
			}
		}
	}
}

// drawSweeps draws the last step's CCD sweeps: each swept bound, and for
// impacts the time-of-impact point and the normal of the surface hit.
func (w *World) drawSweeps(d DebugDrawer) {
	for _, r := range w.scratch.sweeps {
		drawBox(d, r.lo, r.hi, colSweep)
		if r.hit {
			drawCross(d, r.point, 0.05, colTOI)
			d.Segment(r.point, madd(r.point, r.normal, 0.5), colTOI)
		}
	}
}

// drawContacts draws every manifold point of the last step with a short
// segment along its normal (pointing from A toward B or the slab).
func (w *World) drawContacts(d DebugDrawer) {
	cs := &w.contacts
	for k := range cs.heads {
		m := cs.at(int32(k))
		pa := w.bodies[m.a].pos
		n := m.n.vec()
		for q := int32(0); q < m.count; q++ {
			p := add(pa, m.pts[q].rA.vec())
			drawCross(d, p, 0.02, colContact)
			d.Segment(p, madd(p, n, 0.2), colNormal)
		}
	}
}

// drawImpulses draws every manifold point's accumulated normal impulse of
// the last step (what pushed the bodies apart) as a line from the point
// along the push on B (+normal; -normal, the push on the body, for a
// slab): in a stack every line points up.
func (w *World) drawImpulses(d DebugDrawer) {
	// The weight impulse of 1 kg over a substep (the stored impulses are
	// the last substep's); a world without gravity measures against
	// 1 m/s^2.
	perKg := max(length(w.def.Gravity), 1) * w.stepDt / float64(w.substeps())
	if !(perKg > 0) {
		return // no step yet
	}
	cs := &w.contacts
	for k := range cs.heads {
		m := cs.at(int32(k))
		pa := w.bodies[m.a].pos
		mass := 1 / w.sb[m.a].invMass
		n := m.n.vec()
		if m.b < 0 {
			n = scale(n, -1)
		} else {
			mass = min(mass, 1/w.sb[m.b].invMass)
		}
		perNs := ImpulseLength / (mass * perKg) // m per N s
		for q := int32(0); q < m.count; q++ {
			if i := m.normalI[q]; i > 0 {
				p := add(pa, m.pts[q].rA.vec())
				d.Segment(p, madd(p, n, min(i*perNs, MaxImpulseLength)), colImpulse)
			}
		}
	}
}

// IslandRoots fills dst (grown as needed) with, for every body by creation
// index, the lowest index of its island: the bodies linked to it through
// touching contacts between bodies (slabs do not link), as of the last
// step. For colouring bodies by island (the debug draw's islands); it
// only reads the world, and depends on no visiting order.
func (w *World) IslandRoots(dst []int32) []int32 {
	n := len(w.bodies)
	dst = grow(dst, n)
	for i := range dst {
		dst[i] = int32(i)
	}
	cs := &w.contacts
	for k := range cs.heads {
		if m := cs.at(int32(k)); m.b >= 0 && m.flags&mfTouching != 0 && int(max(m.a, m.b)) < n {
			union(dst, m.a, m.b) // the smaller index becomes the root
		}
	}
	for i := range dst {
		dst[i] = find(dst, int32(i))
	}
	return dst
}

func drawCross(d DebugDrawer, p vec3, s float64, c [3]float32) {
	for k := 0; k < 3; k++ {
		var a vec3
		a[k] = s
		d.Segment(sub(p, a), add(p, a), c)
	}
}

// drawBox draws the 12 edges of an axis-aligned box.
func drawBox(d DebugDrawer, lo, hi vec3, c [3]float32) {
	corner := func(i int) vec3 {
		p := lo
		if i&1 != 0 {
			p[0] = hi[0]
		}
		if i&2 != 0 {
			p[1] = hi[1]
		}
		if i&4 != 0 {
			p[2] = hi[2]
		}
		return p
	}
	for i := 0; i < 8; i++ {
		for k := 0; k < 3; k++ {
			j := i | 1<<k
			if j != i {
				d.Segment(corner(i), corner(j), c)
			}
		}
	}
}

// drawSprings draws each spring from end to end: white at its rest
// length, redder as it stretches and bluer as it compresses, full colour
// at a stretch of its rest length (or 10 cm, for a short spring).
func (w *World) drawSprings(d DebugDrawer) {
	for i := range w.springs {
		sp := &w.springs[i]
		a, b := w.springEnds(sp)
		x := length(sub(b, a)) - sp.rest
		t := float32(math.Max(-1, math.Min(1, x/math.Max(sp.rest, 0.1))))
		rgb := [3]float32{1, 1 - abs32(t), 1 - abs32(t)} // stretched: red
		if t < 0 {
			rgb = [3]float32{1 + t, 1 + t, 1} // compressed: blue
		}
		d.Segment(a, b, rgb)
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
