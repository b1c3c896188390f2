package physics

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
)

// Benchmarks of issues 3 and 9: a pile of columns of 10 unit cubes (1.1 m
// spacing) on a ground slab at 100 to 10,000 bodies, and a 5,050-box
// pyramid, at 60 Hz with 8 iterations. Sleep is off so that every step
// does the full work of an awake pile; the pile settles for 1 s before
// timing starts. Each reports us/step and ns/body (the step over the body
// count: flat from 1,000 to 10,000 means the step scales linearly), with
// allocations. Pile and Pyramid run on one worker (the default); Workers
// runs the 4,000 pile and the pyramid on 1, 2 and 4 (bit-identical
// results; the time depends on free cores).
//
// make bench runs these with a fixed step count (-benchtime 60x): the
// setup of a 10,000 pile costs seconds, and Go's default 1 s target would
// build it again for each growing b.N.

func benchWorld(b *testing.B, w *World, warm int) {
	b.Helper()
	run(w, warm, 1.0/60)
	b.ReportAllocs()
	// cpu-us/step: the thread's processor time, which on a machine busy
	// with other work counts less of their time than the wall clock does
	// (on one worker the whole step runs on this thread).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.Step(1.0/60, nil)
	}
	b.StopTimer()
	b.ReportMetric(float64(threadCPU()-cpu0)/1e3/float64(b.N), "cpu-us/step")
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/1e3, "us/step")
	b.ReportMetric(ns/float64(w.NumBodies()), "ns/body")
	b.ReportMetric(float64(len(w.contacts.heads)), "manifolds")
}

// awakeDef is the benchmarks' world: defaults, sleep off, on workers.
func awakeDef(workers int) WorldDef {
	def := DefaultWorldDef()
	def.Sleep = false
	def.Workers = workers
	return def
}

func BenchmarkPile(b *testing.B) {
	for _, n := range []int{100, 1000, 4000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			benchWorld(b, buildPile(b, awakeDef(1), n), 60)
		})
	}
}

func BenchmarkPyramid(b *testing.B) {
	w := buildPyramid(b, awakeDef(1), 100, 0.05)
	if w.NumBodies() != 5050 {
		b.Fatalf("%d bodies", w.NumBodies())
	}
	benchWorld(b, w, 10)
}

func BenchmarkWorkers(b *testing.B) {
	for _, workers := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("Pile4000/%d", workers), func(b *testing.B) {
			benchWorld(b, buildPile(b, awakeDef(workers), 4000), 60)
		})
	}
	for _, workers := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("Pyramid/%d", workers), func(b *testing.B) {
			benchWorld(b, buildPyramid(b, awakeDef(workers), 100, 0.05), 10)
		})
	}
}

// threadCPU returns the calling thread's processor time, ns (0 where the
// system cannot tell).
func threadCPU() int64 {
	const rusageThread = 1 // RUSAGE_THREAD (Linux)
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
