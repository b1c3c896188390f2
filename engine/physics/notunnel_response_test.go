package physics

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// kineticEnergy returns a body's linear plus rotational kinetic energy, J,
// from its view: a box of mass m and half extents h has principal moments
// m (h_y^2 + h_z^2) / 3 (and cyclically) about its own axes.
func kineticEnergy(b BodyView) float64 {
	m, h := b.Mass, b.Half
	wb := b.Curr.Orientation.Conjugate().Rotate(b.AngularVelocity) // body frame
	ix := m * (h[1]*h[1] + h[2]*h[2]) / 3
	iy := m * (h[0]*h[0] + h[2]*h[2]) / 3
	iz := m * (h[0]*h[0] + h[1]*h[1]) / 3
	return 0.5*m*b.Velocity.Dot(b.Velocity) + 0.5*(ix*wb[0]*wb[0]+iy*wb[1]*wb[1]+iz*wb[2]*wb[2])
}

// TestNoTunnelImpactAddsNoEnergy: stopping at the wall is not enough if the
// response then throws the body back harder than it came. With no gravity
// and restitution 0 nothing can add energy, so a projectile's kinetic energy
// (linear plus rotational) after any step never exceeds its energy at the
// shot, for random scenes from the no-tunnelling ranges (spinning and
// oblique shots included).
func TestNoTunnelImpactAddsNoEnergy(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2026))
	fails := 0
	for i := 0; i < 300; i++ {
		s := randomTunnelScene(rng)
		s.CCD = true
		def := DefaultWorldDef()
		def.Gravity = mgl64.Vec3{}
		w, err := NewWorld(def)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.AddStatic(StaticDef{Name: "wall", Min: mgl64.Vec3{ntWallX, -ntWallSpan, -ntWallSpan}, Max: mgl64.Vec3{ntWallX + s.Thick, ntWallSpan, ntWallSpan}}); err != nil {
			t.Fatal(err)
		}
		shot := DefaultBodyDef()
		shot.Center = s.start()
		shot.Half = s.Half
		shot.Orientation = s.Orient
		shot.Velocity = s.Dir.Mul(s.Speed)
		shot.AngularVelocity = s.Spin
		shot.Mass = 0.1
		in := []Input{{Kind: InputFire, Fire: shot}}
		steps, _ := s.plan()
		// Energy at the shot, from the definition.
		e0 := kineticEnergy(BodyView{Mass: shot.Mass, Half: shot.Half, Velocity: shot.Velocity, AngularVelocity: shot.AngularVelocity,
			Curr: Pose{Orientation: shot.Orientation.Normalize()}})
		for k := 0; k < steps; k++ {
			w.Step(1/s.Hz, in)
			in = nil
			b := w.Body(0)
			if e := kineticEnergy(b); e > e0*(1+1e-6)+1e-9 {
				fails++
				if fails <= 3 {
					t.Errorf("case %d step %d: kinetic energy %.6g J > %.6g J at the shot (v %v, w %v, CCD hits %d)\n%v",
						i, k, e, e0, b.Velocity, b.AngularVelocity, w.Counters().CCDHits, s)
				}
				break
			}
		}
	}
	if fails > 3 {
		t.Errorf("%d of 300 scenes gained energy", fails)
	}
}
