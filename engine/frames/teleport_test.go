package frames

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

var ident = mgl64.QuatIdent()

func TestTeleportDetector(t *testing.T) {
	const dt = 1.0 / 60
	cases := []struct {
		name       string
		prev, curr mgl64.Vec3
		v          mgl64.Vec3
		vBefore    mgl64.Vec3
		teleported bool
		want       bool
	}{
		{"resting", mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{}, mgl64.Vec3{}, false, false},
		{"moving as fast as it goes", mgl64.Vec3{0, 0, 0}, mgl64.Vec3{10 * dt, 0, 0}, mgl64.Vec3{10, 0, 0}, mgl64.Vec3{10, 0, 0}, false, false},
		{"projectile stopped by a wall", mgl64.Vec3{0, 1, 0}, mgl64.Vec3{19.9, 1, 0}, mgl64.Vec3{}, mgl64.Vec3{3000, 0, 0}, false, false},
		{"position correction push", mgl64.Vec3{0, 0.48, 0}, mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{}, mgl64.Vec3{}, false, false},
		{"jump of 5 m at rest", mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0, 5.5, 0}, mgl64.Vec3{}, mgl64.Vec3{}, false, true},
		{"jump of 5 m declared", mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{0, 5.5, 0}, mgl64.Vec3{}, mgl64.Vec3{}, true, false},
		{"gliding box set 3 m back", mgl64.Vec3{3, 0.5, 0}, mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{2, 0, 0}, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := NewTeleportDetector()
			// The step before sets the speed the body had entering this one.
			d.Check(0, tc.prev, tc.prev, ident, ident, tc.vBefore, mgl64.Vec3{}, During{}, false, dt)
			got := d.Check(0, tc.prev, tc.curr, ident, ident, tc.v, mgl64.Vec3{}, During{}, tc.teleported, dt)
			if got != tc.want {
				t.Fatalf("flagged %v, want %v", got, tc.want)
			}
			if n := d.Count(); (n == 1) != tc.want {
				t.Fatalf("count %d", n)
			}
			if (d.Flagged(0) == 1) != tc.want {
				t.Fatalf("flagged steps %d", d.Flagged(0))
			}
		})
	}
}

func TestTeleportDetectorRotation(t *testing.T) {
	const dt = 1.0 / 60
	d := NewTeleportDetector()
	c := mgl64.Vec3{0, 0.5, 0}
	flip := mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0})
	if d.Check(3, c, c, ident, flip, mgl64.Vec3{}, mgl64.Vec3{}, During{}, false, dt) {
		t.Fatal("a body's first step was flagged")
	}
	spin := mgl64.Vec3{0, 60, 0} // 1 rad per step
	turn := mgl64.QuatRotate(1, mgl64.Vec3{0, 1, 0})
	d.Check(4, c, c, ident, ident, mgl64.Vec3{}, spin, During{}, false, dt)
	if d.Check(4, c, c, ident, turn, mgl64.Vec3{}, spin, During{}, false, dt) {
		t.Fatal("a box spinning 1 rad per step was flagged")
	}
	if d.Count() != 0 || d.Flagged(3) != 0 {
		t.Fatal("a body's first step was judged")
	}
	if !d.Check(3, c, c, ident, flip, mgl64.Vec3{}, mgl64.Vec3{}, During{}, false, dt) {
		t.Fatal("a 90° turn at rest was not flagged")
	}
	if d.Count() != 1 || d.Flagged(3) != 1 || d.Flagged(4) != 0 || d.Flagged(99) != 0 {
		t.Fatalf("count %d", d.Count())
	}
	d.Reset()
	if d.Count() != 0 || d.Flagged(3) != 0 {
		t.Fatal("reset kept state")
	}
}

func BenchmarkTeleportCheck(b *testing.B) {
	d := NewTeleportDetector()
	p, q := mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0.1, 1, 0}
	v := mgl64.Vec3{6, 0, 0}
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < 1000; i++ {
			d.Check(i, p, q, ident, ident, v, mgl64.Vec3{}, During{}, false, 1.0/60)
		}
	}
}
