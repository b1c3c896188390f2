package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The world takes each step's dt as given (a variable or semi-fixed loop's):
// a body at rest falls asleep after the same simulated seconds whatever the
// dt, and a falling body's speed after a simulated second is g times a
// second however that second is cut into steps.
func TestStepHonoursItsDt(t *testing.T) {
	sleepAt := func(dt float64) float64 {
		w := mustWorld(t, DefaultWorldDef())
		ground(t, w)
		mustBody(t, w, cube("box", mgl64.Vec3{0, 0.5, 0}))
		elapsed := 0.0
		for i := 0; i < 100000 && !w.Body(0).Sleeping; i++ {
			w.Step(dt, nil)
			elapsed += dt
		}
		return elapsed
	}
	a, b := sleepAt(1.0/60), sleepAt(1.0/240)
	if math.Abs(a-b) > 1.0/60+1e-9 {
		t.Fatalf("asleep after %.4f s at 1/60 s steps, %.4f s at 1/240 s", a, b)
	}
	def := DefaultWorldDef()
	w := mustWorld(t, def)
	mustBody(t, w, cube("falling", mgl64.Vec3{0, 100, 0}))
	for _, dt := range []float64{0.05, 1.0 / 144, 0.2, 1.0 / 60, 0.05, 0.1, 0.5 - 0.05 - 1.0/144 - 0.2 - 1.0/60 - 0.05 - 0.1 + 0.5} {
		w.Step(dt, nil)
	}
	if v, want := w.Body(0).Velocity.Y(), def.Gravity.Y(); math.Abs(v-want) > 1e-9 {
		t.Fatalf("speed after a second of uneven steps %v, want %v", v, want)
	}
}
