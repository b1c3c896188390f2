package frames

import (
	"math"
	"testing"
)

func TestStatsSummary(t *testing.T) {
	s := NewStats(100)
	// 99 frames of 10 ms and one of 50 ms, presented by timestamps.
	ts := int64(0)
	s.Present(ts)
	for i := 0; i < 100; i++ {
		d := int64(10_000_000)
		if i == 40 {
			d = 50_000_000
		}
		ts += d
		s.Present(ts)
	}
	sum := s.Summary()
	if sum.Periods != 100 || s.Frames() != 101 {
		t.Fatalf("periods %d frames %d", sum.Periods, s.Frames())
	}
	if math.Abs(sum.MeanSeconds-0.0104) > 1e-12 {
		t.Fatalf("mean %g", sum.MeanSeconds)
	}
	if sum.P99Seconds != 0.01 || sum.MaxSeconds != 0.05 || sum.MinSeconds != 0.01 {
		t.Fatalf("p99 %g max %g min %g", sum.P99Seconds, sum.MaxSeconds, sum.MinSeconds)
	}
	// stddev of {0.01 x99, 0.05}: sqrt(0.99*0.0004^2 + 0.01*0.0396^2)
	want := math.Sqrt(0.99*0.0004*0.0004 + 0.01*0.0396*0.0396)
	if math.Abs(sum.JitterSeconds-want) > 1e-12 {
		t.Fatalf("jitter %g want %g", sum.JitterSeconds, want)
	}
	if math.Abs(sum.RateHz-1/0.0104) > 1e-9 {
		t.Fatalf("rate %g", sum.RateHz)
	}
	// One more slow frame makes it the p99 (2 of 100 are slow now, 1 slid out? no: window is the last 100).
	ts += 50_000_000
	s.Present(ts)
	if got := s.Summary().P99Seconds; got != 0.05 {
		t.Fatalf("p99 with two slow frames in 100: %g", got)
	}
}

func TestStatsWindowSlides(t *testing.T) {
	s := NewStats(4)
	for i := 1; i <= 10; i++ {
		s.AddPeriod(float64(i))
	}
	if s.Len() != 4 || s.At(0) != 7 || s.At(3) != 10 {
		t.Fatalf("window len %d first %g last %g", s.Len(), s.At(0), s.At(3))
	}
	if m := s.Summary().MeanSeconds; m != 8.5 {
		t.Fatalf("window mean %g", m)
	}
	if m := s.RunMeanSeconds(); m != 5.5 {
		t.Fatalf("run mean %g", m)
	}
}

func TestStatsRestartSkipsGap(t *testing.T) {
	s := NewStats(8)
	s.Present(0)
	s.Present(1e7)
	s.Restart()
	s.Present(5e9) // after a 5 s minimised pause
	s.Present(5e9 + 1e7)
	if m := s.Summary().MaxSeconds; m != 0.01 {
		t.Fatalf("pause counted as a frame: max %g", m)
	}
}

func TestStatsEmpty(t *testing.T) {
	if (NewStats(0).Summary() != Summary{}) {
		t.Fatal("empty stats not zero")
	}
}

func BenchmarkStatsPresentSummary(b *testing.B) {
	s := NewStats(1024)
	ts := int64(0)
	b.ReportAllocs()
	for b.Loop() {
		ts += 6_944_444
		s.Present(ts)
		_ = s.Summary()
	}
}

// Clear starts the window afresh: the summary is of the new periods only,
// while the whole-run numbers keep counting.
func TestStatsClear(t *testing.T) {
	s := NewStats(8)
	for i := 0; i < 8; i++ {
		s.AddPeriod(1.0 / 60)
	}
	s.Present(0)
	s.Clear()
	s.Present(10_000_000_000) // after Clear: no period from the gap
	for i := 0; i < 3; i++ {
		s.AddPeriod(1.0 / 144)
	}
	sum := s.Summary()
	if sum.Periods != 3 || math.Abs(sum.RateHz-144) > 1e-9 || sum.JitterSeconds > 1e-12 {
		t.Fatalf("after Clear: %+v, want 3 periods at 144 Hz", sum)
	}
	if s.Frames() != 2 || math.Abs(s.RunMeanSeconds()-(8.0/60+3.0/144)/11) > 1e-12 {
		t.Fatalf("run totals after Clear: %d frames, mean %g", s.Frames(), s.RunMeanSeconds())
	}
}
