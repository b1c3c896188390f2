package physics

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/ccd"
)

// Issue 12, part 2: nothing is pushed or knocked through a wall. Each scene
// here is run with CCD on (no centre may end beyond the wall's far face,
// and the counter stays 0) and with CCD off (whatever ends beyond the far
// face must be counted).

// wallScene is a ground, one thin wall across +x at wallX, and a builder
// for what is thrown at it.
type wallScene struct {
	name  string
	hz    float64
	thick float64 // wall thickness, m
	steps int
	setup func(t testing.TB, w *World) []Input // bodies to add and the inputs of tick 0
}

const wallX = 20.0

func (s wallScene) world(t testing.TB, ccdOn bool) (*World, []Input) {
	def := DefaultWorldDef()
	def.CCD = ccdOn
	w := mustWorld(t, def)
	mustStatic(t, w, "ground", mgl64.Vec3{-50, -1, -50}, mgl64.Vec3{80, 0, 50})
	mustStatic(t, w, "wall", mgl64.Vec3{wallX, 0, -3}, mgl64.Vec3{wallX + s.thick, 6, 3})
	return w, s.setup(t, w)
}

// run steps the scene and returns the largest number of centres that ended
// a step where no centre may be with CCD on (see violations), and the world.
func (s wallScene) run(t testing.TB, ccdOn bool) (worst int, w *World) {
	w, in := s.world(t, ccdOn)
	dt := 1 / s.hz
	for k := 0; k < s.steps; k++ {
		w.Step(dt, in)
		in = nil
		worst = max(worst, violations(w, s.thick))
	}
	return worst, w
}

// volley fires n bullets in the same tick from the same spot.
func volley(n int, speed float64) func(t testing.TB, w *World) []Input {
	return func(t testing.TB, w *World) []Input {
		in := make([]Input, n)
		for i := range in {
			d := DefaultBodyDef()
			d.Name = fmt.Sprint("shot-", i)
			d.Center = mgl64.Vec3{0, 1, 0}
			d.Half = mgl64.Vec3{0.05, 0.05, 0.05}
			d.Velocity = mgl64.Vec3{speed, 0, 0}
			d.Mass = 0.1
			in[i] = Input{Kind: InputFire, Fire: d}
		}
		return in
	}
}

func TestPushThroughVolley(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 60
	}
	for _, hz := range []float64{30, 60, 120} {
		s := wallScene{name: fmt.Sprintf("%d bullets, 3 km/s, 1 cm wall, %v Hz", n, hz), hz: hz, thick: 0.01,
			steps: int(2 * hz), setup: volley(n, 3000)}
		t.Run(s.name, func(t *testing.T) {
			on, w := s.run(t, true)
			if on != 0 || w.Counters().Tunnels != 0 {
				t.Errorf("CCD on: %d centres beyond the far face, %d tunnels counted", on, w.Counters().Tunnels)
			}
			off, w := s.run(t, false)
			if c := w.Counters().Tunnels; c < uint64(off) {
				t.Errorf("CCD off: %d centres beyond the far face but only %d tunnels counted", off, c)
			}
			t.Logf("CCD off: %d beyond, %d tunnels, %d embedded", off, w.Counters().Tunnels, w.Counters().Embedded)
		})
	}
}

// violations counts the centres that end a step where no centre may be
// with CCD on: inside a slab, beyond the wall's far face within its span, or
// below the ground within its span.
func violations(w *World, thick float64) int {
	n := 0
	far := wallX + thick
	for i := 0; i < w.NumBodies(); i++ {
		c := w.Body(i).Curr.Center
		inside := false
		for k := 0; k < w.NumStatics(); k++ {
			st := w.Static(k)
			inside = inside || ccd.SegmentCrossesBox(c, c, ccd.AABB{Min: st.Min, Max: st.Max})
		}
		beyondWall := c[0] > far && c[1] > 0 && c[1] < 6 && c[2] > -3 && c[2] < 3
		belowGround := c[1] < -1 && c[0] > -50 && c[0] < 80 && c[2] > -50 && c[2] < 50
		if inside || beyondWall || belowGround {
			n++
		}
	}
	return n
}

// stackAndShot builds a 3 x 3 stack of boxes (half 0.25, 1 kg) against
// nothing, 2 m before the wall, and fires one shot into it.
func stackAndShot(speed, shotMass float64, dir mgl64.Vec3, from mgl64.Vec3) func(t testing.TB, w *World) []Input {
	return func(t testing.TB, w *World) []Input {
		for c := 0; c < 3; c++ {
			for r := 0; r < 3; r++ {
				d := DefaultBodyDef()
				d.Name = fmt.Sprintf("box-%d-%d", c, r)
				d.Half = mgl64.Vec3{0.25, 0.25, 0.25}
				d.Center = mgl64.Vec3{wallX - 2 + 0.5*float64(c), 0.25 + 0.5*float64(r), 0}
				mustBody(t, w, d)
			}
		}
		d := DefaultBodyDef()
		d.Name = "shot"
		d.Center = from
		d.Half = mgl64.Vec3{0.05, 0.05, 0.05}
		d.Velocity = dir.Normalize().Mul(speed)
		d.Mass = shotMass
		return []Input{{Kind: InputFire, Fire: d}}
	}
}

func TestKnockThrough(t *testing.T) {
	cases := []wallScene{
		{name: "5 km/s shot into a stack, 20 cm wall", hz: 60, thick: 0.2, steps: 60,
			setup: stackAndShot(5000, 2, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0.75, 0})},
		{name: "box knocked to 2.5 km/s, 1 cm wall", hz: 60, thick: 0.01, steps: 60,
			setup: stackAndShot(5000, 1, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0.25, 0})},
		{name: "shot deflected down by a box", hz: 60, thick: 0.05, steps: 60,
			setup: stackAndShot(3000, 0.5, mgl64.Vec3{1, -0.02, 0}, mgl64.Vec3{0, 1.3, 0})},
		{name: "20 km/s into the stack at 30 Hz, 0.5 mm wall", hz: 30, thick: 0.0005, steps: 30,
			setup: stackAndShot(20000, 1, mgl64.Vec3{1, 0, 0.01}, mgl64.Vec3{0, 0.5, 0})},
	}
	for _, s := range cases {
		t.Run(s.name, func(t *testing.T) {
			v, w := s.run(t, true)
			if v != 0 || w.Counters().Tunnels != 0 {
				t.Errorf("CCD on: %d centres beyond a far face, %d tunnels counted", v, w.Counters().Tunnels)
				for i := 0; i < w.NumBodies(); i++ {
					t.Logf("  %s at %.3f", w.Body(i).Name, w.Body(i).Curr.Center)
				}
			}
			v, w = s.run(t, false)
			if w.Counters().Tunnels < uint64(v) {
				t.Errorf("CCD off: up to %d centres beyond a far face but %d tunnels counted", v, w.Counters().Tunnels)
			}
			t.Logf("CCD off: up to %d beyond, %d tunnels", v, w.Counters().Tunnels)
		})
	}
}
