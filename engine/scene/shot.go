package scene

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// ShotMass is a fired projectile's mass, kg: the window's shots and the
// sweep's trials alike, light beside the scenes' 1 kg crates.
const ShotMass = 0.1

// plateSpin is a fired plate's tumble, rad/s, about the axis across the
// shot and the vertical.
const plateSpin = 40

// Shot is a projectile fired from eye along the unit direction dir at speed
// m/s: a bullet cube of half extent half, its nearest face just past the
// eye, or with plate a plate 30 times thinner than it is wide tumbling end
// over end, the case that swept bounds of the start and end pose miss.
func Shot(name string, eye, dir mgl64.Vec3, speed, half float64, plate bool) physics.BodyDef {
	d := physics.DefaultBodyDef()
	d.Name = name
	d.Center = eye.Add(dir.Mul(1 + half))
	d.Velocity = dir.Mul(speed)
	d.Half = mgl64.Vec3{half, half, half}
	d.Mass = ShotMass
	d.Bullet = true
	if plate {
		d.Half = mgl64.Vec3{half * 3, half * 0.1, half * 3}
		right := dir.Cross(mgl64.Vec3{0, 1, 0})
		if right.Len() < 1e-6 {
			right = mgl64.Vec3{1, 0, 0} // fired straight up or down
		}
		d.AngularVelocity = right.Normalize().Mul(plateSpin)
	}
	return d
}
