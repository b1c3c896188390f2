package session

import (
	"bytes"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/loop"
	"sandbox/engine/physics"
)

// A run of a loop whose dt is the frame's own (variable, semi-fixed)
// records each step's dt, and replays bit for bit on any display: the
// replay steps with the recorded dt whatever its own loop. Frames of
// uneven length, a 50 ms stall and shots make the dt matter: stepped at
// the fixed step instead, the replay differs at its first hash.
func TestReplayOfANonFixedLoop(t *testing.T) {
	for _, p := range []loop.Policy{loop.Variable, loop.SemiFixed} {
		r := newRecording(t, "springs")
		s := r.s
		if err := s.Loop().SetPolicy(p); err != nil {
			t.Fatal(err)
		}
		for i := 0; s.Tick() < 400; i++ {
			seconds := 1.0 / 144
			if i%3 == 0 {
				seconds = 1.0 / 50
			}
			if i%40 == 39 {
				seconds += 0.05 // a stall
			}
			if i == 30 {
				s.Queue(physics.Input{Kind: physics.InputFire, Fire: physics.BodyDef{Name: "shot", Center: mgl64.Vec3{-3, 2, 0},
					Half: mgl64.Vec3{0.1, 0.1, 0.1}, Velocity: mgl64.Vec3{300, 0, 0}, Mass: 0.1, Friction: 0.5, Orientation: mgl64.QuatIdent()}})
			}
			r.advance(t, seconds)
		}
		data := r.end(t)
		if !bytes.Contains(data, []byte(`"kind":"dt"`)) {
			t.Fatalf("%v: the recording holds no step's dt", p)
		}
		for _, hz := range []float64{60, 144} {
			rp, err := play(t, data, hz)
			if err != nil {
				t.Fatalf("%v, replayed at %v Hz: %v", p, hz, err)
			}
			if rp.Checked() < 5 {
				t.Fatalf("%v, replayed at %v Hz: only %d hashes compared", p, hz, rp.Checked())
			}
		}
	}
}
