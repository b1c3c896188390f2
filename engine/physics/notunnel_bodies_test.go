package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// plateScene is a bullet fired at a thin dynamic plate (a non-bullet box)
// with nothing else in the world and no gravity.
type plateScene struct {
	Speed      float64 // m/s
	PlateHalfX float64 // plate half thickness, m
	BulletHalf float64 // bullet half extent (a cube), m
	Hz         float64
	CCD        bool
}

// run fires the bullet at tick 0 from 20 m before the plate and steps until
// an unobstructed bullet would be 3 steps past it. It returns the first step
// at which the bullet's centre is past the plate's centre (-1 if never) and
// how many CCD hits named the plate.
func (p plateScene) run(t *testing.T) (passStep, plateHits int) {
	t.Helper()
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	def.CCD = p.CCD
	w, err := NewWorld(def)
	if err != nil {
		t.Fatal(err)
	}
	plate := DefaultBodyDef()
	plate.Name = "plate"
	plate.Center = mgl64.Vec3{20, 1, 0}
	plate.Half = mgl64.Vec3{p.PlateHalfX, 1, 1}
	plate.Mass = 5
	plateID, err := w.AddBody(plate)
	if err != nil {
		t.Fatal(err)
	}
	shot := DefaultBodyDef()
	shot.Name = "bullet"
	shot.Center = mgl64.Vec3{0, 1, 0}
	shot.Half = mgl64.Vec3{p.BulletHalf, p.BulletHalf, p.BulletHalf}
	shot.Velocity = mgl64.Vec3{p.Speed, 0, 0}
	shot.Mass = 0.05
	inputs := []Input{{Kind: InputFire, Fire: shot}}
	dt := 1 / p.Hz
	steps := int(math.Ceil(20/(p.Speed*dt))) + 3
	passStep = -1
	for k := 0; k < steps; k++ {
		w.Step(dt, inputs)
		inputs = nil
		if w.NumBodies() != 2 {
			t.Fatalf("%d bodies, want 2", w.NumBodies())
		}
		for _, h := range w.Events().CCDHits {
			if h.Other == plateID {
				plateHits++
			}
		}
		bx := w.Body(1).Curr.Center[0]
		px := w.Body(0).Curr.Center[0]
		if math.IsNaN(bx) || math.IsNaN(px) {
			t.Fatalf("NaN at step %d: bullet x %v plate x %v", k, bx, px)
		}
		if bx > px && passStep < 0 {
			passStep = k
		}
	}
	return passStep, plateHits
}

// TestNoTunnelBulletThroughDynamicPlate: bullets are swept against non-bullet
// dynamic bodies too. With CCD on the bullet never gets past the plate's
// centre and a CCD hit names the plate; with CCD off it goes straight through.
func TestNoTunnelBulletThroughDynamicPlate(t *testing.T) {
	cases := []plateScene{
		{Speed: 3000, PlateHalfX: 0.005, BulletHalf: 0.05, Hz: 60},
		{Speed: 20000, PlateHalfX: 0.0005, BulletHalf: 0.001, Hz: 30},
		{Speed: 1000, PlateHalfX: 0.05, BulletHalf: 0.02, Hz: 240},
		{Speed: 8000, PlateHalfX: 0.001, BulletHalf: 0.2, Hz: 144},
	}
	for _, c := range cases {
		c.CCD = false
		if pass, _ := c.run(t); pass < 0 {
			t.Errorf("CCD off: bullet did not pass the plate, so the paired test cannot fail: %+v", c)
		}
		c.CCD = true
		pass, hits := c.run(t)
		if pass >= 0 {
			t.Errorf("CCD on: bullet passed the plate at step %d: %+v", pass, c)
		}
		if hits == 0 {
			t.Errorf("CCD on: no CCD hit names the plate: %+v", c)
		}
	}
}

// jumps reports whether an unobstructed bullet skips the plate: no
// end-of-step centre within the bullet's and plate's bounding radii plus
// ntJumpMargin of the plate's centre.
func (p plateScene) jumps() bool {
	reach := math.Sqrt(3)*p.BulletHalf + p.PlateHalfX + ntJumpMargin
	step := p.Speed / p.Hz
	steps := int(math.Ceil(20/step)) + 3
	for k := 0; k <= steps; k++ {
		if x := float64(k) * step; x > 20-reach && x < 20+reach {
			return false
		}
	}
	return true
}

