//go:build cgo

package window

import (
	"strings"
	"testing"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// newTestSimulation is the window's simulation of a built-in scene without
// a window (no clock, no rewind), with a shot cap of max bodies.
func newTestSimulation(t *testing.T, name string, max int) *simulation {
	t.Helper()
	sc, err := scene.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := session.New(session.Options{Scene: sc})
	if err != nil {
		t.Fatal(err)
	}
	s := &simulation{sess: sess, sc: sc, world: sess.World(), lp: sess.Loop(), shotSpeed: 100, shotHalf: 0.1}
	s.cap.max = max
	return s
}

func queuedFires(s *simulation) int {
	n := 0
	for _, in := range s.sess.Pending() {
		if in.Kind == physics.InputFire {
			n++
		}
	}
	return n
}

// Shots stop at the body limit: the bodies, the shots queued and the
// scene's scripted shots still to come count; a refused shot queues
// nothing and leaves a note.
func TestShotsCappedAtMaxBodies(t *testing.T) {
	var cam camera
	cam.reset()
	s := newTestSimulation(t, "drop", 3) // 1 body, no scripted shot
	for i := 0; i < 5; i++ {
		s.fire(&cam, false)
	}
	if q := queuedFires(s); q != 2 || s.cap.refused != 3 || !strings.Contains(s.cap.Note(), "refused") {
		t.Fatalf("drop, cap 3: %d shots queued, %d refused, note %q; want 2 queued, 3 refused and a note", q, s.cap.refused, s.cap.Note())
	}
	if _, err := s.sess.Advance(1.0 / 60); err != nil {
		t.Fatal(err)
	}
	s.fire(&cam, true)
	if n := s.world.NumBodies(); n != 3 || queuedFires(s) != 0 {
		t.Fatalf("after a step: %d bodies and %d shots queued; want 3 and none", n, queuedFires(s))
	}

	// range fires scripted shots later: they are kept room for.
	r := newTestSimulation(t, "range", 0)
	scripted := 0
	for _, ev := range r.sc.Events {
		if ev.Kind == scene.EventFire {
			scripted++
		}
	}
	if scripted == 0 {
		t.Fatal("range has no scripted shot")
	}
	r.cap.max = r.world.NumBodies() + scripted + 1
	r.fire(&cam, false)
	r.fire(&cam, false)
	if q := queuedFires(r); q != 1 || r.cap.refused != 1 {
		t.Fatalf("range at the cap less one: %d queued, %d refused; want 1 and 1", q, r.cap.refused)
	}
	// The default cap is scene.MaxBodies.
	d := newTestSimulation(t, "drop", 0)
	d.fire(&cam, false)
	if queuedFires(d) != 1 {
		t.Fatal("a shot was refused under the default cap")
	}
}
