package gfx

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// The slab drawn as the ground is the scene's ground, the one the counters
// split CCD hits by (scene.GroundStatic), also where the rule is at its
// edge: a block as tall as it is wide.
func TestStaticsGroundIsTheScenes(t *testing.T) {
	for _, statics := range [][]physics.StaticDef{
		{{Name: "wall", Min: mgl64.Vec3{20, 0, -5}, Max: mgl64.Vec3{20.001, 6, 5}}},
		{{Name: "block", Min: mgl64.Vec3{-1, -2, -1}, Max: mgl64.Vec3{1, 0, 1}}},
		{{Name: "wall", Min: mgl64.Vec3{20, 0, -5}, Max: mgl64.Vec3{20.001, 6, 5}}, {Name: "plain", Min: mgl64.Vec3{-50, -3, -50}, Max: mgl64.Vec3{50, -2, 50}}},
	} {
		sc := &scene.Scene{Name: "t", Statics: statics, Solver: physics.DefaultWorldDef(), SolverIterations: physics.DefaultWorldDef().SolverIterations}
		w, err := sc.NewWorld(nil)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if sc.GroundStatic() >= 0 {
			want = 1
		}
		inst, floors := Statics(w)
		if floors != want || len(inst) != len(statics) {
			t.Errorf("%v: %d floors of %d instances; the scene's ground is static %d", statics, floors, len(inst), sc.GroundStatic())
		}
	}
}