// TestNoTunnelBulletPlateProperty: random bullets (100 to 20,000 m/s, 1 mm
// to 0.2 m) at random thin plates (0.2 mm to 10 cm thick) at 30 to 240 Hz.
func TestNoTunnelBulletPlateProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2026))
	n, jumps := 200, 0
	for i := 0; i < n; i++ {
		p := plateScene{
			Speed:      ntLogUniform(rng, 100, 20000),
			PlateHalfX: ntLogUniform(rng, 1e-4, 0.05),
			BulletHalf: ntLogUniform(rng, 1e-3, 0.2),
			Hz:         30 + rng.Float64()*210,
			CCD:        true,
		}
		pass, hits := p.run(t)
		if pass >= 0 || hits == 0 {
			t.Fatalf("case %d, CCD on: passed the plate at step %d, %d CCD hits on it: %+v", i, pass, hits, p)
		}
		if p.jumps() {
			jumps++
			p.CCD = false
			if pass, _ := p.run(t); pass < 0 {
				t.Fatalf("case %d, CCD off: a bullet that skips the plate between steps did not pass it: %+v", i, p)
			}
		}
	}
	if jumps < n/2 {
		t.Fatalf("only %d of %d bullets skip the plate between steps: generator too gentle", jumps, n)
	}
}

// TestNoTunnelTeleportIsNotMotion: a teleport across a wall is neither swept
// (the body arrives where it was sent) nor counted as a tunnel, with CCD on
// and off, and even when the body is fast.
func TestNoTunnelTeleportIsNotMotion(t *testing.T) {
	for _, ccdOn := range []bool{true, false} {
		for _, speed := range []float64{0, 3000} {
			def := DefaultWorldDef()
			def.Gravity = mgl64.Vec3{}
			def.CCD = ccdOn
			w, err := NewWorld(def)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.AddStatic(StaticDef{Name: "wall", Min: mgl64.Vec3{20, -50, -50}, Max: mgl64.Vec3{20.001, 50, 50}}); err != nil {
				t.Fatal(err)
			}
			b := DefaultBodyDef()
			b.Name = "box"
			b.Center = mgl64.Vec3{0, 1, 0}
			b.Half = mgl64.Vec3{0.1, 0.1, 0.1}
			// Moving away from the wall after the teleport: the only way to
			// meet the wall this step would be to sweep the teleport itself.
			b.Velocity = mgl64.Vec3{speed, 0, 0}
			id, err := w.AddBody(b)
			if err != nil {
				t.Fatal(err)
			}
			dt := 1 / 60.0
			to := mgl64.Vec3{40, 1, 0}
			w.Step(dt, []Input{{Kind: InputTeleport, Body: id, Center: to}})
			v := w.Body(0)
			want := to.Add(b.Velocity.Mul(dt))
			if d := v.Curr.Center.Sub(want).Len(); d > 1e-9 {
				t.Errorf("ccd=%v speed=%v: body at %v after the teleport step, want %v", ccdOn, speed, v.Curr.Center, want)
			}
			if !v.Teleported {
				t.Errorf("ccd=%v speed=%v: Teleported flag not set", ccdOn, speed)
			}
			if v.Prev.Center != to {
				t.Errorf("ccd=%v speed=%v: Prev centre %v, want the teleport target %v", ccdOn, speed, v.Prev.Center, to)
			}
			c := w.Counters()
			if c.Tunnels != 0 || c.CCDHits != 0 || c.Teleports != 1 {
				t.Errorf("ccd=%v speed=%v: counters %+v, want 0 tunnels, 0 CCD hits, 1 teleport", ccdOn, speed, c)
			}
			// Teleport back across the wall on the next tick, now moving away
			// from it (-x): still no tunnel.
			w.Step(dt, []Input{{Kind: InputTeleport, Body: id, Center: mgl64.Vec3{0, 1, 0},
				Velocity: mgl64.Vec3{-speed, 0, 0}, SetVelocity: true}})
			if c := w.Counters(); c.Tunnels != 0 || c.Teleports != 2 {
				t.Errorf("ccd=%v speed=%v: after teleporting back, counters %+v", ccdOn, speed, c)
			}
		}
	}
}
