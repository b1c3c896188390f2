package sweep

import (
	"context"
	"runtime"
	"syscall"
	"testing"
)

// BenchmarkDefaultSweep runs the whole default sweep (1,600 cells of 64
// trials) on one worker per op; BenchmarkDefaultSweepAllCores on every core.
// Both report cells per wall second, per wall second per worker, and per
// CPU second of the process: on a shared machine the last is the one that
// measures the code rather than the neighbours.
func BenchmarkDefaultSweep(b *testing.B) { benchSweep(b, 1) }

func BenchmarkDefaultSweepAllCores(b *testing.B) { benchSweep(b, runtime.NumCPU()) }

func benchSweep(b *testing.B, workers int) {
	g := DefaultGrid()
	b.ReportAllocs()
	cells := 0
	cpu0 := cpuSeconds()
	for b.Loop() {
		r, err := Run(context.Background(), g, workers, nil)
		if err != nil {
			b.Fatal(err)
		}
		cells += len(r.Cells)
	}
	cpu := cpuSeconds() - cpu0
	wall := b.Elapsed().Seconds()
	b.ReportMetric(float64(cells)/wall, "cells/s")
	b.ReportMetric(float64(cells)/wall/float64(workers), "cells/s/worker")
	b.ReportMetric(float64(cells)/cpu, "cells/cpu-s")
}

// cpuSeconds is the user plus system CPU time of the process so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	t := func(tv syscall.Timeval) float64 { return float64(tv.Sec) + float64(tv.Usec)/1e6 }
	return t(ru.Utime) + t(ru.Stime)
}
