package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Issue 2, section 4: a 1 m box moving 10 m in one step stops with its centre
// at x = 4.0 before a wall whose face is at x = 4.5; with nothing in the way it
// moves the full 10 m. The pair fails if CCD is missing or over-eager.
func TestFastBoxStopsBeforeWall(t *testing.T) {
	for _, wall := range []bool{true, false} {
		def := DefaultWorldDef()
		def.Gravity = mgl64.Vec3{}
		w := mustWorld(t, def)
		if wall {
			mustStatic(t, w, "wall", mgl64.Vec3{4.5, -5, -5}, mgl64.Vec3{4.6, 5, 5})
		}
		d := cube("box", mgl64.Vec3{-1, 0, 0})
		d.Velocity = mgl64.Vec3{600, 0, 0} // 10 m in one 1/60 s step
		id := mustBody(t, w, d)
		w.Step(1.0/60, nil)
		b, _ := w.BodyByID(id)
		want := 9.0
		if wall {
			want = 4.0
		}
		if math.Abs(b.Curr.Center[0]-want) > 1e-3 {
			t.Errorf("wall=%v: centre x = %.6f, want %.1f", wall, b.Curr.Center[0], want)
		}
		if wall && (len(w.Events().CCDHits) != 1 || w.Counters().Tunnels != 0) {
			t.Errorf("wall: %d CCD hits, %d tunnels; want 1 and 0", len(w.Events().CCDHits), w.Counters().Tunnels)
		}
	}
}

// The same box with CCD off passes through the wall, and the oracle sees it.
func TestFastBoxTunnelsWithoutCCD(t *testing.T) {
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	def.CCD = false
	w := mustWorld(t, def)
	mustStatic(t, w, "wall", mgl64.Vec3{4.5, -5, -5}, mgl64.Vec3{4.6, 5, 5})
	d := cube("box", mgl64.Vec3{-1, 0, 0})
	d.Velocity = mgl64.Vec3{600, 0, 0}
	id := mustBody(t, w, d)
	w.Step(1.0/60, nil)
	b, _ := w.BodyByID(id)
	if b.Curr.Center[0] < 5 {
		t.Fatalf("without CCD the box should pass the wall, centre x = %v", b.Curr.Center[0])
	}
	if w.Counters().Tunnels != 1 || len(w.Events().Tunnels) != 1 {
		t.Fatalf("tunnels = %d (events %d), want 1", w.Counters().Tunnels, len(w.Events().Tunnels))
	}
}

// The headless contract: a 1 m cube dropped from y = 3 onto a ground whose top
// is y = 0 rests with its centre within 1 mm of y = 0.5 after 120 ticks at 60 Hz.
func TestDropRestsOnGround(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	id := mustBody(t, w, cube("cube", mgl64.Vec3{0, 3, 0}))
	run(w, 120, 1.0/60)
	b, _ := w.BodyByID(id)
	if math.Abs(b.Curr.Center[1]-0.5) > 1e-3 {
		t.Fatalf("centre y = %.6f, want 0.5 +- 0.001", b.Curr.Center[1])
	}
	// Sequential impulses treat the four corners one after another, so a
	// flat landing is not perfectly symmetric; a few mm is expected.
	if math.Abs(b.Curr.Center[0]) > 0.01 || math.Abs(b.Curr.Center[2]) > 0.01 {
		t.Fatalf("cube drifted sideways: %v", b.Curr.Center)
	}
}
