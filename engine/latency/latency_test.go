package latency

import (
	"math"
	"math/rand/v2"
	"testing"
)

const dt = 1.0 / 60

// feed runs a fixed-step loop over frame times and hands every frame to t,
// presented when the next one starts: the loop's own arithmetic, so the
// test does not trust the caller's.
func feed(t *Tracker, frames []float64) {
	acc, tick, now := 0.0, uint64(0), 0.0
	for i, s := range frames {
		now += s
		acc += min(s, 0.25) // the loop's clamp
		steps := 0
		for acc >= dt {
			if steps == 8 { // the step cap drops what is left
				acc = 0
				break
			}
			acc -= dt
			tick++
			steps++
		}
		t.Ran(now, &Frame{Index: uint64(i + 1), Time: now, Tick: tick, Steps: steps, Alpha: acc / dt})
	}
}

func TestOneInputAt60(t *testing.T) {
	// 60 Hz display on 60 Hz physics, inputs off-grid: an input at 0.02 s
	// (during step 2, [1/60, 2/60]) is applied at the boundary 2/60, so
	// tick 3 is the first to include it; off draws tick 3 in the frame of
	// 3/60, presented at 4/60; lerp draws tick 3 in full once tick 4 is
	// current, presented at 5/60.
	for _, c := range []struct {
		lag        uint64
		wantFrame  uint64
		wantShown  float64
		wantInterp float64
	}{{0, 3, 4 * dt, 0}, {1, 4, 5 * dt, dt}} {
		tr := NewTracker(dt, c.lag, []float64{0.02})
		feed(tr, slice(10, dt))
		got := tr.Done()
		if len(got) != 1 {
			t.Fatalf("lag %d: %d results, want 1", c.lag, len(got))
		}
		r := got[0]
		if r.Tick != 3 || r.Frame != c.wantFrame || !near(r.Shown, c.wantShown) {
			t.Errorf("lag %d: tick %d frame %d shown %v, want 3, %d, %v", c.lag, r.Tick, r.Frame, r.Shown, c.wantFrame, c.wantShown)
		}
		if !near(r.StepWait, 2*dt-0.02) || !near(r.FrameWait, 2*dt) || !near(r.InterpDelay, c.wantInterp) {
			t.Errorf("lag %d: split %v + %v + %v, want %v + %v + %v", c.lag, r.StepWait, r.FrameWait, r.InterpDelay, 2*dt-0.02, 2*dt, c.wantInterp)
		}
	}
}

func TestInputOnABoundaryWaitsNoStep(t *testing.T) {
	tr := NewTracker(dt, 0, []float64{2 * dt})
	feed(tr, slice(10, dt))
	r := tr.Done()[0]
	if r.Tick != 3 || !near(r.StepWait, 0) {
		t.Errorf("tick %d step wait %v, want 3 and 0", r.Tick, r.StepWait)
	}
}

// TestSplitAddsUp is the property: for any display (jittered, hitched,
// faster or slower than physics, dropping time), any lag and any
// arrivals, every input is shown, no part is negative, the parts add up to
// the latency, and no input is applied or shown before it arrived.
func TestSplitAddsUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for trial := range 200 {
		hz := 20 + 300*rng.Float64()
		jitter := 0.9 * rng.Float64()
		frames := make([]float64, 400)
		total := 0.0
		for i := range frames {
			frames[i] = (1 + jitter*(2*rng.Float64()-1)) / hz
			switch rng.IntN(40) {
			case 0:
				frames[i] = 0.1 // a hitch: several steps in one frame
			case 1:
				frames[i] = 0.4 // past the clamp and the step cap: time dropped
			}
			total += frames[i]
		}
		arrivals := Arrivals(Random, 50, total*0.7, uint64(trial))
		lag := uint64(rng.IntN(2))
		tr := NewTracker(dt, lag, arrivals)
		feed(tr, frames)
		got := tr.Done()
		if len(got) != len(arrivals) {
			t.Fatalf("trial %d: %d of %d inputs shown", trial, len(got), len(arrivals))
		}
		for _, r := range got {
			if r.StepWait < 0 || r.FrameWait < dt-1e-9 || r.InterpDelay < 0 {
				t.Fatalf("trial %d: a part out of range: %+v", trial, r)
			}
			if sum := r.StepWait + r.FrameWait + r.InterpDelay; math.Abs(sum-r.Latency()) > 1e-12 {
				t.Fatalf("trial %d: parts add up to %v, latency %v: %+v", trial, sum, r.Latency(), r)
			}
			if r.Shown < r.Arrival || r.Boundary < r.Arrival {
				t.Fatalf("trial %d: shown or applied before it arrived: %+v", trial, r)
			}
		}
	}
}

func TestArrivalsRepeatAndSpread(t *testing.T) {
	a, b := Arrivals(Random, 100, 10, 3), Arrivals(Random, 100, 10, 3)
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("the same seed gave different arrivals")
		}
		if a[i] < 0 || a[i] >= 10 || i > 0 && a[i] < a[i-1] {
			t.Fatalf("arrival %d = %v: out of [0, 10) or out of order", i, a[i])
		}
	}
	u := Arrivals(Uniform, 4, 10, 3)
	for i, want := range []float64{1.25, 3.75, 6.25, 8.75} {
		if !near(u[i], want) {
			t.Errorf("uniform arrival %d = %v, want %v", i, u[i], want)
		}
	}
}

func TestSummary(t *testing.T) {
	var rs []Result
	for i := range 100 {
		ms := float64(i+1) / 1000
		rs = append(rs, Result{Arrival: 0, Shown: ms, StepWait: ms / 2, FrameWait: ms / 2})
	}
	s := Summarize(rs)
	if s.Inputs != 100 || !near(s.Total.Mean, 50.5) || !near(s.Total.P50, 50) || !near(s.Total.P99, 99) || !near(s.Total.Max, 100) {
		t.Errorf("summary %+v", s.Total)
	}
	if p := s.Split; !near(p.StepWait+p.FrameWait+p.InterpDelay, s.Total.Mean) {
		t.Errorf("mean parts %+v, mean %v", p, s.Total.Mean)
	}
}

func slice(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestOneInputAt144(t *testing.T) {
	// 144 Hz display on 60 Hz physics: frame i ends on tick
	// floor(i*60/144) with alpha its fraction. The input at 0.02 s is applied
	// at the boundary 2/60 (tick 3); tick 3 is first current in frame 8
	// (8/144 s, alpha 1/3, presented at 9/144), first drawn whole by lerp
	// in frame 10.
	tr := NewTracker(dt, 1, []float64{0.02})
	feed(tr, slice(20, 1.0/144))
	r := tr.Done()[0]
	if r.Tick != 3 || r.Frame != 10 || !near(r.Boundary, 2*dt) {
		t.Fatalf("tick %d frame %d boundary %v, want 3, 10, %v", r.Tick, r.Frame, r.Boundary, 2*dt)
	}
	if !near(r.FrameWait, 9.0/144-2*dt) || !near(r.InterpDelay, 2.0/144) {
		t.Errorf("frame wait %v, interp delay %v, want %v, %v", r.FrameWait, r.InterpDelay, 9.0/144-2*dt, 2.0/144)
	}
}
