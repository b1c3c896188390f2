package gfx

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// markerCap is how many recent hits are kept; older ones are overwritten.
const markerCap = 256

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

	ring    [markerCap]HitMarker
	head, n int
}

// NewHitMarkers returns markers that stay 6 s.
func NewHitMarkers() *HitMarkers { return &HitMarkers{Seconds: 6, Size: 0.3, MinSpeed: 10} }

// Add records a hit at simulation time now (s).
func (m *HitMarkers) Add(point, normal mgl64.Vec3, now float64) {
	m.AddHit(HitMarker{Point: point, Normal: normal, Time: now, Static: physics.NoStatic})
}

// AddHit records a hit with who hit what.
func (m *HitMarkers) AddHit(h HitMarker) {
	if m.n == markerCap {
		m.head = (m.head + 1) % markerCap
		m.n--
	}
	m.ring[(m.head+m.n)%markerCap] = h
	m.n++
}

// Len is the number of markers kept (some may have expired since the last Draw).
func (m *HitMarkers) Len() int { return m.n }

// At returns marker i, oldest first.
func (m *HitMarkers) At(i int) HitMarker { return m.ring[(m.head+i)%markerCap] }

// Draw expires old markers and adds the rest to l.
func (m *HitMarkers) Draw(l *LineBatch, now float64) {
	for m.n > 0 && now-m.ring[m.head].Time > m.Seconds {
		m.head = (m.head + 1) % markerCap
		m.n--
	}
	for i := 0; i < m.n; i++ {
		h := m.At(i)
		fade := float32(1 - 0.6*(now-h.Time)/m.Seconds)
		c := [3]float32{HitMarkerColor[0] * fade, HitMarkerColor[1] * fade, HitMarkerColor[2] * fade}
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

// Reset drops every marker.
func (m *HitMarkers) Reset() { m.head, m.n = 0, 0 }
