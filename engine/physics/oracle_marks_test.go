package physics

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Most of a step's oracle marks are made by the solver's storeStates, for
// the bodies whose path meets no slab, and the rest by checkMotion after
// the continuous stage and the guard. Whichever made it, each mark must be
// what oracleMark finds for the body's path as the step left it: here over
// a pile beside a thin wall, shots through the wall's plane (CCD on and
// off), a box whose centre starts in the wall, teleports into and out of
// it, and a fast fall into the ground.
func TestOracleMarksAfterStep(t *testing.T) {
	v := func(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }
	for _, ccdOn := range []bool{true, false} {
		def := DefaultWorldDef()
		def.Sleep = false
		def.CCD = ccdOn
		w := mustWorld(t, def)
		ground(t, w)
		mustStatic(t, w, "wall", v(4, 0, -6), v(4.02, 6, 6))
		for i := 0; i < 60; i++ {
			mustBody(t, w, cube(fmt.Sprint("p", i), v(float64(i%6)*1.1-3, 0.5+1.1*float64(i/6%5), float64(i/30)*1.1)))
		}
		// Its centre starts in the wall: pushed out slowly (not fast), its
		// path meets the wall for a few steps.
		mustBody(t, w, cube("stuck", v(4.01, 3, -3)))
		drop := cube("drop", v(0, 12, 4))
		drop.Velocity = v(0, -90, 0)
		mustBody(t, w, drop)
		var near, far int
		for step := 0; step < 120; step++ {
			var in []Input
			switch {
			case step%10 == 3:
				shot := cube(fmt.Sprint("shot", step), v(-2, 1+float64(step%4), 5))
				shot.Half = v(0.1, 0.1, 0.1)
				shot.Velocity = v(400, 0, 0)
				in = append(in, Input{Kind: InputFire, Fire: shot})
			case step%25 == 7:
				in = append(in, Input{Kind: InputTeleport, Body: w.ID(59), Center: v(4.01, 3, 0)})
			case step%25 == 8:
				in = append(in, Input{Kind: InputTeleport, Body: w.ID(59), Center: v(8, 3, 0)})
			}
			w.Step(1.0/60, in)
			for i := range w.bodies {
				got, want := w.oracleMarks[i], w.oracleMark(i)
				if got != want {
					t.Fatalf("ccd %v, step %d: body %d (%s) marked %b, its path gives %b", ccdOn, step, i, w.names[i], got, want)
				}
				if got&markNearSlab != 0 {
					near++
				} else if got&markMoved != 0 {
					far++
				}
			}
		}
		t.Logf("ccd %v: %d marks near a slab, %d moved clear of them", ccdOn, near, far)
		// Both kinds of mark came up, so both makers were checked.
		if near == 0 || far == 0 {
			t.Fatalf("ccd %v: %d marks near a slab and %d moved clear of them, want some of each", ccdOn, near, far)
		}
	}
}
