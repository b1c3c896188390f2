package headless

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// exactRank is the nearest-rank quantile of sorted, the definition the
// histogram approximates.
func exactRank(sorted []int64, p float64) float64 {
	i := int(math.Ceil(p*float64(len(sorted)))) - 1
	return float64(sorted[max(0, min(i, len(sorted)-1))])
}

func TestStepHistogramSmallValuesExact(t *testing.T) {
	var h stepHistogram
	for _, v := range []int64{5, 1, 3, 2, 4} {
		h.add(v * 1000)
	}
	m := h.summary()
	if m.Mean != 3 || m.Max != 5 || m.P99 != 5 || m.Min != 1 {
		t.Fatalf("summary %+v, want mean 3, p99 5, max 5, min 1 (us)", m)
	}
	if math.Abs(m.P10-1) > 1.0/128 { // the 1st of 5 (nearest rank)
		t.Fatalf("p10 %v us, want 1 within 1/128", m.P10)
	}
	if math.Abs(m.P50-3)/3 > 1.0/128 {
		t.Fatalf("p50 %v us, want 3 within 1/128", m.P50)
	}
	var small stepHistogram
	for _, v := range []int64{7, 63, 0, -4, 12} { // below 64 ns: exact; -4 counts as 0
		small.add(v)
	}
	if got := small.rank(0.5); got != 7 {
		t.Fatalf("median of {0,0,7,12,63} ns = %v, want 7 exactly", got)
	}
	if (new(stepHistogram).summary() != Micros{}) {
		t.Fatal("empty summary not zero")
	}
}

// TestStepHistogramErrorBound checks the documented bound against the exact
// nearest rank over times spread across nine orders of magnitude.
func TestStepHistogramErrorBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 20; trial++ {
		var h stepHistogram
		n := 1 + rng.IntN(5000)
		ns := make([]int64, n)
		for i := range ns {
			ns[i] = int64(math.Exp(rng.Float64() * 21)) // 1 ns .. 1.3 s
			h.add(ns[i])
		}
		slices.Sort(ns)
		for _, p := range []float64{0.01, 0.1, 0.5, 0.9, 0.99, 1} {
			want := exactRank(ns, p)
			if got := h.rank(p); math.Abs(got-want) > want/128 {
				t.Fatalf("trial %d, n %d, p %v: %v ns, exact %v: off by more than 1/128", trial, n, p, got, want)
			}
		}
		if got := h.summary().Max * 1e3; got != float64(ns[n-1]) {
			t.Fatalf("max %v, want %v", got, ns[n-1])
		}
	}
	var h stepHistogram
	h.add(math.MaxInt64) // the last bucket exists
	if h.rank(1) != math.MaxInt64 {
		t.Fatalf("max int64: %v", h.rank(1))
	}
}

// TestStepTimesBoundedMemory: a run's step timing must not grow with its
// length. Before the histogram every step's time was kept, 8 bytes a tick
// (850 MB at the 10^8-tick limit).
func TestStepTimesBoundedMemory(t *testing.T) {
	sc := mustScene(t, "drop")
	var clock int64
	alloc := func(ticks uint64) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		mustRun(t, Options{Scene: sc, Display: DisplayDef{Hz: 60}, Ticks: ticks,
			Clock: func() int64 { clock += 1000; return clock }})
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	short, long := alloc(1000), alloc(101_000)
	if perTick := float64(long-min(short, long)) / 100_000; perTick > 1 {
		t.Fatalf("a run allocates %.1f bytes per tick (%d bytes for 1,000 ticks, %d for 101,000); want none per tick", perTick, short, long)
	}
}
