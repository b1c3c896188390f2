package gfx

import (
	"github.com/go-gl/mathgl/mgl64"
)

// trailCap bounds one trail: 2 s at the sampling limit fits.
const trailCap = 600

// trailMinInterval is the shortest time between two recorded points, s: a
// little under 1/240 s, so that a 240 Hz display records every frame despite
// jitter, and faster displays do not fill the ring with needless points.
const trailMinInterval = 0.9 / 240

type trailPoint struct {
	p   mgl64.Vec3
	t   float64 // simulation time, s
	cut bool    // do not join this point to the one before (a teleport)
}

type trail struct {
	pts     [trailCap]trailPoint
	head, n int
}

func (tr *trail) at(i int) *trailPoint { return &tr.pts[(tr.head+i)%trailCap] }

// Trails keeps the last Seconds of rendered positions of moving bodies
// (projectiles), per body creation index. Storage is a pool of fixed rings:
// a ring is taken when a body starts moving and returned once its points
// have all expired, so memory follows the number of bodies moving at once
// and a warm pool allocates nothing.
type Trails struct {
	// Seconds of history drawn, > 0 (default 2).
	Seconds float64

	slot  []int32 // per body index: ring index + 1, 0 = none
	rings []*trail
	free  []int32
}

// NewTrails returns trails of the last 2 s.
func NewTrails() *Trails { return &Trails{Seconds: 2} }

// Record adds body i's rendered position p at simulation time now (s). cut
// breaks the trail before this point (the body was teleported).
func (t *Trails) Record(i int, p mgl64.Vec3, now float64, cut bool) {
	for len(t.slot) <= i {
		t.slot = append(t.slot, 0)
	}
	if t.slot[i] == 0 {
		if n := len(t.free); n > 0 {
			t.slot[i] = t.free[n-1] + 1
			t.free = t.free[:n-1]
		} else {
			t.rings = append(t.rings, new(trail))
			t.slot[i] = int32(len(t.rings))
			if cap(t.free) < len(t.rings) {
				// Room to return every ring: Draw, which returns them,
				// then never grows the free list (never allocates).
				f := make([]int32, len(t.free), 2*len(t.rings))
				copy(f, t.free)
				t.free = f
			}
		}
	}
	tr := t.rings[t.slot[i]-1]
	if tr.n > 0 && !cut && now-tr.at(tr.n-1).t < trailMinInterval {
		return
	}
	if tr.n == trailCap {
		tr.head = (tr.head + 1) % trailCap
		tr.n--
	}
	*tr.at(tr.n) = trailPoint{p: p, t: now, cut: cut}
	tr.n++
}

// Draw expires old points, adds every trail's segments to l (new points
// bright, old ones dark) and returns rings left empty to the pool.
func (t *Trails) Draw(l *LineBatch, now float64) {
	for i, s := range t.slot {
		if s == 0 {
			continue
		}
		tr := t.rings[s-1]
		for tr.n > 0 && now-tr.at(0).t > t.Seconds {
			tr.head = (tr.head + 1) % trailCap
			tr.n--
		}
		if tr.n == 0 {
			tr.head = 0
			t.free = append(t.free, s-1)
			t.slot[i] = 0
			continue
		}
		for k := 1; k < tr.n; k++ {
			a, b := tr.at(k-1), tr.at(k)
			if b.cut {
				continue
			}
			age := float32((now - b.t) / t.Seconds)
			l.Segment(a.p, b.p, mix3(trailNewColor, trailOldColor, min(max(age, 0), 1)))
		}
	}
}

// Active is the number of bodies with a trail.
func (t *Trails) Active() int { return len(t.rings) - len(t.free) }

// Reset drops every trail (a scene reset), keeping the pool.
func (t *Trails) Reset() {
	for i, s := range t.slot {
		if s != 0 {
			t.rings[s-1].n, t.rings[s-1].head = 0, 0
			t.free = append(t.free, s-1)
			t.slot[i] = 0
		}
	}
}
