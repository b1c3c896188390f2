package physics

import (
	"fmt"
	"testing"
	"time"
)

// Benchmarks of issue 3: a pile of columns of 10 unit cubes (1.1 m spacing)
// on a ground slab, and a 5,050-box pyramid, at 60 Hz with 8 iterations.
// Sleep is off so that every step does the full work of an awake pile; the
// pile settles for 1 s before timing starts. Each reports us/step. Pile and
// Pyramid run on one worker (the default); Workers2 runs the same scenes on
// two (bit-identical results; the time depends on a second core being free).

func benchWorld(b *testing.B, w *World, warm int) {
	b.Helper()
	run(w, warm, 1.0/60)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		w.Step(1.0/60, nil)
	}
	el := time.Since(start)
	b.ReportMetric(float64(el.Nanoseconds())/1e3/float64(b.N), "us/step")
	b.ReportMetric(float64(len(w.contacts.list)), "manifolds")
}

func BenchmarkPile(b *testing.B) {
	for _, n := range []int{100, 1000, 4000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			def := DefaultWorldDef()
			def.Sleep = false
			benchWorld(b, buildPile(b, def, n), 60)
		})
	}
}

func BenchmarkPyramid(b *testing.B) {
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPyramid(b, def, 100, 0.05)
	if w.NumBodies() != 5050 {
		b.Fatalf("%d bodies", w.NumBodies())
	}
	benchWorld(b, w, 10)
}

func BenchmarkWorkers2(b *testing.B) {
	b.Run("Pile4000", func(b *testing.B) {
		def := DefaultWorldDef()
		def.Sleep = false
		def.Workers = 2
		benchWorld(b, buildPile(b, def, 4000), 60)
	})
	b.Run("Pyramid", func(b *testing.B) {
		def := DefaultWorldDef()
		def.Sleep = false
		def.Workers = 2
		benchWorld(b, buildPyramid(b, def, 100, 0.05), 10)
	})
}
