package session

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

func mustScene(t testing.TB, name string) *scene.Scene {
	t.Helper()
	sc, err := scene.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func mustSession(t testing.TB, o Options) *Session {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A frame keeps the events of every one of its steps, not only the last
// step's: a 10 Hz display runs six steps a frame, and the frames' events
// add up to the world's counters.
func TestFrameHoldsEveryStepsEvents(t *testing.T) {
	for _, name := range []string{"range", "teleport"} {
		s := mustSession(t, Options{Scene: mustScene(t, name), StopTick: 400})
		var hits, tunnels, teleports, begun uint64
		multi := false
		for !s.Done() {
			f, err := s.Advance(0.1)
			if err != nil {
				t.Fatal(err)
			}
			multi = multi || f.Steps > 1
			hits += uint64(len(f.CCDHits))
			tunnels += uint64(len(f.Tunnels))
			teleports += uint64(len(f.Teleports))
			begun += uint64(len(f.ContactsBegun))
			for _, h := range f.CCDHits {
				if h.Tick <= f.FirstTick || h.Tick > f.Tick {
					t.Fatalf("%s: CCD hit stamped tick %d in a frame from tick %d to %d", name, h.Tick, f.FirstTick, f.Tick)
				}
			}
			if len(f.StepNanos) != f.Steps {
				t.Fatalf("%s: %d step times for %d steps", name, len(f.StepNanos), f.Steps)
			}
		}
		c := s.World().Counters()
		if !multi {
			t.Fatalf("%s: no frame ran more than one step at 10 Hz", name)
		}
		if hits != c.CCDHits || tunnels != c.Tunnels || teleports != c.Teleports || begun != c.ContactsBegun {
			t.Fatalf("%s: frames hold %d hits, %d tunnels, %d teleports, %d contacts begun; the world counted %+v",
				name, hits, tunnels, teleports, begun, c)
		}
		if name == "range" && hits == 0 || name == "teleport" && teleports == 0 {
			t.Fatalf("%s: nothing to count (%+v): the test checks nothing", name, c)
		}
	}
}

// The frame's profile is the sum over its steps, not the last step's.
func TestFrameProfileIsSummedOverSteps(t *testing.T) {
	var now int64
	clock := func() int64 { now += 1000; return now }
	s := mustSession(t, Options{Scene: mustScene(t, "range"), Clock: clock})
	var sum int64
	s.Observe(func(w *physics.World) { sum += w.Profile().Total })
	f, err := s.Advance(0.1)
	if err != nil {
		t.Fatal(err)
	}
	if f.Steps != 6 {
		t.Fatalf("%d steps in a 0.1 s frame at 60 Hz, want 6", f.Steps)
	}
	if f.Profile.Total != sum || sum <= s.World().Profile().Total {
		t.Fatalf("frame profile total %d ns, steps summed %d ns, last step %d ns", f.Profile.Total, sum, s.World().Profile().Total)
	}
}

// Queued inputs apply at the next tick boundary, once, and the frame lists
// them with their tick.
func TestQueuedInputAppliesAtNextTick(t *testing.T) {
	s := mustSession(t, Options{Scene: mustScene(t, "drop")})
	if _, err := s.Advance(1.0 / 60); err != nil {
		t.Fatal(err)
	}
	d := physics.DefaultBodyDef()
	d.Name, d.Center, d.Velocity = "q", mgl64.Vec3{0, 5, 0}, mgl64.Vec3{1, 0, 0}
	s.Queue(physics.Input{Kind: physics.InputFire, Fire: d})
	n := s.World().NumBodies()
	f, err := s.Advance(2.0 / 60)
	if err != nil {
		t.Fatal(err)
	}
	if s.World().NumBodies() != n+1 || len(f.Inputs) != 1 || f.Inputs[0].Tick != 1 || len(s.Pending()) != 0 {
		t.Fatalf("bodies %d -> %d, frame inputs %+v, pending %d; want one fire at tick 1", n, s.World().NumBodies(), f.Inputs, len(s.Pending()))
	}
}

// Checkpoint hashes come every CheckpointEvery ticks, each the world's hash
// at that tick, whatever the display rate.
func TestCheckpointsEverySixtyTicks(t *testing.T) {
	var want []Checkpoint
	for _, hz := range []float64{60, 7, 144} {
		s := mustSession(t, Options{Scene: mustScene(t, "teleport"), StopTick: 300})
		var got []Checkpoint
		for !s.Done() {
			f, err := s.Advance(1 / hz)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, f.Checkpoints...)
		}
		if len(got) != 5 || got[0].Tick != 60 || got[4].Tick != 300 || got[4].Hash != s.World().StateHash() {
			t.Fatalf("%v Hz: checkpoints %+v", hz, got)
		}
		if want == nil {
			want = got
		}
		for i := range got {
			if got[i].Tick != want[i].Tick || got[i].Hash != want[i].Hash {
				t.Fatalf("%v Hz: checkpoint %+v, want %+v as at 60 Hz", hz, got[i], want[i])
			}
		}
	}
}

// emptyScene has no bodies: Advance does no physics work.
func emptyScene(t testing.TB) *scene.Scene {
	sc, err := scene.Parse("empty.json", []byte(`{"name": "empty", "statics": [], "bodies": []}`))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestAdvanceDoesNotAllocate(t *testing.T) {
	s := mustSession(t, Options{Scene: emptyScene(t)})
	for i := 0; i < 200; i++ { // warm: every buffer at its size
		_, _ = s.Advance(1.0 / 144)
	}
	if n := testing.AllocsPerRun(500, func() { _, _ = s.Advance(1.0 / 144) }); n != 0 {
		t.Fatalf("Advance allocates %v times per frame", n)
	}
}

func BenchmarkSessionAdvance(b *testing.B) {
	s := mustSession(b, Options{Scene: emptyScene(b)})
	for i := 0; i < 200; i++ {
		_, _ = s.Advance(1.0 / 144)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Advance(1.0 / 144); err != nil {
			b.Fatal(err)
		}
	}
}
