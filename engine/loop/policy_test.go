package loop

import (
	"math"
	"math/rand"
	"testing"
)

// feedPolicy runs frames through a loop of the given policy and catch-up
// and checks the books after every frame: stepped + accumulator + behind +
// dropped + rounded == fed, alpha in [0, 1), steps <= the cap.
func feedPolicy(t *testing.T, p Policy, c CatchUp, frames []float64) (*Loop, Frame) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Policy, cfg.CatchUp = p, c
	l, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var fed, books float64
	var last Frame
	for i, s := range frames {
		fr, err := l.Advance(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		fed += s
		books += float64(fr.Steps)*fr.StepSeconds + fr.DroppedSeconds() + fr.DiscardedSeconds + fr.RoundedSeconds
		if got := books + fr.Accumulator + fr.Behind; math.Abs(got-fed) > 1e-9*math.Max(fed, 1) {
			t.Fatalf("%v/%v frame %d: books %v, fed %v", p, c, i, got, fed)
		}
		if !(fr.Alpha >= 0 && fr.Alpha < 1) {
			t.Fatalf("%v/%v frame %d: alpha %v", p, c, i, fr.Alpha)
		}
		if fr.Steps > cfg.MaxStepsPerFrame {
			t.Fatalf("%v/%v frame %d: %d steps over the cap", p, c, i, fr.Steps)
		}
		last = fr
	}
	return l, last
}

func TestPolicyAccountingProperty(t *testing.T) {
	r := rand.New(rand.NewSource(37))
	frames := make([]float64, 5000)
	for i := range frames {
		switch r.Intn(10) {
		case 0:
			frames[i] = r.Float64() * 2 // stalls, some past the clamp and the cap
		case 1:
			frames[i] = 0
		default:
			frames[i] = r.Float64() / 30
		}
	}
	for p := Policy(0); p < numPolicies; p++ {
		for c := CatchUp(0); c < numCatchUps; c++ {
			feedPolicy(t, p, c, frames)
		}
	}
}

func TestVariableStepsTheFrame(t *testing.T) {
	var dts []float64
	cfg := DefaultConfig()
	cfg.Policy = Variable
	l, _ := New(cfg)
	for _, s := range []float64{1.0 / 144, 0.05, 0.4} {
		fr, _ := l.Advance(s, func(uint64) bool { dts = append(dts, l.StepDT()); return true })
		if fr.Steps != 1 || fr.Alpha != 0 {
			t.Fatalf("frame %v: %+v", s, fr)
		}
	}
	if dts[0] != 1.0/144 || dts[1] != 0.05 || dts[2] != 0.25 {
		t.Fatalf("step dts %v, want the frames' seconds clamped to 0.25", dts)
	}
}

func TestSemiFixedSplitsEqually(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Policy = SemiFixed
	l, _ := New(cfg)
	fr, _ := l.Advance(0.05, nil)
	if fr.Steps != 3 || math.Abs(fr.StepSeconds-1.0/60) > 1e-15 {
		t.Fatalf("0.05 s: %+v, want 3 steps of 1/60", fr)
	}
	fr, _ = l.Advance(0.02, nil)
	if fr.Steps != 2 || fr.StepSeconds != 0.01 {
		t.Fatalf("0.02 s: %+v, want 2 steps of 0.01", fr)
	}
}

func TestSkipLongFreezesTheLongFrame(t *testing.T) {
	_, fr := feedPolicy(t, SkipLong, Drop, []float64{0.01, 0.3})
	if fr.Steps != 0 || fr.SkippedSeconds != 0.3 || fr.Accumulator != 0.01 {
		t.Fatalf("long frame: %+v, want no step, 0.3 s skipped, accumulator kept", fr)
	}
}

func TestResetClearsAfterAStall(t *testing.T) {
	_, fr := feedPolicy(t, Fixed, Reset, []float64{0.01, 0.3})
	if fr.Steps != 0 || fr.ResetSeconds != 0.31 || fr.Accumulator != 0 {
		t.Fatalf("stall: %+v, want no step and 0.31 s reset", fr)
	}
}

// Slow never drops a step: under a sustained overload the world falls
// behind by a growing figure, and pays it back when frames are short.
func TestSlowFallsBehindAndCatchesUp(t *testing.T) {
	frames := make([]float64, 10)
	for i := range frames {
		frames[i] = 0.5 // 30 steps owed per frame, 8 run
	}
	l, fr := feedPolicy(t, Fixed, Slow, frames)
	if fr.DroppedSeconds() != 0 || fr.Behind < 3.6 {
		t.Fatalf("after 10 half-second frames: %+v, want nothing dropped and behind by 22 steps a frame", fr)
	}
	var steps int
	for l.Behind() > 0 {
		f, _ := l.Advance(0, nil)
		steps += f.Steps
		if f.Steps == 0 {
			t.Fatal("no progress while behind")
		}
	}
	if total := l.Tick(); total != 300 {
		t.Fatalf("stepped %d in all, want all 300 steps of the 5 s fed", total)
	}
}

// The precision anti-pattern, measured: the loop alone at a 144 Hz display
// for simulated hours. The float64 loop's tick count stays exact to a
// tick; the float32 accumulator's drifts, and its books (RoundedSeconds)
// account for every second of it.
func TestFloat32AccDriftOverHours(t *testing.T) {
	const hours = 24
	frames := hours * 3600 * 144
	run := func(p Policy) (l *Loop, rounded float64) {
		cfg := DefaultConfig()
		cfg.Policy = p
		l, _ = New(cfg)
		for i := 0; i < frames; i++ {
			fr, _ := l.Advance(1.0/144, nil)
			rounded += fr.RoundedSeconds
		}
		return l, rounded
	}
	fed := float64(frames) / 144
	want := fed * 60
	l64, _ := run(Fixed)
	l32, rounded := run(Float32Acc)
	if d := float64(l64.Tick()) - want; math.Abs(d) > 1 {
		t.Fatalf("float64 accumulator: %d ticks after %d h, want %v", l64.Tick(), hours, want)
	}
	drift := float64(l32.Tick()) - want
	t.Logf("float32 accumulator after %d h at 144 Hz: %d ticks (%+.0f ticks, %+.4f s); rounding lost %+.4f s",
		hours, l32.Tick(), drift, drift/60, rounded)
	if books := float64(l32.Tick())/60 + l32.Accumulator() + rounded; math.Abs(books-fed) > 1e-6 {
		t.Fatalf("float32 books: %v s stepped+kept+rounded, fed %v s", books, fed)
	}
	if rounded == 0 {
		t.Fatal("float32 accumulator rounded nothing away in a day of frames")
	}
}
