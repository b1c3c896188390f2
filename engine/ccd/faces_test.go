package ccd

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSegmentFacesClosedForm(t *testing.T) {
	wall := box(20, 0, -5, 20.01, 6, 5) // 1 cm wall, x from 20 to 20.01
	v := func(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }
	xMin, xMax, yMax := Face(0), Face(1), Face(3)
	cases := []struct {
		name        string
		p0, p1      mgl64.Vec3
		in, out     Face
		wantCrosses bool
	}{
		{"straight through", v(0, 1, 0), v(40, 1, 0), xMin, xMax, true},
		{"backwards through", v(40, 1, 0), v(0, 1, 0), xMax, xMin, true},
		{"ends inside", v(0, 1, 0), v(20.005, 1, 0), xMin, NoFace, true},
		{"starts inside, leaves forward", v(20.005, 1, 0), v(30, 1, 0), NoFace, xMax, true},
		{"starts inside, comes back", v(20.005, 1, 0), v(10, 1, 0), NoFace, xMin, true},
		{"lands on the face", v(0, 1, 0), v(20, 1, 0), NoFace, NoFace, false},
		{"over the top", v(0, 7, 0), v(40, 7, 0), NoFace, NoFace, false},
		{"in the front, out of the top", v(19.999, 5, 0), v(20.005, 7, 0), xMin, yMax, true},
		{"straight down through the top", v(20.005, 10, 0), v(20.005, 3, 0), yMax, NoFace, true},
	}
	for _, c := range cases {
		in, out, crosses := SegmentFaces(c.p0, c.p1, wall)
		if in != c.in || out != c.out || crosses != c.wantCrosses {
			t.Errorf("%s: got in %d out %d crosses %v, want %d %d %v", c.name, in, out, crosses, c.in, c.out, c.wantCrosses)
		}
	}
	if xMin.Opposite() != xMax || xMax.Opposite() != xMin || NoFace.Opposite() != NoFace {
		t.Error("Opposite")
	}
}

// SegmentFaces agrees with SegmentCrossesBox, and reversing the segment swaps
// the entry and exit faces (except at exact ties, which the generator does
// not produce with probability above zero).
func TestSegmentFacesProperty(t *testing.T) {
	rng := newRand(11)
	through := 0
	for i := 0; i < 20000; i++ {
		m, d, tg := randomScene(rng)
		p0 := m.Center()
		p1 := p0.Add(d)
		in, out, crosses := SegmentFaces(p0, p1, tg)
		if crosses != SegmentCrossesBox(p0, p1, tg) {
			t.Fatalf("case %d: crosses %v disagrees with SegmentCrossesBox", i, crosses)
		}
		rin, rout, _ := SegmentFaces(p1, p0, tg)
		if crosses && (rin != out || rout != in) {
			t.Fatalf("case %d: reversed faces %d %d, forward %d %d: p0=%v p1=%v box=%v", i, rin, rout, in, out, p0, p1, tg)
		}
		if crosses && in >= 0 && out == in.Opposite() {
			through++
		}
	}
	if through < 100 {
		t.Fatalf("only %d straight-through paths: generator too weak", through)
	}
}
