package compare

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The histogram's quantiles are within 1/128 of the exact nearest rank,
// over values spread across twelve decades, with values below the floor
// counted as 0; the mean and maximum are exact.
func TestHistogramQuantiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var h histogram
	var xs []float64
	sum := 0.0
	for range 20000 {
		v := math.Pow(10, -11+12*rng.Float64())
		if v < histFloor {
			v = 0
		}
		h.add(v)
		xs = append(xs, v)
		sum += v
	}
	slices.Sort(xs)
	for _, p := range []float64{0.01, 0.1, 0.5, 0.9, 0.99, 1} {
		exact := xs[max(0, int(math.Ceil(p*float64(len(xs))))-1)]
		got := h.quantile(p)
		if math.Abs(got-exact) > exact/128 {
			t.Errorf("p%g: %v, exact %v: more than 1/128 off", 100*p, got, exact)
		}
	}
	if math.Abs(h.mean()-sum/float64(len(xs))) > 1e-12*sum || h.max != xs[len(xs)-1] {
		t.Errorf("mean %v max %v, want %v and %v", h.mean(), h.max, sum/float64(len(xs)), xs[len(xs)-1])
	}
	if len(h.counts) > 50*64+1 {
		t.Errorf("%d buckets, more than the floor-to-ceiling span", len(h.counts))
	}
}
