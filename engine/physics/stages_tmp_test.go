package physics

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func threadCPU() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func TestTmpStages(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	t0 := time.Now()
	clock := func() int64 { return int64(time.Since(t0)) }
	for _, sc := range []string{"pile100", "pile1000", "pile4000", "pyramid"} {
		def := DefaultWorldDef()
		def.Sleep = false
		def.Clock = clock
		if os.Getenv("WORKERS") != "" {
			fmt.Sscan(os.Getenv("WORKERS"), &def.Workers)
		}
		var w *World
		steps := 60
		switch sc {
		case "pile100":
			w = buildPile(t, def, 100)
			steps = 600
		case "pile1000":
			w = buildPile(t, def, 1000)
			steps = 200
		case "pile4000":
			w = buildPile(t, def, 4000)
		case "pyramid":
			w = buildPyramid(t, def, 100, 0.05)
			steps = 40
		}
		run(w, 10, 1.0/60)
		var sum Profile
		for i := 0; i < steps; i++ {
			w.Step(1.0/60, nil)
			p := w.Profile()
			sum.Inputs += p.Inputs
			sum.Velocities += p.Velocities
			sum.Broadphase += p.Broadphase
			sum.Narrowphase += p.Narrowphase
			sum.Solve += p.Solve
			sum.Positions += p.Positions
			sum.Sleep += p.Sleep
			sum.Oracle += p.Oracle
			sum.Total += p.Total
		}
		d := float64(steps) * 1000
		fmt.Printf("%-9s total %7.1f us: in %.1f vel %.1f bp %.1f np %.1f solve %.1f pos %.1f sleep %.1f oracle %.1f\n", sc,
			float64(sum.Total)/d, float64(sum.Inputs)/d, float64(sum.Velocities)/d, float64(sum.Broadphase)/d, float64(sum.Narrowphase)/d,
			float64(sum.Solve)/d, float64(sum.Positions)/d, float64(sum.Sleep)/d, float64(sum.Oracle)/d)
	}
}

func TestTmpCounts(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPyramid(t, def, 100, 0.05)
	run(w, 20, 1.0/60)
	var hist [5]int
	for i := range w.sol.cons {
		hist[w.sol.cons[i].count]++
	}
	fmt.Println("counts", hist, "colors", w.sol.colors)
	w = buildPile(t, def, 4000)
	run(w, 20, 1.0/60)
	hist = [5]int{}
	for i := range w.sol.cons {
		hist[w.sol.cons[i].count]++
	}
	fmt.Println("counts", hist, "colors", w.sol.colors)
}

func BenchmarkTmpIterate(b *testing.B) {
	def := DefaultWorldDef()
	def.Sleep = false
	layers := 100
	if os.Getenv("LAYERS") != "" {
		fmt.Sscan(os.Getenv("LAYERS"), &layers)
	}
	w := buildPyramid(b, def, layers, 0.05)
	run(w, 20, 1.0/60)
	runtime.LockOSThread()
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		w.sol.useBias = i%2 == 0
		w.runColors(w.sol.fnIterate)
	}
	b.ReportMetric(float64(threadCPU()-c0)/float64(b.N)/float64(len(w.sol.cons)), "cpuns/cons")
}

func BenchmarkTmpWarm(b *testing.B) {
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPyramid(b, def, 100, 0.05)
	run(w, 20, 1.0/60)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.runColors(w.sol.fnWarm)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(w.sol.cons)), "ns/cons")
}
