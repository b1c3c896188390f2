package session

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// What the queued inputs will make of the session: CCD as the last queued
// switch leaves it, and the bodies once the queued and the scripted fires
// still to come are in (a fire counts until its tick has run).
func TestPendingCCDAndBodiesAhead(t *testing.T) {
	sc := mustScene(t, "range")
	scripted := 0
	for _, ev := range sc.Events {
		if ev.Kind == scene.EventFire {
			scripted++
		}
	}
	s := mustSession(t, Options{Scene: sc})
	n := s.World().NumBodies()
	if scripted == 0 || s.BodiesAhead() != n+scripted {
		t.Fatalf("at tick 0: %d bodies ahead, want %d and %d scripted fires", s.BodiesAhead(), n, scripted)
	}
	on := s.World().CCD()
	s.Queue(physics.Input{Kind: physics.InputSetCCD, Enabled: !on})
	s.Queue(physics.Input{Kind: physics.InputFire, Fire: scene.Shot("x", mgl64.Vec3{0, 100, 500}, mgl64.Vec3{0, 1, 0}, 10, 0.1, false)})
	if s.PendingCCD() != !on || s.World().CCD() != on || s.BodiesAhead() != n+scripted+1 {
		t.Fatalf("queued: CCD %v (world %v), %d bodies ahead; want %v and %d", s.PendingCCD(), s.World().CCD(), s.BodiesAhead(), !on, n+scripted+1)
	}
	for s.Tick() < 600 {
		if _, err := s.Advance(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	if s.PendingCCD() != !on || s.World().CCD() != !on || s.BodiesAhead() != s.World().NumBodies() || s.World().NumBodies() != n+scripted+1 {
		t.Fatalf("after 600 ticks: CCD %v, %d bodies ahead, %d in the world; want %v and %d", s.PendingCCD(), s.BodiesAhead(), s.World().NumBodies(), !on, n+scripted+1)
	}
}
