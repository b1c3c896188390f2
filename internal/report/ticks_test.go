package report

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/plot"
)

func labelled(ticks []plot.Tick) []float64 {
	var out []float64
	for _, t := range ticks {
		if t.Label != "" {
			out = append(out, t.Value)
		}
	}
	return out
}

// TestRoundTicks (issue 32 #13): a frames axis from frame 1 to 240 is
// labelled at 50, 100, 150, 200 (gonum's default ticks gave 25, 125, 225),
// and every axis at multiples of 1, 2 or 5 times a power of ten.
func TestRoundTicks(t *testing.T) {
	if got := labelled(RoundTicks{}.Ticks(1, 240)); !slices.Equal(got, []float64{50, 100, 150, 200}) {
		t.Fatalf("1..240: labels at %v", got)
	}
	for _, r := range [][2]float64{{1, 240}, {1, 600}, {1, 20_736_000}, {0, 1}, {0.5, 16.7}, {-3, 7}, {1, 3}} {
		got := labelled(RoundTicks{}.Ticks(r[0], r[1]))
		if len(got) < 2 || len(got) > 8 {
			t.Errorf("%v: %d labels %v", r, len(got), got)
			continue
		}
		step := got[1] - got[0]
		mant := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		if math.Abs(mant-1) > 1e-9 && math.Abs(mant-2) > 1e-9 && math.Abs(mant-5) > 1e-9 {
			t.Errorf("%v: step %v is not 1, 2 or 5 times a power of ten", r, step)
		}
		for _, v := range got {
			if k := v / step; math.Abs(k-math.Round(k)) > 1e-9 {
				t.Errorf("%v: label %v is not a multiple of %v", r, v, step)
			}
		}
	}
}
