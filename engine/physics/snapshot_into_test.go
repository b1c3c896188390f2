package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A state saved with SnapshotInto (the rewind ring's way) and restored
// steps on as the first time did, counters and events included: a body
// whose centre is inside a slab stays one embedded stay (the oracle's
// records), and a bullet resting on the ground stays one CCD hit (the
// last step's stops).
func TestSnapshotIntoRestoresEverything(t *testing.T) {
	w, err := NewWorld(DefaultWorldDef())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddStatic(StaticDef{Name: "ground", Min: mgl64.Vec3{-500, -1, -500}, Max: mgl64.Vec3{500, 0, 500}}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddStatic(StaticDef{Name: "block", Min: mgl64.Vec3{10, 0, -21}, Max: mgl64.Vec3{12, 2, -19}}); err != nil {
		t.Fatal(err)
	}
	stuck := DefaultBodyDef()
	stuck.Name, stuck.Center, stuck.Half = "stuck", mgl64.Vec3{11, 1, -20}, mgl64.Vec3{0.1, 0.1, 0.1}
	shot := DefaultBodyDef()
	shot.Name, shot.Half, shot.Bullet, shot.Mass = "shot", mgl64.Vec3{0.1, 0.1, 0.1}, true, 0.1
	shot.Center, shot.Velocity = mgl64.Vec3{0, 4, 0}, mgl64.Vec3{2850, -940, 0}
	for _, d := range []BodyDef{stuck, shot} {
		if _, err := w.AddBody(d); err != nil {
			t.Fatal(err)
		}
	}
	w.Step(1.0/60, nil) // the shot lands, and stops a hair above the ground
	var s Snapshot
	w.SnapshotInto(&s)
	run := func() (Counters, uint64) {
		for i := 0; i < 30; i++ {
			w.Step(1.0/60, nil)
		}
		return w.Counters(), w.StateHash()
	}
	c1, h1 := run()
	w.Restore(&s)
	c2, h2 := run()
	if c1 != c2 || h1 != h2 {
		t.Fatalf("after SnapshotInto and Restore: counters %+v hash %x, the first time %+v %x", c2, h2, c1, h1)
	}
}
