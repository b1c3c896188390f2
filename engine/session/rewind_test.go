package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

func userShot(name string) physics.Input {
	d := physics.DefaultBodyDef()
	d.Name, d.Center, d.Velocity, d.Half, d.Mass = name, mgl64.Vec3{-3, 2, 0}, mgl64.Vec3{400, 0, 1}, mgl64.Vec3{0.1, 0.1, 0.1}, 0.1
	return physics.Input{Kind: physics.InputFire, Fire: d}
}

// runTo advances s on a 144 Hz display until tick t, queuing shot at tick
// shotTick (once, when the session passes it).
func runTo(t *testing.T, s *Session, tick, shotTick uint64) {
	t.Helper()
	s.SetStopTick(tick)
	for !s.Done() {
		if s.Tick() <= shotTick && s.Tick()+3 > shotTick {
			// Queue so that it applies at shotTick: advance one step at a time.
			for s.Tick() < shotTick {
				s.Loop().SetPaused(true)
				s.Loop().RequestSingleStep()
				if _, err := s.Advance(0); err != nil {
					t.Fatal(err)
				}
			}
			s.Loop().SetPaused(false)
			s.Queue(userShot("late-shot"))
		}
		if _, err := s.Advance(1.0 / 144); err != nil {
			t.Fatal(err)
		}
	}
}

// Rewinding a paused session, stepping back and forward, then resuming from
// the rewound tick gives the same state, bit for bit, as a run that was
// never interrupted; and the first frame after says it resumed from there.
func TestRewindThenResumeMatchesUninterruptedRun(t *testing.T) {
	plain := mustSession(t, Options{Scene: mustScene(t, "range")})
	runTo(t, plain, 400, 250)
	want := plain.World().StateHash()

	s := mustSession(t, Options{Scene: mustScene(t, "range")})
	s.EnableRewind(RewindTicks(s.StepSeconds()))
	runTo(t, s, 300, 250) // the late shot is fired at 250 on this branch too
	s.Loop().SetPaused(true)
	for i := 0; i < 120; i++ {
		if !s.StepBack() {
			t.Fatalf("step back %d from tick %d refused", i, s.Tick())
		}
	}
	if !s.StepForward() || !s.StepForward() || !s.StepBack() || !s.StepBack() || s.Tick() != 180 {
		t.Fatalf("after 120 back, 2 forward, 2 back: tick %d, want 180", s.Tick())
	}
	lo, hi, _ := s.RewindRange()
	if lo != 0 || hi != 300 {
		t.Fatalf("rewind range %d..%d, want 0..300", lo, hi)
	}
	s.Loop().SetPaused(false)
	s.SetStopTick(0)
	f, err := s.Advance(1.0 / 144)
	for err == nil && f.Steps == 0 {
		f, err = s.Advance(1.0 / 144)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !f.HasRewound || f.Rewound != (Rewound{From: 300, To: 180}) {
		t.Fatalf("first frame after resuming: rewound %v %+v, want from 300 to 180", f.HasRewound, f.Rewound)
	}
	runTo(t, s, 400, 250)
	if got := s.World().StateHash(); got != want {
		t.Fatalf("rewound and resumed: hash %016x, uninterrupted %016x", got, want)
	}
}

// Once the ring is full, saving every tick allocates nothing.
func TestRewindRingDoesNotAllocateWhenFull(t *testing.T) {
	s := mustSession(t, Options{Scene: mustScene(t, "teleport")})
	s.EnableRewind(30)
	for i := 0; i < 100; i++ {
		_, _ = s.Advance(1.0 / 60)
	}
	if n := testing.AllocsPerRun(200, func() { _, _ = s.Advance(1.0 / 60) }); n != 0 {
		t.Fatalf("a frame with the rewind ring full allocates %v times", n)
	}
	if lo, hi, _ := s.RewindRange(); hi-lo != 30 {
		t.Fatalf("ring holds ticks %d..%d, want 31 states", lo, hi)
	}
	if err := s.SeekTick(0); err == nil {
		t.Fatal("seeking to a tick the ring no longer holds was accepted")
	}
}

// A scene too big for RewindSeconds of states within the memory budget
// keeps fewer ticks: a 500-box pile is about 0.7 MB a tick.
func TestRewindRingKeepsToItsBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name": "pile", "statics": [{"name": "ground", "min": [-60, -1, -60], "max": [60, 0, 60]}], "bodies": [`)
	for i := 0; i < 500; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name": "b%d", "center": [%g, %g, %g], "half": [0.5, 0.5, 0.5]}`, i, float64(i/10%10)*1.1, 0.5+float64(i%10), float64(i/100)*1.1)
	}
	b.WriteString(`]}`)
	sc, err := scene.Parse("pile.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	s := mustSession(t, Options{Scene: sc})
	s.EnableRewind(RewindTicks(s.StepSeconds()))
	for s.Tick() < 100 {
		if _, err := s.Advance(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	r := s.rewind
	total := 0
	for i := range r.slots {
		total += r.slots[i].Bytes()
	}
	if len(r.slots) >= RewindTicks(s.StepSeconds()) || total > RewindBudgetBytes*3/2 || len(r.slots) < minRewindTicks {
		t.Fatalf("ring of %d slots holding %d MB (budget %d MB)", len(r.slots), total>>20, RewindBudgetBytes>>20)
	}
	if lo, hi, _ := s.RewindRange(); hi != 100 || !s.StepBack() || s.Tick() != 99 || lo > 40 {
		t.Fatalf("after shrinking: range %d..%d, step back to %d", lo, hi, s.Tick())
	}
}
