package compare

import (
	"math"
)

// The per-frame errors are kept in a log-bucket histogram rather than a
// slice sorted at the end, so that a run's memory does not grow with its
// frames. A positive float64's bits are monotonic in its value: the top
// histBits bits past the sign (the exponent and the mantissa's first 6
// bits) split each power of two into 64 equal buckets, so a bucket's
// midpoint is within 1/128 (0.8%) of any value in it. Values below
// histFloor count as 0 (float noise on positions, far below a pixel);
// values above histCeil count in the top bucket.
const (
	histSubBits = 6
	histShift   = 52 - histSubBits
	histFloor   = 0x1p-30 // about 1e-9: a nanometre, a nanoradian
	histCeil    = 0x1p20  // about 1e6: a megametre
)

// histogram is a streaming record of non-negative values: exact count,
// sum, maximum, and the nearest-rank quantiles within 1/128. Its buckets
// are allocated over the span of keys seen, at most 50 x 64 of them
// (12.5 KiB).
type histogram struct {
	n, zeros uint64
	sum, max float64
	base     int      // key of counts[0]
	counts   []uint32 // per key from base; uint32 holds the 10^8 frames a run may show
}

func histKey(v float64) int { return int(math.Float64bits(v) >> histShift) }

// add records v (negative and NaN count as 0).
func (h *histogram) add(v float64) {
	h.n++
	if !(v >= histFloor) {
		h.zeros++
		return
	}
	h.sum += v
	h.max = max(h.max, v)
	k := histKey(min(v, histCeil))
	switch {
	case len(h.counts) == 0:
		h.base, h.counts = k, make([]uint32, 1, 16)
	case k < h.base:
		grown := make([]uint32, h.base-k+len(h.counts))
		copy(grown[h.base-k:], h.counts)
		h.base, h.counts = k, grown
	case k >= h.base+len(h.counts):
		h.counts = append(h.counts, make([]uint32, k-h.base-len(h.counts)+1)...)
	}
	h.counts[k-h.base]++
}

// mean is the exact mean of the values added (those below the floor as 0).
func (h *histogram) mean() float64 {
	if h.n == 0 {
		return 0
	}
	return h.sum / float64(h.n)
}

// quantile is the nearest-rank p-quantile: 0 if it falls among the values
// below the floor, else the midpoint of its bucket, kept at or below the
// maximum.
func (h *histogram) quantile(p float64) float64 {
	if h.n == 0 {
		return 0
	}
	k := uint64(math.Ceil(p * float64(h.n)))
	k = max(1, min(k, h.n))
	seen := h.zeros
	if seen >= k {
		return 0
	}
	for i, c := range h.counts {
		seen += uint64(c)
		if seen >= k {
			lo := math.Float64frombits(uint64(h.base+i) << histShift)
			hi := math.Float64frombits(uint64(h.base+i+1) << histShift)
			return min((lo+hi)/2, h.max)
		}
	}
	return h.max
}
