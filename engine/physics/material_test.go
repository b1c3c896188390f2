package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Two bodies of different friction slide on each other with the geometric
// mean of their coefficients: a light box with mu 0.2 thrown at 3 m/s along
// a heavy box with mu 0.8 stops in v^2/(2 sqrt(0.2*0.8) g), 1.15 m; the
// smaller coefficient alone would let it slide twice as far, the larger
// stop it in half. The heavy box, held by its own friction on the ground,
// stays put.
func TestFrictionMixesAsGeometricMean(t *testing.T) {
	const v, muTop, muBase = 3.0, 0.2, 0.8
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	base := cube("base", mgl64.Vec3{0, 0.5, 0})
	base.Half = mgl64.Vec3{3, 0.5, 1}
	base.Mass = 100
	base.Friction = muBase
	baseID := mustBody(t, w, base)
	top := cube("top", mgl64.Vec3{-2, 1.5, 0})
	top.Velocity = mgl64.Vec3{v, 0, 0}
	top.Friction = muTop
	topID := mustBody(t, w, top)
	run(w, 180, 1.0/60)

	b, _ := w.BodyByID(topID)
	if b.Velocity.Len() > 1e-3 {
		t.Fatalf("top box still moving at %v after 3 s", b.Velocity)
	}
	g := -w.def.Gravity[1]
	want := v * v / (2 * math.Sqrt(muTop*muBase) * g)
	got := b.Curr.Center[0] - top.Center[0]
	// 5% keeps the minimum (2.29 m) and the maximum (0.57 m) far outside.
	if math.Abs(got-want) > 0.05*want {
		t.Errorf("top box slid %.4f m, want %.4f m +- 5%% (sqrt(%v*%v)); min would give %.4f m, max %.4f m",
			got, want, muTop, muBase, v*v/(2*muTop*g), v*v/(2*muBase*g))
	}
	if d := math.Abs(b.Curr.Center[1] - 1.5); d > 1e-3 {
		t.Errorf("top box left the base's face: centre %v", b.Curr.Center)
	}
	bb, _ := w.BodyByID(baseID)
	if d := bb.Curr.Center.Sub(base.Center).Len(); d > 1e-3 {
		t.Errorf("base moved %.4f m", d)
	}
}

// Contacts closing slower than WorldDef.RestitutionThreshold (1 m/s) do not
// bounce, whatever the restitution: a box with restitution 0.8 dropped 3 cm
// lands at 0.77 m/s and stays; dropped 20 cm it lands at 1.98 m/s and
// rebounds at about 0.8 of that, some 13 cm.
func TestRestitutionThreshold(t *testing.T) {
	const e = 0.8
	g := -DefaultWorldDef().Gravity[1]
	for _, c := range []struct {
		drop   float64
		bounce bool
	}{
		{0.03, false},
		{0.2, true},
	} {
		peak, touched := dropPeak(t, 0.5+c.drop, e, 0.5)
		if !touched {
			t.Fatalf("drop %v m: never reached the ground", c.drop)
		}
		rebound := peak - 0.5
		speed := math.Sqrt(2 * g * c.drop)
		if c.bounce {
			// Half the ideal rebound height e^2*drop: well clear of no bounce.
			if rebound < 0.5*e*e*c.drop {
				t.Errorf("drop %v m (lands at %.2f m/s, above the threshold): rebounded %.4f m, want about %.4f m", c.drop, speed, rebound, e*e*c.drop)
			}
			continue
		}
		if rebound > 1e-3 {
			t.Errorf("drop %v m (lands at %.2f m/s, under the threshold): rebounded %.4f m, want no bounce (under 1 mm)", c.drop, speed, rebound)
		}
	}
}

// A plank leaning on a wall rests on two edges, the floor's and the
// wall's, whose friction the biased pass leaves to the relax pass
// (frictionInPass). With mu 0.6 on both, a thin ladder holds up to
// atan(2 mu / (1 - mu^2)), 61.9 degrees from the vertical: at 55 degrees
// it stays put for 10 s, at 65 it slides down.
func TestLeaningPlankHoldsToItsFrictionAngle(t *testing.T) {
	for _, c := range []struct {
		deg   float64
		holds bool
	}{{20, true}, {55, true}, {65, false}} {
		def := DefaultWorldDef()
		def.Sleep = false
		w := mustWorld(t, def)
		ground(t, w)
		mustStatic(t, w, "wall", mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{-2, 5, 3})
		th := c.deg * math.Pi / 180
		const hx, hy = 0.1, 1.0 // half thickness and half length
		// Its lower outer edge on the floor, its upper inner one on the wall.
		start := mgl64.Vec3{-2 + hy*math.Sin(th) + hx*math.Cos(th), hy*math.Cos(th) + hx*math.Sin(th), 0}
		mustBody(t, w, BodyDef{Name: "plank", Center: start, Half: mgl64.Vec3{hx, hy, 0.5}, Mass: 10,
			Friction: 0.6, Orientation: mgl64.QuatRotate(th, mgl64.Vec3{0, 0, 1})})
		run(w, 600, 1.0/60)
		moved := w.Body(0).Curr.Center.Sub(start).Len()
		t.Logf("%v degrees: the centre moved %.4f m", c.deg, moved)
		if c.holds && moved > 0.005 {
			t.Errorf("%v degrees: the plank slid %.3f m; friction should hold it", c.deg, moved)
		}
		if !c.holds && moved < 0.1 {
			t.Errorf("%v degrees: the plank moved %.3f m; past its friction angle it should slide", c.deg, moved)
		}
	}
}
