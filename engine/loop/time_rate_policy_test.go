package loop

import (
	"math"
	"testing"
)

// Time is the sum of every step's dt however the steps were run: fixed
// steps before and after a change of rate (SetStepSeconds), and steps of a
// policy whose dt varies, in any order. The two bookkeepings (a rate
// change's new base, the policy steps' summed dt) once kept apart.
func TestTimeSumsEveryStepAcrossRateAndPolicy(t *testing.T) {
	cfg := DefaultConfig()
	l, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	run := func(frames int, seconds float64) {
		for i := 0; i < frames; i++ {
			f, err := l.Advance(seconds, nil)
			if err != nil {
				t.Fatal(err)
			}
			sum += float64(f.Steps) * f.StepSeconds
		}
	}
	run(30, 1.0/60)
	if err := l.SetStepSeconds(1.0 / 120); err != nil {
		t.Fatal(err)
	}
	run(30, 1.0/60)
	if err := l.SetPolicy(Variable); err != nil {
		t.Fatal(err)
	}
	run(30, 1.0/45)
	if err := l.SetStepSeconds(1.0 / 30); err != nil {
		t.Fatal(err)
	}
	run(10, 1.0/144)
	if err := l.SetPolicy(Fixed); err != nil {
		t.Fatal(err)
	}
	run(30, 1.0/60)
	if got := l.Time(); math.Abs(got-sum) > 1e-9 {
		t.Fatalf("Time() = %.12f s after %d ticks, the steps' dt add up to %.12f s", got, l.Tick(), sum)
	}
}
