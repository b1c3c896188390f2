package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// scriptScene has events out of tick order, two at one tick (file order
// must hold), a teleport of a projectile fired earlier but listed later,
// and a teleport with orientation and velocity.
const scriptScene = `{
  "statics": [{"name": "ground", "min": [-50, -1, -50], "max": [50, 0, 50]}],
  "bodies": [{"name": "box", "center": [0, 0.5, 0], "half": [0.5, 0.5, 0.5]}],
  "events": [
    {"tick": 7, "teleport": {"body": "shot", "center": [5, 9, 5], "velocity": [0, 0, 0]}},
    {"tick": 3, "fire": {"name": "shot", "from": [-3, 2, 0], "direction": [2, 0, 0], "speed": 40,
      "spin": [0, 0, 7], "half": [0.1, 0.2, 0.3], "mass": 0.25}},
    {"tick": 3, "teleport": {"body": "box", "center": [1, 4, 0], "orientation": [0, 0, 1, 0]}},
    {"tick": 1, "teleport": {"body": "box", "center": [2, 3, 0]}}
  ]
}`

func TestScriptInputs(t *testing.T) {
	s, err := Parse("script.json", []byte(scriptScene))
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := s.NewScript(w)
	if sc.Len() != 4 || sc.LastTick() != 7 {
		t.Fatalf("Len %d LastTick %d", sc.Len(), sc.LastTick())
	}
	boxID, _ := w.FindBody("box")
	var buf []physics.Input
	kinds := map[uint64][]physics.InputKind{}
	for tick := uint64(0); tick <= 8; tick++ {
		buf = sc.InputsFor(tick, buf[:0])
		for _, in := range buf {
			kinds[tick] = append(kinds[tick], in.Kind)
		}
		switch tick {
		case 1:
			if len(buf) != 1 || buf[0].Body != boxID || buf[0].Center != (mgl64.Vec3{2, 3, 0}) || buf[0].SetOrientation || buf[0].SetVelocity {
				t.Fatalf("tick 1 inputs %+v", buf)
			}
		case 3:
			if len(buf) != 2 || buf[0].Kind != physics.InputFire || buf[1].Kind != physics.InputTeleport {
				t.Fatalf("tick 3 inputs %+v: want the fire, then the teleport (file order)", buf)
			}
			f := buf[0].Fire
			want := physics.BodyDef{
				Name: "shot", Center: mgl64.Vec3{-3, 2, 0}, Half: mgl64.Vec3{0.1, 0.2, 0.3},
				Orientation: mgl64.QuatIdent(), Velocity: mgl64.Vec3{40, 0, 0}, AngularVelocity: mgl64.Vec3{0, 0, 7},
				Mass: 0.25, Friction: 0.5, Bullet: true,
			}
			if f != want {
				t.Fatalf("fire %+v\nwant %+v", f, want)
			}
			if !buf[1].SetOrientation || buf[1].Orientation != (mgl64.Quat{V: mgl64.Vec3{0, 1, 0}}) || buf[1].Body != boxID {
				t.Fatalf("teleport %+v", buf[1])
			}
		case 7:
			shotID, ok := w.FindBody("shot")
			if !ok || len(buf) != 1 || buf[0].Body != shotID || !buf[0].SetVelocity {
				t.Fatalf("tick 7 inputs %+v: want the teleport of the projectile (%v, %v)", buf, shotID, ok)
			}
		default:
			if len(buf) != 0 {
				t.Fatalf("tick %d inputs %+v", tick, buf)
			}
		}
		w.Step(s.StepSeconds(), buf)
	}
	if w.Counters().Teleports != 3 || w.NumBodies() != 2 {
		t.Fatalf("after the script: %d teleports, %d bodies", w.Counters().Teleports, w.NumBodies())
	}
	if c := w.Body(1).Curr.Center; c.Sub(mgl64.Vec3{5, 9, 5}).Len() > 1 {
		t.Fatalf("projectile at %v, teleported to (5, 9, 5) a step ago", c)
	}

	// Asking again for a tick (or an earlier one, after a Restore) replays it.
	if got := sc.InputsFor(3, nil); len(got) != 2 {
		t.Fatalf("rewound to tick 3: %d inputs", len(got))
	}
	if got := sc.InputsFor(3, nil); len(got) != 2 {
		t.Fatalf("tick 3 asked twice: %d inputs", len(got))
	}
	if got := sc.InputsFor(1, nil); len(got) != 1 {
		t.Fatalf("rewound to tick 1: %d inputs", len(got))
	}
	if got := sc.InputsFor(100, nil); len(got) != 0 {
		t.Fatalf("tick 100: %d inputs", len(got))
	}
	// A script started late skips the events it missed.
	late := s.NewScript(w)
	if got := late.InputsFor(5, nil); len(got) != 0 {
		t.Fatalf("late script at tick 5: %+v", got)
	}
	if got := late.InputsFor(7, nil); len(got) != 1 {
		t.Fatalf("late script at tick 7: %d inputs", len(got))
	}
}

// TestInputsForDoesNotAllocate runs the whole gauntlet script (16 shots at
// 4 ticks) and a teleport script with a warm buffer.
func TestInputsForDoesNotAllocate(t *testing.T) {
	for _, name := range []string{"gauntlet", "teleport"} {
		s := mustLoad(t, name)
		w := playScript(t, s) // every projectile exists, so teleports resolve
		sc := s.NewScript(w)
		buf := make([]physics.Input, 0, 64)
		last := sc.LastTick()
		allocs := testing.AllocsPerRun(20, func() {
			n := 0
			for tick := uint64(0); tick <= last; tick++ {
				buf = sc.InputsFor(tick, buf[:0])
				n += len(buf)
			}
			if n != sc.Len() {
				t.Fatalf("%s: %d inputs over the script, want %d", name, n, sc.Len())
			}
		})
		if allocs != 0 {
			t.Errorf("%s: InputsFor allocated %v times per script", name, allocs)
		}
	}
}

// BenchmarkInputsFor: one tick's lookup on a tick without events, the
// common case in a frame loop.
func BenchmarkInputsFor(b *testing.B) {
	s, err := Builtin("teleport")
	if err != nil {
		b.Fatal(err)
	}
	w, err := s.NewWorld(nil)
	if err != nil {
		b.Fatal(err)
	}
	sc := s.NewScript(w)
	buf := make([]physics.Input, 0, 8)
	b.ReportAllocs()
	tick := uint64(0)
	for b.Loop() {
		buf = sc.InputsFor(tick%1300, buf[:0])
		tick++
	}
}
