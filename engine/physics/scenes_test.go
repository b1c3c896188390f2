package physics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Scene builders shared by the stacking tests, determinism tests and
// benchmarks.

// buildTower stacks n unit cubes on the ground, each resting on the one below.
func buildTower(t testing.TB, def WorldDef, n int) *World {
	w := mustWorld(t, def)
	ground(t, w)
	for i := 0; i < n; i++ {
		mustBody(t, w, cube(fmt.Sprintf("tower-%d", i), mgl64.Vec3{0, 0.5 + float64(i), 0}))
	}
	return w
}

// buildPyramid builds a 2D pyramid of unit cubes with the given number of
// layers (layers*(layers+1)/2 boxes) standing on the ground; neighbours in a
// layer are gap metres apart.
func buildPyramid(t testing.TB, def WorldDef, layers int, gap float64) *World {
	w := mustWorld(t, def)
	ground(t, w)
	s := 1 + gap
	for k := 0; k < layers; k++ {
		n := layers - k
		for j := 0; j < n; j++ {
			x := (float64(j) - float64(n-1)/2) * s
			mustBody(t, w, cube(fmt.Sprintf("p-%d-%d", k, j), mgl64.Vec3{x, 0.5 + float64(k), 0}))
		}
	}
	return w
}

// buildPile places n unit cubes in columns of 10 on a square grid with 1.1 m
// spacing (the benchmark scene of issue 3).
func buildPile(t testing.TB, def WorldDef, n int) *World {
	w := mustWorld(t, def)
	mustStatic(t, w, "ground", mgl64.Vec3{-500, -1, -500}, mgl64.Vec3{500, 0, 500})
	cols := (n + 9) / 10
	side := 1
	for side*side < cols {
		side++
	}
	placed := 0
	for c := 0; c < cols && placed < n; c++ {
		x := (float64(c%side) - float64(side-1)/2) * 1.1
		z := (float64(c/side) - float64(side-1)/2) * 1.1
		for k := 0; k < 10 && placed < n; k++ {
			mustBody(t, w, cube(fmt.Sprintf("pile-%d", placed), mgl64.Vec3{x, 0.5 + 1.1*float64(k), z}))
			placed++
		}
	}
	return w
}

// buildLargePyramid builds Box3D's large_pyramid benchmark scene with the
// given base (100: 5,050 cubes; ../shared/peers/README.md): cubes of half
// 0.5, 100 kg, friction 0.6, row i holding base-i cubes at x = j - i/2 -
// (base-1)/2, y = i + 0.5, z = 0, neighbours touching, on a ground slab
// whose top is y = 0. It returns the world and each cube's start centre.
func buildLargePyramid(t testing.TB, def WorldDef, base int) (*World, []mgl64.Vec3) {
	w := mustWorld(t, def)
	mustStatic(t, w, "ground", mgl64.Vec3{-400, -2, -400}, mgl64.Vec3{400, 0, 400})
	var starts []mgl64.Vec3
	for i := 0; i < base; i++ {
		for j := i; j < base; j++ {
			c := mgl64.Vec3{float64(j) - 0.5*float64(i) - 0.5*float64(base-1), float64(i) + 0.5, 0}
			d := cube(fmt.Sprintf("p-%d-%d", i, j), c)
			d.Mass = 100
			d.Friction = 0.6
			mustBody(t, w, d)
			starts = append(starts, c)
		}
	}
	return w, starts
}

// buildEveryFeature is a scene that uses every feature of the step at
// once, for the tests that must hold whatever the step does: a pyramid of
// touching cubes of alternating friction (one island of more than
// bigIslandCons constraints, solved pass by pass on every worker), bouncy
// boxes falling onto it fast enough to rebound (restitution), and away from
// it a stack that falls asleep. featureInputs adds the bullets, a teleport
// of a sleeping box and a drag.
func buildEveryFeature(t testing.TB, def WorldDef) *World {
	w := mustWorld(t, def)
	mustStatic(t, w, "ground", mgl64.Vec3{-100, -1, -100}, mgl64.Vec3{100, 0, 100})
	const base = 30
	for i := 0; i < base; i++ {
		for j := i; j < base; j++ {
			d := cube(fmt.Sprintf("p-%d-%d", i, j), mgl64.Vec3{float64(j) - 0.5*float64(i) - 0.5*float64(base-1), float64(i) + 0.5, 0})
			d.Friction = []float64{0.3, 0.9}[(i+j)%2]
			mustBody(t, w, d)
		}
	}
	// The pyramid's surface at x is about 31-2|x| high: each box falls 3 m
	// and lands at about 7.7 m/s, far above the restitution threshold.
	for k, x := range []float64{-10, -4.5, 3.5, 9.5} {
		d := cube(fmt.Sprintf("bouncy-%d", k), mgl64.Vec3{x, 34 - 2*math.Abs(x), 0})
		d.Restitution = 0.7
		d.Half = mgl64.Vec3{0.3, 0.3, 0.3}
		mustBody(t, w, d)
	}
	for k := 0; k < 3; k++ {
		mustBody(t, w, cube(fmt.Sprintf("sleeper-%d", k), mgl64.Vec3{40, 0.5 + float64(k), 20}))
	}
	return w
}

// featureInputs is shotInputs (bullets and a teleport of body 0) for
// buildEveryFeature, plus a teleport of a sleeping box onto its stack at
// tick 100 and a drag of a pyramid cube from tick 60 to 80.
func featureInputs(w *World, k int, buf []Input) []Input {
	buf = shotInputs(w, k, buf)
	if k == 100 {
		if id, ok := w.FindBody("sleeper-2"); ok {
			buf = append(buf, Input{Kind: InputTeleport, Body: id, Center: mgl64.Vec3{40, 4, 20}})
		}
	}
	if k >= 60 && k < 80 {
		if id, ok := w.FindBody("p-3-20"); ok {
			buf = append(buf, Input{Kind: InputDrag, Body: id, Point: mgl64.Vec3{0.5, 0, 0}, Target: mgl64.Vec3{8, 5, 4}})
		}
	}
	return buf
}
