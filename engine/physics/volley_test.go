package physics

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A volley into thin walls, as in the gauntlet scene: four shots per lane at
// 100 to 10,000 m/s, from 1 to 5.5 m up, pile up at the foot of each wall. Nothing gets through,
// and the shots come to rest and sleep: a shot wedged against the wall and its
// neighbours once stayed "fast", was stopped at the same spot by CCD every
// step and piled up gravity into an ever faster spin.
func TestVolleyComesToRest(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	mustStatic(t, w, "ground", mgl64.Vec3{-10, -1, -15}, mgl64.Vec3{80, 0, 15})
	thick := []float64{0.001, 0.01, 0.05, 0.2}
	for i, th := range thick {
		z := -7.5 + 5*float64(i)
		mustStatic(t, w, fmt.Sprint("wall-", i), mgl64.Vec3{20, 0, z - 2.25}, mgl64.Vec3{20 + th, 8, z + 2.25})
	}
	speeds := []float64{100, 1000, 3000, 10000}
	for k := 0; k < 600; k++ {
		var in []Input
		if k%10 == 0 && k >= 10 && k <= 40 {
			for i := range thick {
				d := DefaultBodyDef()
				d.Name = fmt.Sprintf("shot-%d-%d", i, k)
				d.Center = mgl64.Vec3{0, 1 + 1.5*float64(k/10-1), -7.5 + 5*float64(i)}
				d.Half = mgl64.Vec3{0.05, 0.05, 0.05}
				d.Velocity = mgl64.Vec3{speeds[k/10-1], 0, 0}
				d.Mass = 0.1
				in = append(in, Input{Kind: InputFire, Fire: d})
			}
		}
		w.Step(1.0/60, in)
	}
	if c := w.Counters(); c.Tunnels != 0 || c.CCDHits == 0 {
		t.Errorf("counters %+v: want CCD hits and no tunnels", c)
	}
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		if b.Curr.Center[0] > 20 {
			t.Errorf("%s ended beyond its wall at %v", b.Name, b.Curr.Center)
		}
		if !b.Sleeping {
			t.Errorf("%s still awake after 10 s: v %v w %v", b.Name, b.Velocity, b.AngularVelocity)
		}
	}
}
