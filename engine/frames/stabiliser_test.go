package frames

import (
	"math"
	"math/rand/v2"
	"testing"
)

// stepsPerFrame runs a minimal accumulator (the loop's rule) over frame times
// and returns the steps of each frame.
func stepsPerFrame(frames []float64, step float64, s *Stabiliser) []int {
	acc := 0.0
	out := make([]int, len(frames))
	for i, f := range frames {
		if s != nil {
			f = s.Apply(f, step)
		}
		acc += f
		for acc >= step {
			acc -= step
			out[i]++
		}
	}
	return out
}

// jitteredFrames models what a window measures on a regular display: the
// presentations are exactly period apart but each timestamp is read with an
// error of up to ±jitter, so consecutive measured frame times are
// anti-correlated (one late reading makes one long frame then one short one).
func jitteredFrames(n int, period, jitter float64, seed uint64) []float64 {
	r := rand.New(rand.NewPCG(seed, 1))
	f := make([]float64, n)
	prevErr := 0.0
	for i := range f {
		e := jitter * (2*r.Float64() - 1)
		f[i] = period + e - prevErr
		prevErr = e
	}
	return f
}

func TestStabiliserFixesZeroTwoPattern(t *testing.T) {
	const step = 1.0 / 60
	frames := jitteredFrames(600, step, 0.0004, 7) // ±0.4 ms around the step
	without := stepsPerFrame(frames, step, nil)
	odd := 0
	for _, n := range without {
		if n != 1 {
			odd++
		}
	}
	if odd < 50 {
		t.Fatalf("without the stabiliser only %d of 600 frames ran other than 1 step: the test shows nothing", odd)
	}
	s := NewStabiliser()
	s.Enabled = true
	with := stepsPerFrame(frames, step, s)
	for i, n := range with {
		if n != 1 {
			t.Fatalf("with the stabiliser frame %d ran %d steps", i, n)
		}
	}
}

func TestStabiliserConservesTime(t *testing.T) {
	const step = 1.0 / 60
	s := NewStabiliser()
	s.Enabled = true
	// 59.94 Hz display: snapping alone would gain time.
	in, out := 0.0, 0.0
	for i := 0; i < 100000; i++ {
		f := 1 / 59.94
		in += f
		out += s.Apply(f, step)
		if math.Abs(s.Residual()) > s.Tolerance*step+1e-12 {
			t.Fatalf("residual %g grew past the tolerance", s.Residual())
		}
	}
	if d := in - (out + s.Residual()); math.Abs(d) > 1e-12*in {
		t.Fatalf("time not conserved: in %.9f out+residual %.9f", in, out+s.Residual())
	}
}

func TestStabiliserLeavesFarFramesAlone(t *testing.T) {
	s := NewStabiliser()
	s.Enabled = true
	const step = 1.0 / 60
	for _, f := range []float64{0.004, 0.025, 0.1 + 0.008} {
		s.Reset()
		if got := s.Apply(f, step); got != f {
			t.Fatalf("%g s snapped to %g", f, got)
		}
	}
	if got := s.Apply(0.0335, step); got != 2*step {
		t.Fatalf("33.5 ms not snapped to 2 steps: %g", got)
	}
	s.Enabled = false
	if got := s.Apply(0.0165, step); got != 0.0165 {
		t.Fatalf("disabled stabiliser changed %g to %g", 0.0165, got)
	}
}
