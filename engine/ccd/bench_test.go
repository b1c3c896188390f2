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
	sinkBox  AABB
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

func BenchmarkSweptBound(b *testing.B) {
	q0 := mgl64.QuatRotate(0.7, mgl64.Vec3{1, 2, 3}.Normalize())
	q1 := mgl64.QuatRotate(0.9, mgl64.Vec3{1, 2, 3}.Normalize())
	h := mgl64.Vec3{0.5, 0.01, 0.25}
	c0, c1 := mgl64.Vec3{0, 1, 0}, mgl64.Vec3{50, 1, 0}
	b.Run("rotating", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkBox = SweptBound(c0, c1, h, q0, q1)
		}
	})
	b.Run("not-rotating", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkBox = SweptBound(c0, c1, h, q0, q0)
		}
	})
	b.Run("spin", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkBox = SweptSpinBound(c0, c1, h, q0, 0.2)
		}
	})
}

func BenchmarkSweepBox(b *testing.B) {
	wall := box(20, -5, -5, 20.001, 5, 5)
	b.Run("translating", func(b *testing.B) {
		m := BoxMotion{Center: mgl64.Vec3{0, 1, 0}, Delta: mgl64.Vec3{50, 0.3, 0}, Half: mgl64.Vec3{0.05, 0.05, 0.05},
			Orientation: mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0})}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkT, sinkN, sinkOK = SweepBox(m, wall, 1e-5)
		}
	})
	b.Run("spinning-plate", func(b *testing.B) {
		m := BoxMotion{Center: mgl64.Vec3{0, 1, 0}, Delta: mgl64.Vec3{50, 0, 0}, Half: mgl64.Vec3{0.5, 0.002, 0.3},
			Orientation: mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0}), Rotation: mgl64.Vec3{0, 100.0 / 60, 0}}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkT, sinkN, sinkOK = SweepBox(m, wall, 1e-5)
		}
	})
	b.Run("miss", func(b *testing.B) {
		m := BoxMotion{Center: mgl64.Vec3{0, 1, 0}, Delta: mgl64.Vec3{10, 0, 0}, Half: mgl64.Vec3{0.05, 0.05, 0.05}}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sinkT, sinkN, sinkOK = SweepBox(m, wall, 1e-5)
		}
	})
}
