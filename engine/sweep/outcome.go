package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Outcome is where a projectile ended up relative to the slab.
type Outcome uint8

// Outcomes, judged from the projectile's centre after a trial.
const (
	// Stopped: the centre is in front of the slab's near face (it stopped,
	// slid or bounced back).
	Stopped Outcome = iota
	// Embedded: the centre is inside the slab.
	Embedded
	// Tunnelled: the centre is beyond the slab's far face.
	Tunnelled
)

// Classify judges a trial from geometry: where the projectile's centre is
// along the slab's normal (x), against the slab's near face x0 and far face
// x1. It is the one place that decides a trial's outcome, so that it can
// switch to the physics package's truthful tunnel counter once that counts
// embedded bodies too.
func Classify(centreX, x0, x1 float64) Outcome {
	switch {
	case centreX > x1:
		return Tunnelled
	case centreX >= x0:
		return Embedded
	default:
		return Stopped
	}
}

// Penetration is how deep a box overlaps the slab [x0, x1] along the slab's
// normal: the shortest push along x, either way, that separates them (the
// depth a contact solver would see), or 0 when they do not overlap. The slab
// is wide enough in y and z that only x decides. half is the box's half
// extents in its own axes, q its orientation.
func Penetration(centre mgl64.Vec3, q mgl64.Quat, half mgl64.Vec3, x0, x1 float64) float64 {
	// Extent of the oriented box along world x: the x components of its
	// axes, weighted by the half extents.
	r := 0.0
	for j, axis := range [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
		r += math.Abs(q.Rotate(axis)[0]) * half[j]
	}
	lo, hi := centre[0]-r, centre[0]+r
	if hi <= x0 || lo >= x1 {
		return 0
	}
	return math.Min(hi-x0, x1-lo)
}
