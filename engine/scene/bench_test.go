package scene

import (
	"testing"
	"time"
)

// Benchmarks on the built-in scenes, so that users and benchmarks share one
// registry: pyramid (Box3D's large_pyramid, 5,050 cubes) and the 1,000- and
// 4,000-box piles. Each steps the scene's world at its own rate after a
// short warm-up and reports ms/step; a warm step allocates nothing.
//
//	go test ./engine/scene -run '^$' -bench Builtin -benchmem
func benchBuiltin(b *testing.B, name string, warm int) {
	s, err := Builtin(name)
	if err != nil {
		b.Fatal(err)
	}
	w, err := s.NewWorld(nil)
	if err != nil {
		b.Fatal(err)
	}
	dt := 1 / s.PhysicsHz
	for i := 0; i < warm; i++ {
		w.Step(dt, nil)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		w.Step(dt, nil)
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/1e6/float64(b.N), "ms/step")
}

func BenchmarkBuiltinPyramid(b *testing.B)  { benchBuiltin(b, "pyramid", 10) }
func BenchmarkBuiltinPile1000(b *testing.B) { benchBuiltin(b, "pile-1000", 60) }
func BenchmarkBuiltinPile4000(b *testing.B) { benchBuiltin(b, "pile-4000", 60) }

// BenchmarkParsePillars parses a level of 10^4 slabs (pillarLevel, the
// layout of scripts/scale-scenes.py): what loading a large level costs per
// slab, in time and in allocations.
//
//	go test ./engine/scene -run '^$' -bench Parse -benchmem
func BenchmarkParsePillars(b *testing.B) {
	data := []byte(pillarLevel(10_000))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("pillars.json", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseBuiltins parses every built-in scene once per iteration.
func BenchmarkParseBuiltins(b *testing.B) {
	var files [][]byte
	for _, name := range BuiltinNames() {
		data, err := builtinFS.ReadFile("builtin/" + name + ".json")
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range files {
			if _, err := Parse("builtin.json", data); err != nil {
				b.Fatal(err)
			}
		}
	}
}
