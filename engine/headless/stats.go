package headless

import (
	"math"
	"math/bits"
)

// Micros summarises wall-clock step times in microseconds.
type Micros struct {
	Mean float64 `json:"mean"` // arithmetic mean (exact)
	P50  float64 `json:"p50"`  // median (nearest rank, within 1/128 of the true value)
	P99  float64 `json:"p99"`  // 99th percentile (nearest rank, within 1/128 of the true value)
	Max  float64 `json:"max"`  // slowest step (exact)
	// The fast end, additions: on a shared machine, whose speed moves
	// from minute to minute and whose other tenants stall a step now and
	// then, the fastest steps show what the code does when it has the
	// core (or the cores) to itself.
	Min float64 `json:"min"` // fastest step (exact)
	P10 float64 `json:"p10"` // 10th percentile (nearest rank, within 1/128 of the true value)
}

// Step times are kept in a fixed-size log-bucket histogram (the layout of
// HdrHistogram with 6 sub-bucket bits): each power of two of nanoseconds is
// split into 64 equal buckets, so a bucket is at most 1/64 of its values
// wide and its midpoint is within 1/128 (0.8%) of any value in it; times
// below 64 ns are kept exactly. The whole range of int64 fits in 3,712
// buckets (29 KiB), whatever the run's length. The rejected alternative,
// every time in a slice sorted at the end, grew by 8 bytes a tick: 850 MB
// for the 10^8 ticks a run may ask for.
const (
	subBits    = 6
	subBuckets = 1 << subBits
	numBuckets = subBuckets + (63-subBits)*subBuckets
)

// stepHistogram is the step-time record of one run. The zero value is empty
// and ready; add never allocates.
type stepHistogram struct {
	counts   [numBuckets]uint64
	n        uint64
	sum      float64 // ns
	min, max int64   // ns
}

// bucketOf returns the bucket that holds v (ns, >= 0).
func bucketOf(v int64) int {
	if v < subBuckets {
		return int(v)
	}
	shift := bits.Len64(uint64(v)) - 1 - subBits
	return subBuckets + shift*subBuckets + int(v>>shift) - subBuckets
}

// bucketMid is the midpoint of bucket i, in ns: exact below 64 ns.
func bucketMid(i int) float64 {
	if i < subBuckets {
		return float64(i)
	}
	shift := (i - subBuckets) / subBuckets
	top := int64(i-subBuckets-shift*subBuckets) + subBuckets
	lo := float64(top << shift)
	return lo + float64(int64(1)<<shift-1)/2
}

// add records one step's time in ns; a negative time (a clock that went
// back) counts as 0.
func (h *stepHistogram) add(ns int64) {
	ns = max(ns, 0)
	if h.n == 0 || ns < h.min {
		h.min = ns
	}
	h.max = max(h.max, ns)
	h.n++
	h.sum += float64(ns)
	h.counts[bucketOf(ns)]++
}

// rank returns the nearest-rank p-quantile in ns: the midpoint of the bucket
// holding the ceil(p*n)-th smallest time, kept within [min, max].
func (h *stepHistogram) rank(p float64) float64 {
	k := uint64(math.Ceil(p * float64(h.n)))
	k = max(1, min(k, h.n))
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= k {
			return max(float64(h.min), min(bucketMid(i), float64(h.max)))
		}
	}
	return float64(h.max)
}

// summary returns mean, median, 99th percentile, maximum, minimum and 10th
// percentile in microseconds.
func (h *stepHistogram) summary() Micros {
	if h.n == 0 {
		return Micros{}
	}
	return Micros{
		Mean: h.sum / float64(h.n) / 1e3,
		P50:  h.rank(0.50) / 1e3,
		P99:  h.rank(0.99) / 1e3,
		Max:  float64(h.max) / 1e3,
		Min:  float64(h.min) / 1e3,
		P10:  h.rank(0.10) / 1e3,
	}
}
