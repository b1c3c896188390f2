package ccd

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Package-level sinks keep the compiler from dropping the benchmarked calls.
var (
	sinkT    float64
	sinkN    mgl64.Vec3
	sinkOK   bool
	sinkVec3 mgl64.Vec3
)

// benchScenes are a mix of hits, misses, parallel and overlapping cases.
func benchScenes() (ms []AABB, ds []mgl64.Vec3, ts []AABB) {
	rng := newRand(99)
	for i := 0; i < 1024; i++ {
		m, d, tg := randomScene(rng)
		ms, ds, ts = append(ms, m), append(ds, d), append(ts, tg)
	}
	return
}

func BenchmarkSweep(b *testing.B) {
	ms, ds, ts := benchScenes()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i & 1023
		sinkT, sinkN, sinkOK = Sweep(ms[k], ds[k], ts[k])
	}
}

// BenchmarkSweepThinWall is the projectile case: one fast small box against
// a 0.1 mm wall.
func BenchmarkSweepThinWall(b *testing.B) {
	m := cube(mgl64.Vec3{0, 1, 0}, 1e-3)
	d := mgl64.Vec3{20000.0 / 30, 0.1, 0}
	wall := box(300, 0, -5, 300.0001, 6, 5)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkT, sinkN, sinkOK = Sweep(m, d, wall)
	}
}

func BenchmarkSegmentCrossesBox(b *testing.B) {
	ms, ds, ts := benchScenes()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i & 1023
		p := ms[k].Min
		sinkOK = SegmentCrossesBox(p, p.Add(ds[k]), ts[k])
	}
}

func BenchmarkOrientedExtent(b *testing.B) {
	q := mgl64.QuatRotate(0.7, mgl64.Vec3{1, 2, 3}.Normalize())
	h := mgl64.Vec3{0.5, 0.01, 0.25}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkVec3 = OrientedExtent(h, q)
	}
}

func BenchmarkSpinExtent(b *testing.B) {
	q0 := mgl64.QuatRotate(0.7, mgl64.Vec3{1, 2, 3}.Normalize())
	h := mgl64.Vec3{0.5, 0.01, 0.25}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkVec3 = SpinExtent(h, q0, 0.2)
	}
}
