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

// The wide passes (wide_rows.go) give the very bits of the one-by-one
// passes: the same scenes stepped with groups on and off, with 1 and 2
// workers, have the same state hash after every step. Run in both builds
// (`go test` and `GOEXPERIMENT=simd go test` on amd64), it checks each
// build's floatW against the scalar solver.
func TestWideSameBits(t *testing.T) {
	if !wideCapable {
		t.Skip("this build's groups need AVX2, which this processor lacks")
	}
	saved := wideOn
	defer func() { wideOn = saved }()
	scenes := []struct {
		name  string
		build func(def WorldDef) *World
		ticks int
	}{
		{"pile", func(def WorldDef) *World { return buildPile(t, def, 300) }, 200},
		{"pyramid", func(def WorldDef) *World { return buildPyramid(t, def, 20, 0.05) }, 60},
		{"mixed", func(def WorldDef) *World { return buildMixedPile(t, def) }, 200},
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
			runs = append(runs, r)
		}
		var buf []Input
		grouped, rest := 0, 0
		for k := 0; k < sc.ticks; k++ {
			buf = shotInputs(runs[0].w, k, buf)
			for _, r := range runs {
				wideOn = r.wide
				r.w.Step(1.0/60, buf)
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
