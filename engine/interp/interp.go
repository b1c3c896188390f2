// Package interp decides where a body is drawn between two physics ticks.
//
// It is the one place that turns a body's prev and curr physics poses and the
// loop's alpha into the pose the renderer draws, so that the window, the
// headless trace and the tests all draw exactly the same thing. It is pure Go:
// no GL, no clock.
package interp

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// Mode picks how a pose is drawn between ticks.
type Mode uint8

const (
	// Off draws the current physics pose: motion steps at the physics rate.
	Off Mode = iota
	// Lerp lerps positions and nlerps orientations on the shortest arc (the default):
	// cheap, and for the small rotations of one step indistinguishable from slerp.
	Lerp
	// Slerp lerps positions and slerps orientations on the shortest arc: constant
	// angular speed within the step, for comparison with Lerp.
	Slerp
	// Extrapolate draws curr advanced by the body's velocity for alpha*step:
	// no added latency, but it overshoots at impacts (shown for comparison).
	Extrapolate
	modeCount
)

// Default is the mode a run starts with (-interp's default, the panel's).
const Default = Lerp

var modeNames = [modeCount]string{"off", "lerp", "slerp", "extrapolate"}

// String returns the mode's flag spelling.
func (m Mode) String() string {
	if m < modeCount {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// Next returns the mode after m, wrapping around (the window's I key).
func (m Mode) Next() Mode { return (m + 1) % modeCount }

// Modes lists every mode in order.
func Modes() []Mode { return []Mode{Off, Lerp, Slerp, Extrapolate} }

// ParseMode reads a mode's flag spelling.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if s == n {
			return Mode(i), nil
		}
	}
	return Off, fmt.Errorf("unknown interpolation mode %q (want off, lerp, slerp or extrapolate)", s)
}

// BodyPose is the pose at which body b is drawn at alpha in [0, 1) of the way
// from its prev to its curr tick. A body teleported in the last step is drawn
// at curr, unblended, in every mode: nothing may be drawn between the old and
// the new place.
func BodyPose(m Mode, b physics.BodyView, alpha, stepSeconds float64) physics.Pose {
	if b.Teleported {
		return b.Curr
	}
	return Blend(m, b.Prev, b.Curr, b.Velocity, b.AngularVelocity, alpha, stepSeconds)
}

// Blend is BodyPose on raw values: prev and curr poses, the body's linear
// (m/s) and angular (rad/s, world frame) velocity at curr, alpha and the step
// length in seconds.
func Blend(m Mode, prev, curr physics.Pose, v, w mgl64.Vec3, alpha, stepSeconds float64) physics.Pose {
	switch m {
	case Lerp:
		return physics.Pose{Center: LerpVec(prev.Center, curr.Center, alpha), Orientation: NlerpQuat(prev.Orientation, curr.Orientation, alpha)}
	case Slerp:
		return physics.Pose{Center: LerpVec(prev.Center, curr.Center, alpha), Orientation: SlerpQuat(prev.Orientation, curr.Orientation, alpha)}
	case Extrapolate:
		t := alpha * stepSeconds
		return physics.Pose{Center: curr.Center.Add(v.Mul(t)), Orientation: Rotate(curr.Orientation, w, t)}
	default:
		return curr
	}
}

// LerpVec returns a + (b - a) * t.
func LerpVec(a, b mgl64.Vec3, t float64) mgl64.Vec3 {
	return mgl64.Vec3{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// shortest returns b or -b, whichever is on the same hemisphere as a, so that
// blending goes the short way round (q and -q are the same rotation).
func shortest(a, b mgl64.Quat) mgl64.Quat {
	if a.Dot(b) < 0 {
		return mgl64.Quat{W: -b.W, V: b.V.Mul(-1)}
	}
	return b
}

// NlerpQuat blends two unit quaternions linearly on the shortest arc and
// normalises the result.
func NlerpQuat(a, b mgl64.Quat, t float64) mgl64.Quat {
	b = shortest(a, b)
	q := mgl64.Quat{W: a.W + (b.W-a.W)*t, V: LerpVec(a.V, b.V, t)}
	return normalize(q, a)
}

// SlerpQuat blends two unit quaternions at constant angular speed on the shortest
// arc. Nearly equal inputs fall back to NlerpQuat, where slerp's sin(theta)
// denominator loses precision.
func SlerpQuat(a, b mgl64.Quat, t float64) mgl64.Quat {
	b = shortest(a, b)
	d := a.Dot(b)
	if d > 0.9995 {
		return NlerpQuat(a, b, t)
	}
	theta := math.Acos(math.Min(d, 1))
	s := math.Sin(theta)
	wa, wb := math.Sin((1-t)*theta)/s, math.Sin(t*theta)/s
	q := mgl64.Quat{W: a.W*wa + b.W*wb, V: a.V.Mul(wa).Add(b.V.Mul(wb))}
	return normalize(q, a)
}

// Rotate turns q by the world-frame angular velocity w (rad/s) for t seconds.
func Rotate(q mgl64.Quat, w mgl64.Vec3, t float64) mgl64.Quat {
	angle := w.Len() * t
	if angle == 0 {
		return q
	}
	d := mgl64.QuatRotate(angle, w.Normalize())
	return normalize(d.Mul(q), q)
}

// normalize returns q scaled to unit length, or fallback when q has no length
// (only possible for opposite inputs blended at exactly the midpoint).
func normalize(q, fallback mgl64.Quat) mgl64.Quat {
	l := q.Len()
	if l == 0 || math.IsNaN(l) {
		return fallback
	}
	return mgl64.Quat{W: q.W / l, V: q.V.Mul(1 / l)}
}
