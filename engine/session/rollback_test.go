package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// withShots is builtin scene name with its events replaced by n shots, the
// i-th at tick first+i*every, aimed at the scene's dynamic bodies: shots
// that move bodies, so that a late one changes the state.
func withShots(t testing.TB, name string, n int, first, every uint64, aim func(i int) (from, dir [3]float64, speed float64)) *scene.Scene {
	t.Helper()
	_, src, err := scene.LoadSource(name)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	events := []any{}
	for i := 0; i < n; i++ {
		from, dir, speed := aim(i)
		events = append(events, map[string]any{"tick": first + uint64(i)*every, "fire": map[string]any{
			"name": fmt.Sprintf("shot-%d", i), "from": from, "direction": dir, "speed": speed,
			"half": []float64{0.1, 0.1, 0.1}, "mass": 0.5}})
	}
	doc["events"] = events
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scene.Parse(name+"-shots.json", b)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// rangeHundredShots is the range with 100 shots into its crates, tower and
// pyramid, one every 3 ticks.
func rangeHundredShots(t testing.TB) *scene.Scene {
	return withShots(t, "range", 100, 5, 3, func(i int) ([3]float64, [3]float64, float64) {
		targets := [][3]float64{{10, 2, -15}, {4, 0.5, -14}, {3, 0.25, 12}, {16, 1, 0}, {5.5, 0.4, -12}}
		to := targets[i%len(targets)]
		from := [3]float64{-2, 1 + float64(i%4)*0.7, float64(i%7) - 3}
		return from, [3]float64{to[0] - from[0], to[1] - from[1], to[2] - from[2]}, 30 + float64(i%5)*15
	})
}

// pileFiftyShots is a 500-box pile (50 columns of 10) with 50 shots into
// it, in volleys of 5 every 10 ticks from tick 10 (both players in each
// volley: fewer rollbacks than lone shots, so that the test stays short).
func pileFiftyShots(t testing.TB) *scene.Scene {
	var b strings.Builder
	b.WriteString(`{"name": "pile-500", "statics": [{"name": "ground", "min": [-60, -1, -60], "max": [60, 0, 60]}], "bodies": [`)
	for n := 0; n < 500; n++ {
		col, k := n/10, n%10
		if n > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name": "b%d", "center": [%g, %g, %g], "half": [0.5, 0.5, 0.5]}`, n, float64(col%10)*1.1-5, 0.5+float64(k), float64(col/10)*1.1-2.5)
	}
	b.WriteString(`], "events": [`)
	for i := 0; i < 50; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"tick": %d, "fire": {"name": "shot-%d", "from": [-20, %g, %g], "direction": [1, 0.02, 0], "speed": %d, "half": [0.15, 0.15, 0.15], "mass": 3}}`,
			10+10*(i/5), i, 1+float64(i%8), float64(i%5)*1.1-2.2, 40+10*(i%6))
	}
	b.WriteString(`]}`)
	sc, err := scene.Parse("pile-500.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// playRollback plays tl over net to its end and returns the stats.
func playRollback(t testing.TB, tl *Timeline, net Network) RollbackStats {
	t.Helper()
	r, err := NewRollback(tl, net, nil)
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		if err := r.Tick(); err != nil {
			t.Fatalf("%+v: %v", net, err)
		}
	}
	if err := r.Finish(); err != nil {
		t.Fatalf("%+v: %v", net, err)
	}
	return r.Stats()
}

// rollbackDelays are the goal's delays, each with jitter.
var rollbackDelays = []Network{
	{Delay: 1, Jitter: 1, Seed: 1},
	{Delay: 4, Jitter: 2, Seed: 2},
	{Delay: 8, Jitter: 3, Seed: 3},
	{Delay: 16, Jitter: 4, Seed: 4},
}

// checkRollbacks plays sc's shots as two players over every delay: the
// final state must be the plain run's bit for bit, every checkpoint
// checked, and the late inputs must have rolled the world back.
func checkRollbacks(t *testing.T, sc *scene.Scene, ticks uint64) {
	tl, err := SceneTimeline(sc, ticks)
	if err != nil {
		t.Fatal(err)
	}
	if p := tl.Players(); p[1] == 0 || p[2] == 0 {
		t.Fatalf("players' inputs %v: want both players", p)
	}
	for _, net := range rollbackDelays {
		t.Run(fmt.Sprintf("delay-%d", net.Delay), func(t *testing.T) { checkRollback(t, tl, net) })
	}
}

func checkRollback(t *testing.T, tl *Timeline, net Network) {
	ticks := tl.Ticks
	{
		st := playRollback(t, tl, net)
		if st.StateHash != tl.EndHash() {
			t.Errorf("%+v: final hash %016x, plain run %016x", net, st.StateHash, tl.EndHash())
		}
		if want := int(ticks / CheckpointEvery); st.CheckedHashes != want {
			t.Errorf("%+v: %d checkpoints checked, want %d", net, st.CheckedHashes, want)
		}
		if st.Rollbacks == 0 || st.ResimulatedTicks < st.Rollbacks {
			t.Errorf("%+v: %d rollbacks, %d ticks re-simulated: the remote shots should roll the world back", net, st.Rollbacks, st.ResimulatedTicks)
		}
		if st.MaxResimulatedPerFrame > net.MaxLag() {
			t.Errorf("%+v: %d ticks re-simulated in one frame, more than the %d an input can be late", net, st.MaxResimulatedPerFrame, net.MaxLag())
		}
		t.Logf("%+v: %d rollbacks, %d re-simulated, max %d", net, st.Rollbacks, st.ResimulatedTicks, st.MaxResimulatedPerFrame)
	}
}

// TestRollbackRangeHundredShots: the range with 100 shots, half of them the
// remote player's, ends with the plain run's hash at every delay.
func TestRollbackRangeHundredShots(t *testing.T) {
	checkRollbacks(t, rangeHundredShots(t), 360)
}

// TestRollbackPileFiftyShots: a 500-box pile with 50 shots does too.
func TestRollbackPileFiftyShots(t *testing.T) {
	checkRollbacks(t, pileFiftyShots(t), 120)
}

// TestRollbackMismatchNamesTick: a state that differs from the timeline's
// is an error naming the checkpoint tick, as a replay's is, and the bodies;
// a checkpoint kept without fingerprints says that it cannot name them.
func TestRollbackMismatchNamesTick(t *testing.T) {
	for _, prints := range []bool{true, false} {
		tl, err := SceneTimeline(rangeHundredShots(t), 180)
		if err != nil {
			t.Fatal(err)
		}
		tl.hashes[1].hash ^= 1 // tick 120
		if !prints {
			tl.hashes[1].bodies, tl.hashes[1].listed = nil, false
		}
		r, err := NewRollback(tl, Network{Delay: 8, Jitter: 3, Seed: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for err == nil && !r.Done() {
			err = r.Tick()
		}
		if err == nil {
			err = r.Finish()
		}
		var m *MismatchError
		if !errors.As(err, &m) || m.Tick != 120 {
			t.Fatalf("fingerprints %v: error %v: want a mismatch at tick 120", prints, err)
		}
		want := "recorded hash itself differs"
		if !prints {
			want = "lists no fingerprints"
		}
		if !strings.Contains(m.Detail(), want) {
			t.Fatalf("fingerprints %v: %q does not say %q", prints, m.Detail(), want)
		}
	}
}

// TestNetworkDelays: each tick's delay is within Delay +- Jitter (not
// below 0), takes every value in that range, and is the same every time.
func TestNetworkDelays(t *testing.T) {
	n := Network{Delay: 2, Jitter: 3, Seed: 7}
	seen := map[uint64]bool{}
	for tick := uint64(0); tick < 1000; tick++ {
		d := n.DelayOf(tick)
		if d > 5 || d != n.DelayOf(tick) {
			t.Fatalf("tick %d: delay %d", tick, d)
		}
		seen[d] = true
	}
	if len(seen) != 6 {
		t.Fatalf("delays seen %v: want 0..5", seen)
	}
	if (Network{Delay: 16, Jitter: 45}).Validate() == nil || (Network{Delay: -1}).Validate() == nil {
		t.Fatal("a lag beyond the ring or a negative delay was accepted")
	}
}

// TestRollbackNoAllocs: once warm, a frame that rolls back allocates nothing.
func TestRollbackNoAllocs(t *testing.T) {
	tl, err := SceneTimeline(withShots(t, "range", 0, 0, 1, nil), 1)
	if err != nil {
		t.Fatal(err)
	}
	// The remote player teleports crate-1 every 5 ticks: a one-off input,
	// never predicted, so each one rolls the world back when it arrives.
	// (No states to check: the plain run had no teleports.)
	tl.Ticks, tl.hashes = 1<<40, nil
	for tick := uint64(1); tick < 2000; tick += 5 {
		tl.Inputs = append(tl.Inputs, PlayerInput{Tick: tick, Player: 2, BodyName: "crate-1",
			Input: physics.Input{Kind: physics.InputTeleport, Center: mgl64.Vec3{float64(tick%3) + 2, 3, -14}}})
	}
	r, err := NewRollback(tl, Network{Delay: 6, Jitter: 2, Seed: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		if err := r.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	before := r.Stats().Rollbacks
	allocs := testing.AllocsPerRun(500, func() {
		if err := r.Tick(); err != nil {
			t.Fatal(err)
		}
	})
	if r.Stats().Rollbacks-before < 50 {
		t.Fatalf("%d rollbacks in 500 frames: the test measures too few", r.Stats().Rollbacks-before)
	}
	if allocs != 0 {
		t.Fatalf("%v allocations per frame with rollbacks, want 0", allocs)
	}
}

// BenchmarkRollback compares a re-simulated tick with a plain step on a
// 500-box pile, over the same 8 ticks (60 to 68) of the same states:
// plain-step steps them in a session without a rewind ring (the restore
// before each run not timed); resimulated-tick is a rollback of them (the
// restore from the ring timed, and each step saving its state in the ring
// again). Both report ns/tick.
func BenchmarkRollback(b *testing.B) {
	const from, ticks = 60, 8
	sc := pileFiftyShots(b)
	b.Run("plain-step", func(b *testing.B) {
		s, err := New(Options{Scene: sc})
		if err != nil {
			b.Fatal(err)
		}
		for s.Tick() < from {
			s.step(0)
			s.frame.reset()
		}
		snap := s.World().Snapshot()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			s.World().Restore(snap)
			b.StartTimer()
			for k := 0; k < ticks; k++ {
				s.step(0)
			}
			s.frame.reset()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*ticks), "ns/tick")
	})
	b.Run("resimulated-tick", func(b *testing.B) {
		tl, err := SceneTimeline(sc, 1)
		if err != nil {
			b.Fatal(err)
		}
		tl.Ticks, tl.hashes = 1<<40, nil
		r, err := NewRollback(tl, Network{Delay: ticks}, nil)
		if err != nil {
			b.Fatal(err)
		}
		for r.Session().Tick() < from+ticks {
			if err := r.Tick(); err != nil {
				b.Fatal(err)
			}
		}
		s := r.Session()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if err := r.rollback(from, from+ticks); err != nil {
				b.Fatal(err)
			}
			s.frame.reset()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*ticks), "ns/tick")
	})
}

// TestRollbackLiveKeepsUserInputs: in a live session (the window's), the
// user's shot queued at tick 20 is the local player's input: the rollback
// that a remote teleport of tick 15 causes when it arrives at tick 25
// re-simulates it too, and the state is that of a plain session given the
// same inputs on time.
func TestRollbackLiveKeepsUserInputs(t *testing.T) {
	sc := withShots(t, "range", 0, 0, 1, nil)
	sc.Events = []scene.Event{{Tick: 15, Kind: scene.EventTeleport, Player: 2,
		Teleport: scene.Teleport{Body: "crate-1", Center: mgl64.Vec3{6, 3, -10}}}}
	user := userShot("user-shot")
	runTo := func(s *Session, tick uint64, after func()) {
		s.SetStopTick(tick)
		for !s.Done() {
			if _, err := s.Advance(1.0 / 60); err != nil {
				t.Fatal(err)
			}
			after()
		}
	}
	plain, err := New(Options{Scene: sc})
	if err != nil {
		t.Fatal(err)
	}
	runTo(plain, 20, func() {})
	plain.Queue(user)
	runTo(plain, 200, func() {})

	tl := LiveTimeline(sc)
	s, err := New(Options{Scene: tl.Scene})
	if err != nil {
		t.Fatal(err)
	}
	r, err := AttachRollback(s, tl, Network{Delay: 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Live()
	sync := func() {
		if err := r.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	runTo(s, 20, sync)
	s.Queue(user)
	runTo(s, 200, sync)
	if st := r.Stats(); st.Rollbacks != 1 || st.ResimulatedTicks != 10 {
		t.Fatalf("%d rollbacks of %d ticks: want 1 of 10", st.Rollbacks, st.ResimulatedTicks)
	}
	if _, ok := s.World().FindBody("user-shot"); !ok {
		t.Fatal("the user's shot is gone after the rollback")
	}
	if got, want := s.World().StateHash(), plain.World().StateHash(); got != want {
		t.Fatalf("live rollback state %016x, plain session %016x", got, want)
	}
}
