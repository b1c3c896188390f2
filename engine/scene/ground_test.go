package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

func TestGroundStaticOfBuiltins(t *testing.T) {
	for _, name := range []string{"range", "gauntlet", "drop", "teleport", "glider", "blink", "spinner"} {
		sc, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		g := sc.GroundStatic()
		if g != 0 {
			t.Errorf("%s: ground is statics[%d], want statics[0] (%q)", name, g, sc.Statics[0].Name)
		}
	}
}

func TestGroundStaticRule(t *testing.T) {
	slab := func(name string, min, max mgl64.Vec3) physics.StaticDef {
		return physics.StaticDef{Name: name, Min: min, Max: max}
	}
	wall := slab("wall", mgl64.Vec3{20, 0, -5}, mgl64.Vec3{20.001, 6, 5})
	small := slab("platform", mgl64.Vec3{0, 2, 0}, mgl64.Vec3{2, 2.5, 2})
	wide := slab("plain", mgl64.Vec3{-50, -3, -50}, mgl64.Vec3{50, -2, 50})
	for _, tc := range []struct {
		statics []physics.StaticDef
		want    int
	}{
		{nil, -1},
		{[]physics.StaticDef{wall}, -1}, // a wall alone is no ground
		{[]physics.StaticDef{wall, small}, 1},
		{[]physics.StaticDef{wall, small, wide}, 2}, // the widest, not the first or the highest
		{[]physics.StaticDef{wide, wide}, 0},        // ties: the first
	} {
		sc := &Scene{Statics: tc.statics}
		if got := sc.GroundStatic(); got != tc.want {
			t.Errorf("statics %v: ground %d, want %d", tc.statics, got, tc.want)
		}
	}
}
