package gfx

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// HitMarker is one wall hit shown on screen.
type HitMarker struct {
	Point, Normal mgl64.Vec3 // m, unit
	// Time is the simulation time of the hit, s: markers age with the
	// simulation, frozen while paused and slowed by the time scale.
	Time   float64
	Body   physics.BodyID   // the body that hit
	Static physics.StaticID // the slab hit, or physics.NoStatic for a body
}

// HitMarkers keeps the most recent CCD impacts for Seconds and draws each as
// a cross, a ring on the surface and a short normal, on top of everything.
type HitMarkers struct {
	// Seconds a marker stays, > 0 (default 6).
	Seconds float64
	// Size is the marker's radius, m (default 0.3).
	Size float64
	// MinSpeed is the slowest impact marked, m/s (default 10): small
	// bodies settling at the foot of a wall are swept and hit every step,
	// and would bury the shots' markers.
	MinSpeed float64

	markRing[HitMarker]
}

func (h HitMarker) stamp() float64 { return h.Time }

// NewHitMarkers returns markers that stay 6 s.
func NewHitMarkers() *HitMarkers { return &HitMarkers{Seconds: 6, Size: 0.3, MinSpeed: 10} }

// Add records a hit at simulation time now (s).
func (m *HitMarkers) Add(point, normal mgl64.Vec3, now float64) {
	m.AddHit(HitMarker{Point: point, Normal: normal, Time: now, Static: physics.NoStatic})
}

// AddHit records a hit with who hit what.
func (m *HitMarkers) AddHit(h HitMarker) {
	m.markRing.Add(h)
}

// Draw expires old markers and adds the rest to l.
func (m *HitMarkers) Draw(l *LineBatch, now float64) {
	m.expire(now, m.Seconds)
	for i := 0; i < m.n; i++ {
		h := m.At(i)
		c := faded(HitMarkerColor, now-h.Time, m.Seconds)
		// Lift off the surface a little so the ring is not cut by it.
		p := h.Point.Add(h.Normal.Mul(0.002))
		u, v := basis(h.Normal)
		s := m.Size
		l.Segment(p.Sub(u.Mul(s)), p.Add(u.Mul(s)), c)
		l.Segment(p.Sub(v.Mul(s)), p.Add(v.Mul(s)), c)
		l.Ring(p, h.Normal, s*0.7, 16, c)
		l.Segment(p, p.Add(h.Normal.Mul(2*s)), c)
	}
}
