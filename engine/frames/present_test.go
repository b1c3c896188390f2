package frames

import (
	"math"
	"testing"
)

const ms = 1_000_000 // ns

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// A 100 Hz target: 97 intervals on time, one 0.5 ms late, one 20 ms (a
// missed slot: twice the period) and one 14 ms (1.4 periods: late, but
// not past the 1.5 that counts as a miss).
func TestPresentTimingAgainstTarget(t *testing.T) {
	p := NewPresentTiming(200)
	ts := int64(5 * ms)
	p.Swap(ts, 100)
	for i := range 100 {
		d := int64(10 * ms)
		switch i {
		case 10:
			d = 10*ms + ms/2
		case 20:
			d = 20 * ms
		case 30:
			d = 14 * ms
		}
		ts += d
		p.Swap(ts, 100)
	}
	s := p.Summary()
	if s.Intervals != 100 || s.Missed != 1 || s.TargetHz != 100 || s.MissFactor != 1.5 {
		t.Fatalf("summary %+v: want 100 intervals, 1 missed, target 100 Hz", s)
	}
	if want := 100 / (100*0.010 + 0.0005 + 0.010 + 0.004); !near(s.MeasuredHz, want) {
		t.Fatalf("measured %v Hz, want %v", s.MeasuredHz, want)
	}
	// Deviations: 97 of 0, then 0.5, 4, 10 ms: p50 is 0, p99 (rank 99 of 100) is 4 ms.
	if s.DeviationP50Ms != 0 || !near(s.DeviationP99Ms, 4) {
		t.Fatalf("deviation p50 %v p99 %v ms, want 0 and 4", s.DeviationP50Ms, s.DeviationP99Ms)
	}
}

// With no target (uncapped, no vsync) the intervals are judged against
// their own mean.
func TestPresentTimingWithoutTarget(t *testing.T) {
	p := NewPresentTiming(8)
	for _, v := range []float64{0.004, 0.006, 0.004, 0.006, 0.010} {
		p.AddInterval(v, 0)
	}
	s := p.Summary()
	// Mean 6 ms: deviations 2, 0, 2, 0, 4 ms; only 10 ms > 1.5 x 6 ms.
	if s.TargetHz != 0 || s.Missed != 1 || !near(s.MeasuredHz, 1/0.006) || !near(s.DeviationP50Ms, 2) || !near(s.DeviationP99Ms, 4) {
		t.Fatalf("summary %+v", s)
	}
}

// The window slides; Restart drops the gap of a pause; Clear starts over;
// the newest interval's target is the one reported.
func TestPresentTimingWindow(t *testing.T) {
	p := NewPresentTiming(3)
	p.Swap(0, 60)
	p.Swap(100*ms, 60) // 100 ms: a miss at 60 Hz
	for i := int64(1); i <= 3; i++ {
		p.Swap(100*ms+i*10*ms, 100)
	}
	if s := p.Summary(); s.Intervals != 3 || s.Missed != 0 || s.TargetHz != 100 {
		t.Fatalf("after sliding: %+v; want the 100 ms interval gone", s)
	}
	p.Restart()
	p.Swap(10_000*ms, 100)
	if s := p.Summary(); s.Intervals != 3 || s.Missed != 0 {
		t.Fatalf("after Restart: %+v; the pause must not be an interval", s)
	}
	p.Clear()
	if s := p.Summary(); s != (PresentSummary{}) {
		t.Fatalf("after Clear: %+v", s)
	}
	p.Swap(0, 0)
	if p.Len() != 0 {
		t.Fatal("the first present after Clear made an interval")
	}
}

func TestPresentTimingAllocatesNothing(t *testing.T) {
	p := NewPresentTiming(64)
	ts := int64(0)
	if n := testing.AllocsPerRun(100, func() {
		ts += 7 * ms
		p.Swap(ts, 144)
		_ = p.Summary()
	}); n != 0 {
		t.Fatalf("%v allocations per swap and summary", n)
	}
}
