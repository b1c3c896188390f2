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

// Impulses: a resting tower draws one line per contact point, pointing
// up (the push on the upper body, or on the body from the ground), the
// longest MaxImpulseLength long, at the bottom where the load is largest.
func TestDebugDrawImpulses(t *testing.T) {
	w := buildTower(t, DefaultWorldDef(), 3)
	run(w, 30, 1.0/60)
	l := &segLog{col: colImpulse}
	w.DebugDraw(l, DebugOptions{})
	if len(l.segs) != 0 {
		t.Fatalf("impulses off drew %d lines", len(l.segs))
	}
	w.DebugDraw(l, DebugOptions{Impulses: true})
	if len(l.segs) < 3*4 {
		t.Fatalf("%d impulse lines for 3 resting contacts, want one per point (at least 12)", len(l.segs))
	}
	longest, lowest := 0.0, math.Inf(1)
	var lowestLen float64
	for _, s := range l.segs {
		d := s[1].Sub(s[0])
		if d[1] <= 0 || math.Abs(d[0]) > 1e-6*d[1]+1e-9 || math.Abs(d[2]) > 1e-6*d[1]+1e-9 {
			t.Fatalf("impulse line %v -> %v does not point up", s[0], s[1])
		}
		longest = max(longest, d.Len())
		if s[0][1] < lowest {
			lowest, lowestLen = s[0][1], d.Len()
		}
	}
	if math.Abs(longest-MaxImpulseLength) > 1e-9 {
		t.Errorf("longest impulse line %v m, want %v", longest, MaxImpulseLength)
	}
	if lowestLen < 0.9*longest {
		t.Errorf("the ground contact's line is %v m, the longest %v: the bottom carries the tower", lowestLen, longest)
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
