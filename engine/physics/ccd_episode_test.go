package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A bullet that lands and then rests or slides on the ground is one impact:
// the sweeps that stop it against the ground on the steps after, while it
// touches it, continue that contact and are counted as stops, not hits.
// Each step of a resting bullet once counted a new 0 m/s hit.
func TestCCDHitOncePerContactEpisode(t *testing.T) {
	for _, tc := range []struct {
		name     string
		half     mgl64.Vec3
		velocity mgl64.Vec3
		spin     mgl64.Vec3
		bounces  bool // tumbles off the ground and lands again
		plain    bool // a 1 kg box, not a bullet
		tilt     mgl64.Quat
		center   mgl64.Vec3
	}{
		{"lands and rests", mgl64.Vec3{0.05, 0.05, 0.05}, mgl64.Vec3{0, -200, 0}, mgl64.Vec3{}, false, false, mgl64.Quat{}, mgl64.Vec3{}},
		{"lands and slides", mgl64.Vec3{0.05, 0.05, 0.05}, mgl64.Vec3{40, -200, 0}, mgl64.Vec3{}, false, false, mgl64.Quat{}, mgl64.Vec3{}},
		{"user shot at the ground", mgl64.Vec3{0.1, 0.1, 0.1}, mgl64.Vec3{2850, -940, 0}, mgl64.Vec3{}, false, false, mgl64.Quat{}, mgl64.Vec3{}},
		{"slow shot at the ground", mgl64.Vec3{0.1, 0.1, 0.1}, mgl64.Vec3{285, -94, 0}, mgl64.Vec3{}, false, false, mgl64.Quat{}, mgl64.Vec3{}},
		{"tumbling plate", mgl64.Vec3{0.3, 0.01, 0.3}, mgl64.Vec3{285, -94, 0}, mgl64.Vec3{0, 0, 40}, true, false, mgl64.Quat{}, mgl64.Vec3{}},
		{name: "box sliding fast", half: mgl64.Vec3{0.5, 0.5, 0.5}, velocity: mgl64.Vec3{120, -0.5, 0}, plain: true},
		// A box knocked spinning by a pillar as it slides: its swept bound
		// meets the ground every other step.
		{name: "spinning box sliding fast", half: mgl64.Vec3{0.5, 0.5, 0.5}, velocity: mgl64.Vec3{95, 0, 0},
			spin: mgl64.Vec3{-1.3, -0.66, -2.1}, plain: true, bounces: true,
			tilt: mgl64.QuatRotate(0.5, mgl64.Vec3{0, 0, 1}).Mul(mgl64.QuatRotate(0.3, mgl64.Vec3{1, 0, 0})), center: mgl64.Vec3{0, 0.9, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := NewWorld(DefaultWorldDef())
			if err != nil {
				t.Fatal(err)
			}
			ground, err := w.AddStatic(StaticDef{Name: "ground", Min: mgl64.Vec3{-500, -1, -500}, Max: mgl64.Vec3{500, 0, 500}})
			if err != nil {
				t.Fatal(err)
			}
			d := DefaultBodyDef()
			d.Name, d.Half, d.Bullet, d.Mass = "shot", tc.half, !tc.plain, 0.1
			if tc.plain {
				d.Mass = 1
			}
			d.Center, d.Velocity, d.AngularVelocity = mgl64.Vec3{0, 4, 0}, tc.velocity, tc.spin
			if tc.center != (mgl64.Vec3{}) {
				d.Center, d.Orientation = tc.center, tc.tilt
			}
			if _, err := w.AddBody(d); err != nil {
				t.Fatal(err)
			}
			var hits uint64
			lastStop := -1000 // the last step whose sweeps stopped the body
			for i := 0; i < 120; i++ {
				stops := w.Counters().CCDStops
				w.Step(1.0/60, nil)
				for _, h := range w.Events().CCDHits {
					if h.Static != ground {
						t.Fatalf("step %d: a hit on %v, want only the ground", i, h.Static)
					}
					if i-lastStop <= 2 { // a tumbling body's bound meets the ground every step or two

						t.Errorf("step %d: a new %.2f m/s hit %d steps after a stop on the ground", i, h.Speed, i-lastStop)
					}
					hits++
				}
				if w.Counters().CCDStops > stops {
					lastStop = i
				}
			}
			c := w.Counters()
			if c.CCDHits != hits {
				t.Errorf("Counters.CCDHits = %d, the events %d", c.CCDHits, hits)
			}
			if !tc.bounces && hits != 1 {
				t.Errorf("%d hits on the ground, want 1: one landing", hits)
			}
			if c.CCDStops < c.CCDHits {
				t.Errorf("Counters.CCDStops = %d, fewer than the %d hits", c.CCDStops, c.CCDHits)
			}
		})
	}
}

// A cube spinning fast about a horizontal body diagonal, just above the
// ground, is swept with the bound of every orientation its spin reaches: a
// sphere of its half diagonal, which touches the ground while no corner
// does. Stopped on that bound, it hovered there for ever, its fall taken
// away every step and its spin never slowed by a landing corner (117 of
// the 5,000 bullets' cubes did, up to 250 rad/s). It must land and stop.
func TestSpinningCubeLandsOffItsSpinBound(t *testing.T) {
	for _, bullet := range []bool{false, true} {
		w, err := NewWorld(DefaultWorldDef())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.AddStatic(StaticDef{Name: "ground", Min: mgl64.Vec3{-50, -1, -50}, Max: mgl64.Vec3{50, 0, 50}}); err != nil {
			t.Fatal(err)
		}
		// The body diagonal (1, 1, 1) turned onto the world's x axis.
		diag := mgl64.Vec3{1, 1, 1}.Normalize()
		tilt := mgl64.QuatBetweenVectors(diag, mgl64.Vec3{1, 0, 0})
		half := 0.25
		top := half*math.Sqrt(3) + 0.001
		_, err = w.AddBody(BodyDef{Name: "top", Center: mgl64.Vec3{0, top, 0}, Half: mgl64.Vec3{half, half, half},
			Orientation: tilt, AngularVelocity: mgl64.Vec3{30, 0, 0}, Mass: 1, Bullet: bullet})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 240; i++ {
			w.Step(1.0/60, nil)
		}
		b := w.Body(0)
		if spin, y := b.AngularVelocity.Len(), b.Curr.Center[1]; spin > 1 || y > 0.4 {
			t.Errorf("bullet %v: after 4 s the cube spins at %.3g rad/s with its centre at y = %.4g (a corner down is %.4g): want it landed and still",
				bullet, spin, y, half*math.Sqrt(3))
		}
	}
}
