package frames

import (
	"math"
	"slices"
)

// Summary describes the frame periods in a Stats window. Zero when no period
// has been recorded.
type Summary struct {
	Periods     int     // periods in the window
	MeanSeconds float64 // mean frame period, s
	P99Seconds  float64 // 99th percentile frame period (nearest rank), s
	MinSeconds  float64 // shortest period, s
	MaxSeconds  float64 // longest period, s
	// JitterSeconds is the standard deviation of the period, s: how unevenly
	// frames are presented, whatever their mean.
	JitterSeconds float64
	// RateHz is the measured presentation rate, 1 / MeanSeconds.
	RateHz float64
}

// Stats records presentation times and summarises the frame periods over a
// sliding window of the last Capacity periods. Recording and summarising
// allocate nothing: the window and the sort scratch are allocated once.
type Stats struct {
	ring    []float64 // periods, s; ring[head] is the oldest once full
	scratch []float64 // sorted copy for the percentile
	head, n int

	last    int64 // last presentation, ns
	hasLast bool

	frames   uint64  // presentations recorded, ever
	total    float64 // sum of every period ever recorded, s
	nPeriods uint64  // periods recorded, ever
}

// NewStats returns statistics over a window of the last capacity periods
// (at least 1; e.g. 1024 is 7 s at 144 Hz).
func NewStats(capacity int) *Stats {
	if capacity < 1 {
		capacity = 1
	}
	return &Stats{ring: make([]float64, capacity), scratch: make([]float64, 0, capacity)}
}

// Present records a presentation at nowNs (monotonic nanoseconds); from the
// second call on it also records the period since the previous one.
func (s *Stats) Present(nowNs int64) {
	s.frames++
	if s.hasLast {
		s.AddPeriod(float64(nowNs-s.last) * 1e-9)
	}
	s.last, s.hasLast = nowNs, true
}

// Restart forgets the last presentation time (after a pause in presenting, so
// that the gap is not recorded as a frame period). The window is kept.
func (s *Stats) Restart() { s.hasLast = false }

// Clear empties the window and forgets the last presentation time, so that
// the summary describes only what follows (after the display rate, vsync or
// fullscreen changed, the old periods would blur the new rate for seconds).
// Frames and RunMeanSeconds keep counting the whole run.
func (s *Stats) Clear() {
	s.head, s.n = 0, 0
	s.hasLast = false
}

// AddPeriod records one frame period in seconds directly.
func (s *Stats) AddPeriod(seconds float64) {
	s.total += seconds
	s.nPeriods++
	if s.n < len(s.ring) {
		s.ring[(s.head+s.n)%len(s.ring)] = seconds
		s.n++
		return
	}
	s.ring[s.head] = seconds
	s.head = (s.head + 1) % len(s.ring)
}

// Frames is the number of presentations recorded since creation.
func (s *Stats) Frames() uint64 { return s.frames }

// RunMeanSeconds is the mean of every period recorded since creation (not only
// the window), s; 0 before the first period.
func (s *Stats) RunMeanSeconds() float64 {
	if s.nPeriods == 0 {
		return 0
	}
	return s.total / float64(s.nPeriods)
}

// Len is the number of periods in the window.
func (s *Stats) Len() int { return s.n }

// At returns the i-th period in the window, oldest first (for plots).
func (s *Stats) At(i int) float64 { return s.ring[(s.head+i)%len(s.ring)] }

// Summary summarises the window. It sorts a copy of the window, O(n log n).
func (s *Stats) Summary() Summary {
	if s.n == 0 {
		return Summary{}
	}
	s.scratch = s.scratch[:0]
	sum := 0.0
	for i := 0; i < s.n; i++ {
		v := s.At(i)
		s.scratch = append(s.scratch, v)
		sum += v
	}
	mean := sum / float64(s.n)
	varSum := 0.0
	for _, v := range s.scratch {
		d := v - mean
		varSum += d * d
	}
	slices.Sort(s.scratch)
	out := Summary{
		Periods:       s.n,
		MeanSeconds:   mean,
		P99Seconds:    s.scratch[percentileRank(s.n, 0.99)],
		MinSeconds:    s.scratch[0],
		MaxSeconds:    s.scratch[s.n-1],
		JitterSeconds: math.Sqrt(varSum / float64(s.n)),
	}
	if mean > 0 {
		out.RateHz = 1 / mean
	}
	return out
}

// percentileRank is the index of the nearest-rank p-quantile among n sorted
// values: the smallest value with at least p of the values at or below it.
func percentileRank(n int, p float64) int {
	r := int(math.Ceil(p*float64(n))) - 1
	return max(0, min(r, n-1))
}
