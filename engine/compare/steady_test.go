package compare

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// Which steps count as steady motion: even motion and a fall under way do;
// a start from rest, a bounce, a teleport, a sweep stopped at a wall, a
// crawl and a rewind do not.
func TestSteadySteps(t *testing.T) {
	const dt = 1.0 / 60
	body := func(v mgl64.Vec3, moved float64, tele bool) physics.BodyView {
		p := mgl64.Vec3{1, 2, 3}
		return physics.BodyView{Velocity: v, Teleported: tele,
			Prev: physics.Pose{Center: p}, Curr: physics.Pose{Center: p.Add(v.Mul(dt * moved))}}
	}
	v := mgl64.Vec3{6, 0, 0}
	for _, c := range []struct {
		name   string
		v0     mgl64.Vec3
		b      physics.BodyView
		tick   uint64 // after tick 10
		steady bool
	}{
		{"even motion", v, body(v, 1, false), 11, true},
		{"falling at 5 m/s", mgl64.Vec3{0, -5, 0}, body(mgl64.Vec3{0, -5 - 9.81*dt, 0}, 1, false), 11, true},
		{"starting from rest", mgl64.Vec3{}, body(v, 1, false), 11, false},
		{"a bounce", v.Mul(-1), body(v, 1, false), 11, false},
		{"a teleport", v, body(v, 1, true), 11, false},
		{"stopped at a wall by the sweep", v, body(v, 0.3, false), 11, false},
		{"a crawl", mgl64.Vec3{0.05, 0, 0}, body(mgl64.Vec3{0.05, 0, 0}, 1, false), 11, false},
		{"a rewind", v, body(v, 1, false), 9, false},
	} {
		var f Follower
		f.Start(10, c.v0)
		f.Step(c.tick, c.b, dt)
		if got := f.SteadyOver(c.tick, c.tick); got != c.steady {
			t.Errorf("%s: steady %v, want %v", c.name, got, c.steady)
		}
	}
}
