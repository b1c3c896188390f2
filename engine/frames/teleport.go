package frames

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Default tolerances of the TeleportDetector.
const (
	DefaultTeleportSlack         = 1.5  // times the distance the speed allows
	DefaultTeleportMargin        = 0.05 // m per step, for position correction pushes
	DefaultTeleportAngularMargin = 0.2  // rad per step
)

// TeleportDetector finds bodies whose pose jumps further in one step than
// their speed allows while the physics did not flag a teleport: that is how
// streaks get into games (a position set directly is then drawn blended from
// the old place to the new one).
//
// A body's allowed move in a step of dt seconds is
// Slack * max(speed before, speed after, speed during) * dt + Margin, and
// likewise for the rotation angle with the angular speeds. Taking the larger
// of the speeds before and after the step covers impacts, where a
// projectile travels far and ends the step at rest; the speed during it
// (the physics' fastest, physics.BodyView.StepSpeed) covers a body knocked
// and stopped again within one step, slow at both ends; a body's first
// step is not judged. Call Check once per body after every physics step,
// in creation order; it allocates only when a new body index appears.
type TeleportDetector struct {
	Slack         float64 // >= 1, default DefaultTeleportSlack
	Margin        float64 // m, >= 0, default DefaultTeleportMargin
	AngularMargin float64 // rad, >= 0, default DefaultTeleportAngularMargin

	seen    []bool    // per body index: checked at least once (so speed and spin are known)
	speed   []float64 // per body index: linear speed after its last checked step, m/s
	spin    []float64 // per body index: angular speed after its last checked step, rad/s
	flagged []uint64  // per body index: how many steps flagged, ever
	count   uint64
}

// NewTeleportDetector returns a detector with the default tolerances.
func NewTeleportDetector() *TeleportDetector {
	return &TeleportDetector{
		Slack:         DefaultTeleportSlack,
		Margin:        DefaultTeleportMargin,
		AngularMargin: DefaultTeleportAngularMargin,
	}
}

// During is how fast a body moved and turned within a step, m/s and rad/s
// (physics.BodyView's StepSpeed and StepSpin); zero where not known.
type During struct{ Speed, Spin float64 }

// Check examines body i (creation order) after one step of stepSeconds that
// took it from (prevCenter, prevRot) to (currCenter, currRot) ending with
// velocity v (m/s) and angular velocity w (rad/s), having moved as fast as
// during within it. teleported is the physics' flag for a teleport applied
// in that step. It returns true, and counts, when the jump is undeclared.
func (d *TeleportDetector) Check(i int, prevCenter, currCenter mgl64.Vec3, prevRot, currRot mgl64.Quat,
	v, w mgl64.Vec3, during During, teleported bool, stepSeconds float64) bool {
	for len(d.speed) <= i {
		d.seen = append(d.seen, false)
		d.speed = append(d.speed, 0)
		d.spin = append(d.spin, 0)
		d.flagged = append(d.flagged, 0)
	}
	speed, spin := v.Len(), w.Len()
	before, beforeSpin, seen := d.speed[i], d.spin[i], d.seen[i]
	d.speed[i], d.spin[i], d.seen[i] = speed, spin, true
	if teleported || !seen {
		// A body's first step has no speed before it to judge by (a
		// projectile fired into a wall moves 50 m and ends at rest).
		return false
	}
	allowed := d.Slack*max(before, speed, during.Speed)*stepSeconds + d.Margin
	allowedAngle := d.Slack*max(beforeSpin, spin, during.Spin)*stepSeconds + d.AngularMargin
	jump := currCenter.Sub(prevCenter).Len() > allowed
	turn := rotationAngle(prevRot, currRot) > allowedAngle
	if !jump && !turn {
		return false
	}
	d.flagged[i]++
	d.count++
	return true
}

// Count is the number of undeclared teleports found since creation or Reset.
func (d *TeleportDetector) Count() uint64 { return d.count }

// Flagged reports how many steps body i has been flagged in.
func (d *TeleportDetector) Flagged(i int) uint64 {
	if i < 0 || i >= len(d.flagged) {
		return 0
	}
	return d.flagged[i]
}

// Reset forgets every body and the count (after a scene reset, when body
// indices are reused).
func (d *TeleportDetector) Reset() {
	d.seen, d.speed, d.spin, d.flagged = d.seen[:0], d.speed[:0], d.spin[:0], d.flagged[:0]
	d.count = 0
}

// rotationAngle is the angle in radians, in [0, pi], of the rotation taking
// unit quaternion a to unit quaternion b.
func rotationAngle(a, b mgl64.Quat) float64 {
	c := math.Abs(a.Dot(b))
	if c >= 1 {
		return 0
	}
	return 2 * math.Acos(c)
}
