package sweep

import (
	"context"
	"runtime"
	"testing"
)

// BenchmarkDefaultSweep runs the whole default sweep (1,600 cells of 64
// trials) on one worker per op and reports cells per second on one core;
// BenchmarkDefaultSweepAllCores does the same on every core.
func BenchmarkDefaultSweep(b *testing.B) { benchSweep(b, 1) }

func BenchmarkDefaultSweepAllCores(b *testing.B) { benchSweep(b, runtime.NumCPU()) }

func benchSweep(b *testing.B, workers int) {
	g := DefaultGrid()
	b.ReportAllocs()
	cells := 0
	for b.Loop() {
		r, err := Run(context.Background(), g, workers, nil)
		if err != nil {
			b.Fatal(err)
		}
		cells += len(r.Cells)
	}
	b.ReportMetric(float64(cells)/b.Elapsed().Seconds(), "cells/s")
	b.ReportMetric(float64(cells)/b.Elapsed().Seconds()/float64(workers), "cells/s/core")
}
