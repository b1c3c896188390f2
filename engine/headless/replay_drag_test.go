package headless

import (
	"bytes"
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// A mouse drag held for 100 ticks (Session.Hold, one InputDrag a tick)
// is recorded as 100 drag inputs and replays with every hash equal on
// other displays; the drag really moved the crate, so a replay that lost
// it would differ.
func TestReplayReproducesHeldDrag(t *testing.T) {
	s, rec, out := recordingRange(t)
	id, ok := s.World().FindBody("crate-1")
	if !ok {
		t.Fatal("no crate-1")
	}
	start := s.World().Body(id.Index()).Curr.Center
	target := start.Add(mgl64.Vec3{0, 3, 2})
	for s.Tick() < 240 {
		switch t := s.Tick(); {
		case t >= 50 && t < 150:
			s.Hold(physics.Input{Kind: physics.InputDrag, Body: id, Point: mgl64.Vec3{0, 0.5, 0}, Target: target})
		default:
			s.Release()
		}
		f, err := s.Advance(1.0 / 60)
		if err != nil {
			t.Fatal(err)
		}
		rec.Frame(f)
	}
	if err := rec.End(s.World()); err != nil {
		t.Fatal(err)
	}
	data := out.Bytes()
	if n := bytes.Count(data, []byte(`"kind":"drag"`)); n != 100 {
		t.Fatalf("%d drag inputs recorded, want 100 (ticks 50 to 149)", n)
	}
	if moved := s.World().Body(id.Index()).Curr.Center.Sub(start).Len(); moved < 1 {
		t.Fatalf("the drag moved crate-1 only %.2f m: the replay check would prove nothing", moved)
	}
	for _, d := range []DisplayDef{{Hz: 60}, {Hz: 144, Jitter: 0.5, Seed: 3}} {
		rep, err := replay(t, data, d)
		if err != nil {
			t.Fatalf("%+v: %v", d, err)
		}
		if rep.Ticks != 240 {
			t.Fatalf("%+v: replay ended at tick %d, want 240", d, rep.Ticks)
		}
	}
	// Without its drag lines the recording's hashes are not met.
	var kept [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if !bytes.Contains(l, []byte(`"kind":"drag"`)) {
			kept = append(kept, l)
		}
	}
	var mm *session.MismatchError
	if _, err := replay(t, bytes.Join(kept, []byte("\n")), DisplayDef{Hz: 60}); !errors.As(err, &mm) {
		t.Errorf("replay without the drags: %v, want a mismatch", err)
	}
}
