package loop

import (
	"math"
	"testing"
)

// A change of rate between frames resets nothing: the tick and the seconds
// owed stay, Time goes on from where it was, and the next frame steps the
// owed time at the new rate; bad steps are refused and change nothing.
func TestSetStepSecondsBetweenFrames(t *testing.T) {
	l := mustNew(t, cfgWith(8, 0.25))
	f, _ := l.Advance(2.25*step60, nil)
	if f.Steps != 2 {
		t.Fatalf("%d steps, want 2", f.Steps)
	}
	acc, t0 := l.Accumulator(), l.Time()
	for _, bad := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if err := l.SetStepSeconds(bad); err == nil || l.Config().StepSeconds != step60 {
			t.Fatalf("SetStepSeconds(%v) = %v, step now %v", bad, err, l.Config().StepSeconds)
		}
	}
	const h = 1.0 / 120
	if err := l.SetStepSeconds(h); err != nil {
		t.Fatal(err)
	}
	if l.Tick() != 2 || l.Accumulator() != acc || l.Time() != t0 || l.Config().StepSeconds != h {
		t.Fatalf("after the change: tick %d, acc %v (was %v), time %v (was %v), step %v", l.Tick(), l.Accumulator(), acc, l.Time(), t0, l.Config().StepSeconds)
	}
	if a := l.Alpha(); math.Abs(a-acc/h) > 1e-12 {
		t.Errorf("alpha %v, want acc/new step %v", a, acc/h)
	}
	// 0.25 old steps owed + 1.3 old steps fed = 3.1 new steps.
	f, _ = l.Advance(1.3*step60, nil)
	if f.Steps != 3 || math.Abs(f.Accumulator-0.1*h) > 1e-12 {
		t.Fatalf("next frame: %d steps, acc %v; want 3 at 120 Hz, a tenth of one owed", f.Steps, f.Accumulator)
	}
	if want := 2*step60 + 3*h; math.Abs(l.Time()-want) > 1e-15 {
		t.Errorf("time %v, want %v", l.Time(), want)
	}
	l.Reset()
	if l.Time() != 0 || l.Config().StepSeconds != h {
		t.Errorf("Reset: time %v, step %v; want 0 at the rate set", l.Time(), l.Config().StepSeconds)
	}
}

// A step callback that changes the rate makes the rest of the frame's
// steps run at the new rate.
func TestSetStepSecondsInsideAFrame(t *testing.T) {
	l := mustNew(t, cfgWith(100, 0))
	f, _ := l.Advance(0.5, func(tick uint64) bool {
		if tick == 5 {
			_ = l.SetStepSeconds(1.0 / 30)
		}
		return true
	})
	// Ticks 0..5 take 6/60 s from the accumulator (step 5's share was
	// taken before its callback switched); the other 0.4 s are 12 steps
	// at 30 Hz. Time counts tick 5 on at the new rate: the callback's
	// step runs at it.
	if f.Steps != 18 || math.Abs(f.Accumulator) > 1e-9 {
		t.Fatalf("%d steps, acc %v; want 6 at 60 Hz then 12 at 30 Hz", f.Steps, f.Accumulator)
	}
	if want := 5.0/60 + 13.0/30; math.Abs(l.Time()-want) > 1e-12 {
		t.Errorf("time %v, want %v", l.Time(), want)
	}
}
