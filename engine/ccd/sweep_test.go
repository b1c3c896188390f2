package ccd

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func box(minX, minY, minZ, maxX, maxY, maxZ float64) AABB {
	return AABB{Min: mgl64.Vec3{minX, minY, minZ}, Max: mgl64.Vec3{maxX, maxY, maxZ}}
}

func cube(c mgl64.Vec3, h float64) AABB { return FromCenterHalf(c, mgl64.Vec3{h, h, h}) }

func TestSweepClosedForm(t *testing.T) {
	nan := math.NaN()
	wall := box(4.5, -5, -5, 5, 5, 5)
	cases := []struct {
		name    string
		moving  AABB
		d       mgl64.Vec3
		target  AABB
		wantOK  bool
		wantT   float64
		wantN   mgl64.Vec3
		tolRelT float64
	}{
		// The foundation issue's case: a 1 m box moving 10 m stops with its
		// centre at 4.0 before a face at x = 4.5, so t = 4/10.
		{"issue wall", cube(mgl64.Vec3{}, 0.5), mgl64.Vec3{10, 0, 0}, wall, true, 0.4, mgl64.Vec3{-1, 0, 0}, 1e-15},
		{"nothing in the way", cube(mgl64.Vec3{}, 0.5), mgl64.Vec3{10, 0, 0}, box(4.5, 1, -5, 5, 5, 5), false, 0, mgl64.Vec3{}, 0},
		{"moving -x", cube(mgl64.Vec3{10, 0, 0}, 0.5), mgl64.Vec3{-10, 0, 0}, wall, true, 0.45, mgl64.Vec3{1, 0, 0}, 1e-15},
		{"falling onto ground", cube(mgl64.Vec3{0, 2, 0}, 0.5), mgl64.Vec3{0, -3, 0}, box(-50, -1, -50, 50, 0, 50), true, 0.5, mgl64.Vec3{0, 1, 0}, 1e-15},
		{"rising into ceiling +z", cube(mgl64.Vec3{0, 0, 0}, 1), mgl64.Vec3{0, 0, 4}, box(-1, -1, 2, 1, 1, 3), true, 0.25, mgl64.Vec3{0, 0, -1}, 1e-15},
		{"diagonal, enters x last", cube(mgl64.Vec3{0, 0, 0}, 0.5), mgl64.Vec3{4, 4, 0}, box(2.5, 1.5, -1, 5, 5, 1), true, 0.5, mgl64.Vec3{-1, 0, 0}, 1e-15},
		{"diagonal miss past corner", cube(mgl64.Vec3{0, 0, 0}, 0.5), mgl64.Vec3{4, 1, 0}, box(2.5, 1.5, -1, 5, 5, 1), false, 0, mgl64.Vec3{}, 0},
		// Exact corner: x and y enter at the same instant; the lower axis wins.
		{"corner tie", cube(mgl64.Vec3{0, 0, 0}, 0.5), mgl64.Vec3{2, 2, 0}, box(1.5, 1.5, -1, 3, 3, 1), true, 0.5, mgl64.Vec3{-1, 0, 0}, 1e-15},
		// Sliding along the ground it rests on: touching, parallel motion.
		{"slide on ground", box(-0.5, 0, -0.5, 0.5, 1, 0.5), mgl64.Vec3{3, 0, 0}, box(-50, -1, -50, 50, 0, 50), false, 0, mgl64.Vec3{}, 0},
		{"slide on ground, pressing in", box(-0.5, 0, -0.5, 0.5, 1, 0.5), mgl64.Vec3{3, -1e-3, 0}, box(-50, -1, -50, 50, 0, 50), true, 0, mgl64.Vec3{0, 1, 0}, 0},
		{"touching, moving away", box(-0.5, 0, -0.5, 0.5, 1, 0.5), mgl64.Vec3{0, 2, 0}, box(-50, -1, -50, 50, 0, 50), false, 0, mgl64.Vec3{}, 0},
		{"touching, moving in", cube(mgl64.Vec3{4, 0, 0}, 0.5), mgl64.Vec3{1, 0, 0}, wall, true, 0, mgl64.Vec3{-1, 0, 0}, 0},
		{"touching at the end only", cube(mgl64.Vec3{}, 0.5), mgl64.Vec3{4, 0, 0}, wall, false, 0, mgl64.Vec3{}, 0},
		{"past the wall already", cube(mgl64.Vec3{6, 0, 0}, 0.5), mgl64.Vec3{4, 0, 0}, wall, false, 0, mgl64.Vec3{}, 0},
		{"short of the wall", cube(mgl64.Vec3{}, 0.5), mgl64.Vec3{3.9, 0, 0}, wall, false, 0, mgl64.Vec3{}, 0},
		{"grazing an edge", cube(mgl64.Vec3{0, 5.5, 0}, 0.5), mgl64.Vec3{10, 0, 0}, wall, false, 0, mgl64.Vec3{}, 0},
		// Diagonal past a corner: x opens at t = 0.5 just as y closes, so the
		// interiors never overlap (a touch at one instant is no impact). The
		// parallel-motion branch is not taken: this is the general interval test.
		{"grazing a corner", cube(mgl64.Vec3{0, 0, 0}, 0.5), mgl64.Vec3{2, 2, 0}, box(1.5, -3, -1, 3, 0.5, 1), false, 0, mgl64.Vec3{}, 0},
		{"zero motion, apart", cube(mgl64.Vec3{}, 0.5), mgl64.Vec3{}, wall, false, 0, mgl64.Vec3{}, 0},
		// Already overlapping: t = 0 and the least-penetration normal, even when
		// moving out.
		{"overlap, shallow +y", box(-0.5, -0.1, -0.5, 0.5, 0.9, 0.5), mgl64.Vec3{0, 5, 0}, box(-50, -1, -50, 50, 0, 50), true, 0, mgl64.Vec3{0, 1, 0}, 0},
		{"overlap, shallow -x", box(4.2, -0.5, -0.5, 4.6, 0.5, 0.5), mgl64.Vec3{}, wall, true, 0, mgl64.Vec3{-1, 0, 0}, 0},
		{"inside", cube(mgl64.Vec3{4.7, 0, 0}, 0.01), mgl64.Vec3{1, 1, 1}, wall, true, 0, mgl64.Vec3{-1, 0, 0}, 0},
		// 20,000 m/s at 30 Hz through a 0.1 mm slab with a 1 mm projectile.
		{"huge speed thin slab", cube(mgl64.Vec3{0, 1, 0}, 1e-3), mgl64.Vec3{20000.0 / 30, 0, 0}, box(300, 0, -5, 300.0001, 6, 5), true, (300 - 1e-3) / (20000.0 / 30), mgl64.Vec3{-1, 0, 0}, 1e-14},
		{"huge speed thin slab, backwards", cube(mgl64.Vec3{600, 1, 0}, 1e-3), mgl64.Vec3{-20000.0 / 30, 0, 0}, box(300, 0, -5, 300.0001, 6, 5), true, (600 - 1e-3 - 300.0001) / (20000.0 / 30), mgl64.Vec3{1, 0, 0}, 1e-12},
		{"unbounded slab", cube(mgl64.Vec3{0, 3, 0}, 0.5), mgl64.Vec3{0, -5, 0}, AABB{Min: mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}, Max: mgl64.Vec3{math.Inf(1), 0, math.Inf(1)}}, true, 0.5, mgl64.Vec3{0, 1, 0}, 1e-15},
		{"NaN motion", cube(mgl64.Vec3{}, 0.5), mgl64.Vec3{nan, 0, 0}, wall, false, 0, mgl64.Vec3{}, 0},
		{"NaN box", cube(mgl64.Vec3{nan, 0, 0}, 0.5), mgl64.Vec3{10, 0, 0}, wall, false, 0, mgl64.Vec3{}, 0},
		{"NaN target, parallel axis", cube(mgl64.Vec3{}, 0.5), mgl64.Vec3{10, 0, 0}, box(4.5, nan, -5, 5, 5, 5), false, 0, mgl64.Vec3{}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, n, ok := Sweep(c.moving, c.d, c.target)
			if ok != c.wantOK {
				t.Fatalf("ok = %v, want %v (t=%v n=%v)", ok, c.wantOK, got, n)
			}
			if !ok {
				if got != 0 || n != (mgl64.Vec3{}) {
					t.Errorf("no impact should return zero t and normal, got %v %v", got, n)
				}
				return
			}
			if math.Abs(got-c.wantT) > c.tolRelT*math.Max(1, c.wantT) {
				t.Errorf("t = %.17g, want %.17g", got, c.wantT)
			}
			if n != c.wantN {
				t.Errorf("normal = %v, want %v", n, c.wantN)
			}
		})
	}
}

