package physics

import (
	"fmt"
	"testing"
)

// Benchmarks of issue 36: the step's cost as the slabs grow under the same
// bodies (a pillar level of 10^3 to 10^6 slabs, and the 40,000,
// with 1,000 falling and 100
// fast boxes: us/step should stay flat), and as the bullets grow in a
// closed box (500 to 20,000: ns/bullet should stay flat). Both report
// allocations: none per step once warm. The level is timed after 4 s,
// when the falling boxes have landed: before, the growing contact lists
// still allocate. The 10^6 level takes a while to build, and is skipped
// with -short.

func BenchmarkLargeWorld(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 40_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			if n > 100_000 && testing.Short() {
				b.Skip("short")
			}
			w := buildPillars(b, awakeDef(1), n, 1000, 100, 0)
			benchWorld(b, w, 240)
		})
	}
}

func BenchmarkBullets(b *testing.B) {
	for _, n := range []int{500, 5_000, 20_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w := buildBulletBox(b, awakeDef(1), n, 0)
			benchWorld(b, w, 60)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/bullet")
			if out := escaped(w); out != 0 {
				b.Errorf("%d bullets left the box", out)
			}
		})
	}
}
