package latency

import (
	"math"
	"slices"
)

// Stats are the latencies of a run's inputs, ms. The p50 and p99 are
// nearest ranks of the exact values.
type Stats struct {
	Mean float64 `json:"mean"`
	P50  float64 `json:"p50"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
}

// Report is a run's input latency as reports give it, ms: how many inputs
// were shown, how many the run ended before showing, and their latency.
type Report struct {
	Inputs  int `json:"inputs"`
	Unshown int `json:"unshown"`
	Stats
}

// Split is the mean latency's parts, ms: they add up to the mean.
type Split struct {
	StepWait    float64 `json:"step_wait"`
	FrameWait   float64 `json:"frame_wait"`
	InterpDelay float64 `json:"interp_delay"`
}

// Summary is a run's latency figures, ms: the whole and its mean's parts.
type Summary struct {
	Inputs int
	Total  Stats
	Split  Split
}

// Summarize sums up shown inputs.
func Summarize(rs []Result) Summary {
	s := Summary{Inputs: len(rs)}
	if len(rs) == 0 {
		return s
	}
	ms := make([]float64, len(rs))
	var sum, step, frame, lag float64
	for i, r := range rs {
		ms[i] = 1000 * r.Latency()
		sum += ms[i]
		step += 1000 * r.StepWait
		frame += 1000 * r.FrameWait
		lag += 1000 * r.InterpDelay
	}
	n := float64(len(rs))
	slices.Sort(ms)
	s.Total = Stats{Mean: sum / n, P50: rank(ms, 0.5), P99: rank(ms, 0.99), Max: ms[len(ms)-1]}
	s.Split = Split{StepWait: step / n, FrameWait: frame / n, InterpDelay: lag / n}
	return s
}

// rank is the nearest-rank q-quantile of sorted v.
func rank(v []float64, q float64) float64 {
	i := int(math.Ceil(q*float64(len(v)))) - 1
	return v[min(max(i, 0), len(v)-1)]
}
