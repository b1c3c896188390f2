package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// segLog keeps every segment of one colour.
type segLog struct {
	col  [3]float32
	segs [][2]mgl64.Vec3
}

func (l *segLog) Segment(a, b mgl64.Vec3, rgb [3]float32) {
	if rgb == l.col {
		l.segs = append(l.segs, [2]mgl64.Vec3{a, b})
	}
}

// Impulses: a resting tower of three boxes draws one line per contact
// point, pointing up (the push on the upper body, or on the body from
// the ground), each a share of ImpulseLength per box carried: the ground
// contact's lines, carrying three boxes, three times the top contact's.
func TestDebugDrawImpulses(t *testing.T) {
	w := buildTower(t, DefaultWorldDef(), 3)
	run(w, 60, 1.0/60)
	l := &segLog{col: colImpulse}
	w.DebugDraw(l, DebugOptions{})
	if len(l.segs) != 0 {
		t.Fatalf("impulses off drew %d lines", len(l.segs))
	}
	w.DebugDraw(l, DebugOptions{Impulses: true})
	if len(l.segs) < 3*4 {
		t.Fatalf("%d impulse lines for 3 resting contacts, want one per point (at least 12)", len(l.segs))
	}
	// Sum the lines by the height they start at: one sum per contact.
	sums := map[int]float64{}
	for _, s := range l.segs {
		d := s[1].Sub(s[0])
		if d[1] <= 0 || math.Abs(d[0]) > 1e-6*d[1]+1e-9 || math.Abs(d[2]) > 1e-6*d[1]+1e-9 {
			t.Fatalf("impulse line %v -> %v does not point up", s[0], s[1])
		}
		sums[int(math.Round(s[0][1]))] += d.Len()
	}
	t.Logf("line lengths by contact height: %v", sums)
	for level, boxes := range map[int]float64{0: 3, 1: 2, 2: 1} {
		if got, want := sums[level], boxes*ImpulseLength; math.Abs(got-want) > 0.1*want {
			t.Errorf("contact at y = %d: lines %.3f m long in all, want %.3f (%g boxes' weight)", level, got, want, boxes)
		}
	}
}

// IslandRoots: touching bodies share the lowest index of their island,
// a body alone is its own, and slabs do not join islands.
func TestIslandRoots(t *testing.T) {
	w := buildTower(t, DefaultWorldDef(), 3) // bodies 0, 1, 2 stacked on the ground
	mustBody(t, w, cube("apart", mgl64.Vec3{6, 0.5, 0}))
	mustBody(t, w, cube("apart-2", mgl64.Vec3{-6, 0.5, 0}))
	run(w, 20, 1.0/60)
	got := w.IslandRoots(nil)
	if want := []int32{0, 0, 0, 3, 4}; len(got) != len(want) || got[0] != 0 || got[1] != 0 || got[2] != 0 || got[3] != 3 || got[4] != 4 {
		t.Fatalf("island roots %v, want %v", got, want)
	}
	again := w.IslandRoots(got[:0])
	if &again[0] != &got[0] {
		t.Error("IslandRoots did not reuse dst")
	}
}