// The issue's centre check: the moving box placed at t has its centre at 4.0.
func TestSweepIssueCentre(t *testing.T) {
	c0 := mgl64.Vec3{}
	d := mgl64.Vec3{10, 0, 0}
	tt, _, ok := Sweep(cube(c0, 0.5), d, box(4.5, -5, -5, 5, 5, 5))
	if !ok {
		t.Fatal("no impact")
	}
	if c := c0.Add(d.Mul(tt)); math.Abs(c[0]-4) > 1e-12 {
		t.Fatalf("centre at impact %v, want x = 4", c)
	}
}

// Symmetry: mirroring the whole scene through x = 0 mirrors the normal and
// keeps t exactly (the arithmetic is sign-symmetric).
func TestSweepMirrorSymmetry(t *testing.T) {
	rng := newRand(7)
	for i := 0; i < 2000; i++ {
		m, d, tg := randomScene(rng)
		t1, n1, ok1 := Sweep(m, d, tg)
		mirror := func(b AABB) AABB {
			return AABB{Min: mgl64.Vec3{-b.Max[0], b.Min[1], b.Min[2]}, Max: mgl64.Vec3{-b.Min[0], b.Max[1], b.Max[2]}}
		}
		t2, n2, ok2 := Sweep(mirror(m), mgl64.Vec3{-d[0], d[1], d[2]}, mirror(tg))
		n2[0] = -n2[0]
		if ok1 != ok2 || t1 != t2 || (n1 != n2 && t1 != 0) {
			t.Fatalf("case %d: %v %v %v vs mirrored %v %v %v\nm=%v d=%v tg=%v", i, t1, n1, ok1, t2, n2, ok2, m, d, tg)
		}
	}
}
