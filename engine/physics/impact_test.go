package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A spinning bullet that hits a wall head-on or at an angle stops against
// it (or slides on with what Coulomb friction leaves of its tangential
// speed); it is not thrown up or sideways. Impulses applied at the corner
// the sweep found once turned a 1,000 m/s head-on hit of a cube spinning at
// 30 rad/s into 200 m/s of vertical speed.
func TestSpinningBulletIsNotThrownOffTheWall(t *testing.T) {
	for _, deg := range []float64{0, 20, 45} {
		for _, spin := range []float64{0, 30, 100} {
			for _, speed := range []float64{1000, 10000} {
				def := DefaultWorldDef()
				def.Gravity = mgl64.Vec3{}
				w, err := NewWorld(def)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := w.AddStatic(StaticDef{Name: "wall", Min: mgl64.Vec3{20, -5, -50}, Max: mgl64.Vec3{20.01, 5, 50}}); err != nil {
					t.Fatal(err)
				}
				a := deg * math.Pi / 180
				d := DefaultBodyDef()
				d.Name, d.Half, d.Bullet = "shot", mgl64.Vec3{0.05, 0.05, 0.05}, true
				d.Velocity = mgl64.Vec3{math.Cos(a), 0, math.Sin(a)}.Mul(speed)
				d.AngularVelocity = mgl64.Vec3{0.3, 1, 0.2}.Normalize().Mul(spin)
				if _, err := w.AddBody(d); err != nil {
					t.Fatal(err)
				}
				for i := 0; i < 30; i++ {
					w.Step(1.0/60, nil)
				}
				b := w.Body(0)
				// Coulomb with mu 0.5 and no bounce leaves at most the incoming
				// tangential speed minus 0.5 x the normal speed, along z.
				maxTangential := math.Max(0, speed*(math.Sin(a)-0.5*math.Cos(a))) + 0.01*speed
				if vy := math.Abs(b.Velocity[1]); vy > 0.01*speed {
					t.Errorf("%v deg, %v rad/s, %v m/s: thrown at %.1f m/s vertically", deg, spin, speed, vy)
				}
				if vz := math.Abs(b.Velocity[2]); vz > maxTangential {
					t.Errorf("%v deg, %v rad/s, %v m/s: leaves along the wall at %.1f m/s, Coulomb allows %.1f", deg, spin, speed, vz, maxTangential)
				}
				if x := b.Curr.Center[0]; x > 20 {
					t.Errorf("%v deg, %v rad/s, %v m/s: centre at x = %v, beyond the wall's face", deg, spin, speed, x)
				}
			}
		}
	}
}
