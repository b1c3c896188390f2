package headless

import (
	"math"
	"slices"
)

// Micros summarises wall-clock step times in microseconds.
type Micros struct {
	Mean float64 `json:"mean"` // arithmetic mean
	P50  float64 `json:"p50"`  // median (nearest rank)
	P99  float64 `json:"p99"`  // 99th percentile (nearest rank)
	Max  float64 `json:"max"`  // slowest step
}

// summarize returns mean, median, 99th percentile (nearest rank) and maximum
// of ns (nanoseconds) in microseconds. It sorts ns in place.
func summarize(ns []int64) Micros {
	if len(ns) == 0 {
		return Micros{}
	}
	slices.Sort(ns)
	var sum float64
	for _, v := range ns {
		sum += float64(v)
	}
	rank := func(p float64) float64 {
		i := int(math.Ceil(p*float64(len(ns)))) - 1
		i = max(0, min(i, len(ns)-1))
		return float64(ns[i]) / 1e3
	}
	return Micros{
		Mean: sum / float64(len(ns)) / 1e3,
		P50:  rank(0.50),
		P99:  rank(0.99),
		Max:  float64(ns[len(ns)-1]) / 1e3,
	}
}
