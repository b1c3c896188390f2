package session

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// stepTo advances s on a 60 Hz display until its tick reaches t.
func stepTo(t *testing.T, s *Session, tick uint64) {
	t.Helper()
	for s.Tick() < tick {
		if _, err := s.Advance(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
}

// A rate changed mid-run resets nothing: same tick, same bodies, the
// loop's time goes on; the next step runs at the new dt with the new
// substeps, and the change is one of that tick's inputs.
func TestSetRateResetsNothing(t *testing.T) {
	s := mustSession(t, Options{Scene: mustScene(t, "range")})
	stepTo(t, s, 90)
	tick, hash, t0, acc := s.Tick(), s.World().StateHash(), s.Loop().Time(), s.Loop().Accumulator()
	want := Rate{Hz: 240, Substeps: 2}
	for _, bad := range []Rate{{0, 2}, {1001, 2}, {math.NaN(), 2}, {240, 0}, {240, physics.MaxSubsteps + 1}} {
		if err := s.SetRate(bad); err == nil {
			t.Errorf("SetRate(%+v) accepted", bad)
		}
	}
	if err := s.SetRate(want); err != nil {
		t.Fatal(err)
	}
	if s.Tick() != tick || s.World().StateHash() != hash || s.Loop().Time() != t0 || s.Loop().Accumulator() != acc {
		t.Fatalf("SetRate changed the state: tick %d->%d, time %v->%v, acc %v->%v", tick, s.Tick(), t0, s.Loop().Time(), acc, s.Loop().Accumulator())
	}
	if s.Rate() == want || s.PendingRate() != want || s.Loop().Config().StepSeconds != 1.0/240 {
		t.Fatalf("rate %+v, pending %+v, loop step %v", s.Rate(), s.PendingRate(), s.Loop().Config().StepSeconds)
	}
	f, err := s.Advance(1.0 / 60)
	if err != nil {
		t.Fatal(err)
	}
	if f.Steps != 4 || s.Rate() != want || s.StepSeconds() != 1.0/240 || s.World().Substeps() != 2 {
		t.Fatalf("next frame: %d steps at %v s, %d substeps; want 4 at 240 Hz with 2", f.Steps, s.StepSeconds(), s.World().Substeps())
	}
	if len(f.Inputs) != 1 || f.Inputs[0].Tick != tick || f.Inputs[0].Input.Kind != physics.InputSetRate {
		t.Fatalf("frame inputs %+v, want the rate change at tick %d", f.Inputs, tick)
	}
	if math.Abs(s.Loop().Time()-(t0+4.0/240)) > 1e-12 {
		t.Errorf("loop time %v, want %v", s.Loop().Time(), t0+4.0/240)
	}
}

// A scene run at a rate from its first tick (-physics-hz, -substeps)
// gives the states of the same scene written at that rate, bit for bit;
// and a change back to the scene's own rate at tick 0 changes nothing.
func TestRateFromTheStartMatchesTheScenesRate(t *testing.T) {
	at120 := mustScene(t, "range")
	at120.SetRate(120, 2)
	a := mustSession(t, Options{Scene: at120})
	stepTo(t, a, 300)

	b := mustSession(t, Options{Scene: mustScene(t, "range")})
	if err := b.SetRate(Rate{Hz: 120, Substeps: 2}); err != nil {
		t.Fatal(err)
	}
	stepTo(t, b, 300)
	if a.World().StateHash() != b.World().StateHash() {
		t.Fatalf("120 Hz from the scene %016x, from SetRate at tick 0 %016x", a.World().StateHash(), b.World().StateHash())
	}

	c := mustSession(t, Options{Scene: mustScene(t, "range")})
	d := mustSession(t, Options{Scene: mustScene(t, "range")})
	if err := d.SetRate(SceneRate(d.Scene())); err != nil || len(d.Pending()) != 0 {
		t.Fatalf("setting the rate it has: %v, %d inputs queued", err, len(d.Pending()))
	}
	stepTo(t, c, 300)
	stepTo(t, d, 300)
	if c.World().StateHash() != d.World().StateHash() {
		t.Fatal("SetRate to the scene's own rate changed the run")
	}
}

// A recording of a session whose rate changed twice (and that was rewound
// across one change) replays with every hash equal, on another display;
// the rate line is in the file, and the rewind restored the rate of the
// tick it went to.
func TestRateChangesAreRecordedAndReplayed(t *testing.T) {
	src, err := os.ReadFile("../scene/builtin/range.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scene.Parse("builtin/range.json", src)
	if err != nil {
		t.Fatal(err)
	}
	s := mustSession(t, Options{Scene: sc})
	s.SetFingerprints(true)
	s.EnableRewind(RewindTicks(s.StepSeconds()))
	var out bytes.Buffer
	rec, err := NewRecorder(&out, sc.File, src, s.World().CCD(), Rate{})
	if err != nil {
		t.Fatal(err)
	}
	frame := func() {
		f, err := s.Advance(1.0 / 144)
		if err != nil {
			t.Fatal(err)
		}
		rec.Frame(f)
	}
	for s.Tick() < 100 {
		frame()
	}
	changed := s.Tick()
	if err := s.SetRate(Rate{Hz: 200, Substeps: 3}); err != nil {
		t.Fatal(err)
	}
	s.Queue(userShot("shot-1"))
	for s.Tick() < 250 {
		frame()
	}
	// Back across the change: the 60 Hz rate of that tick comes back.
	s.Loop().SetPaused(true)
	for s.Tick() > changed-10 {
		if !s.StepBack() {
			t.Fatalf("step back from %d refused", s.Tick())
		}
	}
	if s.Rate() != SceneRate(sc) || s.Loop().Config().StepSeconds != sc.StepSeconds() || s.World().Substeps() != 4 {
		t.Fatalf("rewound before the change: rate %+v, loop step %v, substeps %d", s.Rate(), s.Loop().Config().StepSeconds, s.World().Substeps())
	}
	s.Loop().SetPaused(false)
	if err := s.SetRate(Rate{Hz: 90, Substeps: 8}); err != nil {
		t.Fatal(err)
	}
	for s.Tick() < 400 {
		frame()
	}
	if err := rec.End(s.World()); err != nil {
		t.Fatal(err)
	}
	data := out.Bytes()
	if !bytes.Contains(data, []byte(`"kind":"rate","hz":200,"substeps":3`)) || !bytes.Contains(data, []byte(`"kind":"rate","hz":90,"substeps":8`)) {
		t.Fatalf("the recording lacks its rate changes:\n%.3000s", data)
	}

	rp, err := ParseReplay("rec.jsonl", data)
	if err != nil {
		t.Fatal(err)
	}
	r := mustSession(t, Options{Scene: rp.Scene})
	if err := rp.Start(r); err != nil {
		t.Fatal(err)
	}
	for !rp.Done(r) {
		f, err := r.Advance(1.0 / 50)
		if err != nil {
			t.Fatal(err)
		}
		if err := rp.Check(r, f); err != nil {
			t.Fatal(err)
		}
	}
	if err := rp.Finish(r); err != nil {
		t.Fatal(err)
	}
	if rp.Checked() < 4 || r.Rate() != (Rate{Hz: 90, Substeps: 8}) {
		t.Fatalf("%d hashes checked, rate at the end %+v", rp.Checked(), r.Rate())
	}
}

// A recording header's rate overrides the embedded scene's (a run made
// with -physics-hz and -substeps); a bad one is refused naming line 1.
func TestRecordingHeaderCarriesTheRate(t *testing.T) {
	src, err := os.ReadFile("../scene/builtin/drop.json")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rec, err := NewRecorder(&out, "builtin/drop.json", src, true, Rate{Hz: 240, Substeps: 1})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scene.Parse("builtin/drop.json", src)
	if err != nil {
		t.Fatal(err)
	}
	sc.SetRate(240, 1)
	s := mustSession(t, Options{Scene: sc})
	s.SetFingerprints(true)
	stepTo(t, s, 120)
	if err := rec.End(s.World()); err != nil {
		t.Fatal(err)
	}
	rp, err := ParseReplay("rec.jsonl", out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if rp.Scene.PhysicsHz != 240 || SceneRate(rp.Scene).Substeps != 1 {
		t.Fatalf("replayed scene at %g Hz, %d substeps; want 240, 1", rp.Scene.PhysicsHz, SceneRate(rp.Scene).Substeps)
	}
	bad := strings.Replace(out.String(), `"physics_hz":240`, `"physics_hz":0.5`, 1)
	if _, err := ParseReplay("rec.jsonl", []byte(bad)); err == nil || !strings.Contains(err.Error(), "rec.jsonl:1:") || !strings.Contains(err.Error(), "physics rate 0.5 Hz") {
		t.Fatalf("a header rate of 0.5 Hz: %v", err)
	}
}
