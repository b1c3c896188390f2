package physics

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// buildMixedPile is a pile whose constraints take both paths of the wide
// solver: cubes (groups), plates and a frictionless column (one by one),
// shots (single points) and slab contacts.
func buildMixedPile(t testing.TB, def WorldDef) *World {
	w := buildPile(t, def, 200)
	for i := 0; i < 12; i++ {
		d := cube(fmt.Sprintf("plate-%d", i), mgl64.Vec3{float64(i%4)*1.3 - 2, 13 + 0.4*float64(i/4), 0.3})
		d.Half = mgl64.Vec3{0.6, 0.1, 0.4}
		mustBody(t, w, d)
	}
	for i := 0; i < 5; i++ {
		d := cube(fmt.Sprintf("ice-%d", i), mgl64.Vec3{9, 0.5 + float64(i), 9})
		d.Friction = 0
		mustBody(t, w, d)
	}
	return w
}

// buildBouncingPile is a pile with bouncing boxes dropped on it: their
// contacts have restitution, so they are solved one by one, and come and
// go among the grouped cubes' contacts.
func buildBouncingPile(t testing.TB, def WorldDef) *World {
	w := buildPile(t, def, 200)
	for i := 0; i < 16; i++ {
		d := cube(fmt.Sprintf("ball-%d", i), mgl64.Vec3{float64(i%4)*1.1 - 1.6, 12 + 1.5*float64(i/4), float64(i%3) - 1})
		d.Restitution = 0.8
		mustBody(t, w, d)
	}
	return w
}

// The wide passes (wide.go) give the very bits of the one-by-one
// passes: the same scenes stepped with groups on and off, with 1 and 2
// workers, have the same state hash after every step. Run in both builds
// (`go test` and `GOEXPERIMENT=simd go test` on amd64), it checks each
// build's floatW against the scalar solver.
func TestWideSameBits(t *testing.T) {
	if !wideCapable {
		t.Skip("this build's groups need AVX2, which this processor lacks")
	}
	scenes := []struct {
		name  string
		build func(def WorldDef) *World
		ticks int
		dt    func(tick int) float64
	}{
		{"pile", func(def WorldDef) *World { return buildPile(t, def, 300) }, 200, nil},
		{"pyramid", func(def WorldDef) *World { return buildPyramid(t, def, 20, 0.05) }, 60, nil},
		{"mixed", func(def WorldDef) *World { return buildMixedPile(t, def) }, 200, nil},
		// Bouncing boxes, solved one by one, among grouped cubes: a slot
		// a bouncing contact left may hold a group's lane the step after.
		{"bouncing", func(def WorldDef) *World { return buildBouncingPile(t, def) }, 200, nil},
		// A step kept from the last (refreshLane) may have another dt,
		// so other soft coefficients: once the pile rests (and before it
		// sleeps), dt changes every few steps, with no shots to change the
		// plan.
		{"pile, dt changing", func(def WorldDef) *World { return buildPile(t, def, 300) }, 200,
			func(tick int) float64 { return 1.0 / float64(60+15*(max(tick-40, 0)/3%2)) }},
		// Movers' contacts are never grouped (their side is not the zero
		// state), the stack's cubes on the lift are.
		{"movers", func(def WorldDef) *World { return moverScene(t, def.Workers) }, 200, nil},
	}
	for _, sc := range scenes {
		type run struct {
			w       *World
			wide    bool
			workers int
		}
		var runs []run
		for _, r := range []run{{nil, false, 1}, {nil, true, 1}, {nil, true, 2}} {
			def := DefaultWorldDef()
			def.Workers = r.workers
			r.w = sc.build(def)
			r.w.opt.wide = r.wide
			runs = append(runs, r)
		}
		var buf []Input
		grouped, rest := 0, 0
		for k := 0; k < sc.ticks; k++ {
			buf = buf[:0]
			if sc.dt == nil {
				buf = shotInputs(runs[0].w, k, buf)
			}
			dt := 1.0 / 60
			if sc.dt != nil {
				dt = sc.dt(k)
			}
			for _, r := range runs {
				r.w.Step(dt, buf)
			}
			grouped += len(runs[1].w.sol.wide)
			rest += len(runs[1].w.sol.rest)
			h := runs[0].w.StateHash()
			for _, r := range runs[1:] {
				if got := r.w.StateHash(); got != h {
					t.Fatalf("%s tick %d: wide with %d workers hash %016x, one by one %016x", sc.name, k, r.workers, got, h)
				}
			}
		}
		if grouped == 0 {
			t.Fatalf("%s: no constraint was solved in a group", sc.name)
		}
		if sc.name == "mixed" && rest == 0 {
			t.Fatalf("%s: every constraint was solved in a group", sc.name)
		}
	}
}
