package gfx

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// With Islands on, the two stacked boxes take the colour of their island
// and the box standing apart another; off, the crate colours come back.
func TestWorldViewIslandColours(t *testing.T) {
	w, err := physics.NewWorld(physics.DefaultWorldDef())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddStatic(physics.StaticDef{Name: "ground", Min: mgl64.Vec3{-20, -1, -20}, Max: mgl64.Vec3{20, 0, 20}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []mgl64.Vec3{{0, 0.5, 0}, {0, 1.5, 0}, {5, 0.5, 0}} {
		d := physics.DefaultBodyDef()
		d.Center = c
		if _, err := w.AddBody(d); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 20; i++ {
		w.Step(1.0/60, nil)
	}
	v := NewWorldView(interp.Lerp)
	v.Debug = DebugOptions{Islands: true}
	v.Build(w, 0.5, 1.0/60, 0, nil, nil)
	if c := v.Dynamic; c[0].Color != IslandColor(0) || c[1].Color != IslandColor(0) || c[2].Color != IslandColor(2) || IslandColor(0) == IslandColor(2) {
		t.Fatalf("island colours %v %v %v; want the stack's %v twice, then %v", c[0].Color, c[1].Color, c[2].Color, IslandColor(0), IslandColor(2))
	}
	v.Debug.Islands = false
	v.Build(w, 0.5, 1.0/60, 0, nil, nil)
	for i, in := range v.Dynamic {
		if in.Color != CrateColor(i) {
			t.Fatalf("islands off: body %d coloured %v, want its crate colour", i, in.Color)
		}
	}
}
