package ccd

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSegmentCrossesBoxClosedForm(t *testing.T) {
	wall := box(20, 0, -5, 20.0001, 6, 5) // 0.1 mm
	v := func(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }
	cases := []struct {
		name   string
		p0, p1 mgl64.Vec3
		want   bool
	}{
		{"straight through a 0.1 mm wall at 20,000 m/s / 30 Hz", v(0, 1, 0), v(666.7, 1, 0), true},
		{"backwards through", v(30, 1, 0), v(10, 1, 0), true},
		{"stops short", v(0, 1, 0), v(19.99, 1, 0), false},
		{"ends on the face", v(0, 1, 0), v(20, 1, 0), false},
		{"ends inside", v(0, 1, 0), v(20.00005, 1, 0), true},
		{"starts inside", v(20.00005, 1, 0), v(0, 1, 0), true},
		{"point inside", v(20.00005, 1, 0), v(20.00005, 1, 0), true},
		{"point on face", v(20, 1, 0), v(20, 1, 0), false},
		{"over the top", v(0, 7, 0), v(40, 7, 0), false},
		{"along the top face", v(0, 6, 0), v(40, 6, 0), false},
		{"diagonal over the top", v(0, 1, 0), v(40, 13, 0), false},       // y = 7 at x = 20
		{"diagonal through", v(0, 1, 0), v(40, 10, 0), true},             // y = 5.5 at x = 20
		{"diagonal along the top edge", v(0, 1, 0), v(40, 11, 0), false}, // y = 6 at x = 20, above after
		{"grazing the top edge", v(0, 6, 0), v(40, 6, 0), false},
		{"parallel inside the slab", v(20.00005, -10, 0), v(20.00005, 10, 0), true},
		{"NaN", v(math.NaN(), 1, 0), v(40, 1, 0), false},
	}
	for _, c := range cases {
		if got := SegmentCrossesBox(c.p0, c.p1, wall); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	if SegmentCrossesBox(v(0, 1, 0), v(40, 1, 0), box(20, 0, -5, 20, 6, 5)) {
		t.Error("a zero-thickness box has no interior to cross")
	}
}

// SegmentCrossesBox agrees with Sweep of a zero-size box (a point) wherever
// sweeping the point either way agrees, is symmetric, and finds every
// crossing a sampled reference finds.
func TestSegmentCrossesBoxProperty(t *testing.T) {
	rng := newRand(6)
	buf := make([]float64, 0, 4096)
	crossed := 0
	for i := 0; i < 20000; i++ {
		m, d, tg := randomScene(rng)
		p0 := m.Center()
		p1 := p0.Add(d)
		got := SegmentCrossesBox(p0, p1, tg)
		_, _, swept := Sweep(AABB{Min: p0, Max: p0}, d, tg)
		_, _, back := Sweep(AABB{Min: p1, Max: p1}, d.Mul(-1), tg)
		if swept == back && got != swept {
			t.Fatalf("case %d: SegmentCrossesBox=%v but point Sweep=%v: p0=%v p1=%v box=%v", i, got, swept, p0, p1, tg)
		}
		if rev := SegmentCrossesBox(p1, p0, tg); rev != got {
			t.Fatalf("case %d: not symmetric: p0=%v p1=%v box=%v", i, p0, p1, tg)
		}
		pt := AABB{Min: p0, Max: p0}
		sampled := false
		for _, s := range sampleTimes(pt, d, tg, buf[:0]) {
			if overlapDepth(pt, d, s, tg) > 0 {
				sampled = true
				break
			}
		}
		if sampled && !got {
			t.Fatalf("case %d: sampled point inside but SegmentCrossesBox=false: p0=%v p1=%v box=%v", i, p0, p1, tg)
		}
		if got {
			crossed++
		}
	}
	if crossed < 1000 {
		t.Fatalf("only %d crossings: generator too weak", crossed)
	}
}
