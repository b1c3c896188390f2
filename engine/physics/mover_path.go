package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MoverPathKind names the shape of a mover's path.
type MoverPathKind uint8

// The path kinds (MoverPath.Kind).
const (
	// PathLine: back and forth along Axis about the centre, Amplitude
	// metres each way, once every Period seconds (a sine).
	PathLine MoverPathKind = iota + 1
	// PathCircle: round a circle of Radius about the centre in the plane
	// normal to Axis, once every Period seconds, starting Radius along
	// the plane's first tangent.
	PathCircle
	// PathElevator: rises by Height (world up, +y) in Rise seconds,
	// waits Wait seconds, falls in Rise seconds, waits, and repeats; the
	// rise and the fall ease in and out (smoothstep) so that what rides
	// on it is never left behind by a jump in speed.
	PathElevator
	// PathSpin: turns about its centre at AngularVelocity (rad/s, world
	// axes).
	PathSpin
)

// String names the kind as scene files spell it.
func (k MoverPathKind) String() string {
	switch k {
	case PathLine:
		return "line"
	case PathCircle:
		return "circle"
	case PathElevator:
		return "elevator"
	case PathSpin:
		return "spin"
	}
	return fmt.Sprintf("MoverPathKind(%d)", uint8(k))
}

// MoverPath is the path a mover follows; which fields are read depends on
// Kind. Durations are in seconds; a stepping world converts each to whole
// ticks at its step (at least one tick, a wait may be zero), so that the
// pose at tick t depends on t and the physics rate alone.
type MoverPath struct {
	Kind            MoverPathKind
	Axis            mgl64.Vec3 // line: direction; circle: the circle's normal
	Amplitude       float64    // line, m
	Radius          float64    // circle, m
	Period          float64    // line and circle, s
	Height          float64    // elevator, m (negative: it falls first)
	Rise, Wait      float64    // elevator, s
	AngularVelocity mgl64.Vec3 // spin, rad/s
}

// validate checks the path's fields for its kind and returns it with its
// axis made unit; the error names the field.
func (p MoverPath) validate() (MoverPath, error) {
	posDur := func(name string, v float64) error {
		if !finite(v) || v <= 0 || v > MaxMoverSeconds {
			return fmt.Errorf("path.%s %g: want a duration in (0, %g] s", name, v, float64(MaxMoverSeconds))
		}
		return nil
	}
	unitAxis := func() error {
		l := length(p.Axis)
		if !withinBox(p.Axis, MaxCoordinate) || !(l > 1e-9) {
			return fmt.Errorf("path.axis %v: want a nonzero finite direction", p.Axis)
		}
		p.Axis = p.Axis.Mul(1 / l)
		return nil
	}
	dist := func(name string, v float64) error {
		if !finite(v) || v < 0 || v > MaxCoordinate {
			return fmt.Errorf("path.%s %g: want a distance in [0, %g] m", name, v, float64(MaxCoordinate))
		}
		return nil
	}
	var err error
	switch p.Kind {
	case PathLine:
		if err = unitAxis(); err == nil {
			if err = dist("amplitude", p.Amplitude); err == nil {
				err = posDur("period", p.Period)
			}
		}
	case PathCircle:
		if err = unitAxis(); err == nil {
			if err = dist("radius", p.Radius); err == nil {
				err = posDur("period", p.Period)
			}
		}
	case PathElevator:
		if !finite(p.Height) || math.Abs(p.Height) > MaxCoordinate {
			err = fmt.Errorf("path.height %g: want a finite height within ±%g m", p.Height, float64(MaxCoordinate))
		} else if err = posDur("rise", p.Rise); err == nil {
			if !finite(p.Wait) || p.Wait < 0 || p.Wait > MaxMoverSeconds {
				err = fmt.Errorf("path.wait %g: want a duration in [0, %g] s", p.Wait, float64(MaxMoverSeconds))
			}
		}
	case PathSpin:
		if !withinLen(p.AngularVelocity, MaxSpin) {
			err = fmt.Errorf("path.angular_velocity %v: want a finite rate of at most %g rad/s", p.AngularVelocity, float64(MaxSpin))
		}
	default:
		err = fmt.Errorf("path.kind %d: want line, circle, elevator or spin", p.Kind)
	}
	return p, err
}

// MaxMoverSeconds bounds a mover path's durations, s.
const MaxMoverSeconds = 1e5

// timebase is how a path's time is counted: t units of sec seconds each,
// and each of the path's durations rounded to whole units (ticks) or not
// (display seconds, the per-frame mode).
type timebase struct {
	t, sec float64
	whole  bool
}

// span returns duration d (s) in the timebase's units: whole ticks,
// at least min of them, or exact seconds.
func (tb timebase) span(d float64, least float64) float64 {
	if !tb.whole {
		return d / tb.sec
	}
	return math.Max(least, math.Round(d/tb.sec))
}

// pose returns the path's offset from the mover's centre and the rotation
// it has turned by at time tb.t: a function of the time alone.
func (p *MoverPath) pose(tb timebase) (vec3, mgl64.Quat) {
	switch p.Kind {
	case PathLine:
		f := phase(tb.t, tb.span(p.Period, 1))
		sin, _ := sinCos(2 * math.Pi * f)
		return p.Axis.Mul(p.Amplitude * sin), mgl64.QuatIdent()
	case PathCircle:
		f := phase(tb.t, tb.span(p.Period, 1))
		u, v := tangentsSV(toSV(p.Axis))
		s, c := sinCos(2 * math.Pi * f)
		return u.scale(p.Radius*c).madd(v, p.Radius*s).vec(), mgl64.QuatIdent()
	case PathElevator:
		return vec3{0, p.Height * p.lift(tb), 0}, mgl64.QuatIdent()
	case PathSpin:
		r := p.AngularVelocity.Mul(tb.t * tb.sec)
		return vec3{}, rotVecQuat(r)
	}
	return vec3{}, mgl64.QuatIdent()
}

// lift returns the elevator's height as a fraction of Height at tb.t:
// rise, wait at the top, fall, wait at the bottom.
func (p *MoverPath) lift(tb timebase) float64 {
	rise, wait := tb.span(p.Rise, 1), tb.span(p.Wait, 0)
	cycle := 2 * (rise + wait)
	x := math.Mod(tb.t, cycle)
	switch {
	case x < rise:
		return smoothstep(x / rise)
	case x < rise+wait:
		return 1
	case x < float64(2*rise)+wait:
		return 1 - smoothstep((x-rise-wait)/rise)
	}
	return 0
}

// phase returns t's place in a cycle of period units, in [0, 1).
func phase(t, period float64) float64 { return math.Mod(t, period) / period }

func smoothstep(x float64) float64 { return float64(float64(x*x) * (3 - float64(2*x))) }

// rotVecQuat returns the rotation by the rotation vector r (radians).
func rotVecQuat(r vec3) mgl64.Quat {
	a := length(r)
	if a == 0 {
		return mgl64.QuatIdent()
	}
	a = math.Mod(a, 4*math.Pi) // the same rotation, kept small for the sine
	s, c := sinCos(a / 2)
	return mgl64.Quat{W: c, V: r.Mul(s / length(r))}
}

// AppendPoints appends to dst points along the path of a mover centred
// at center, for drawing it as a polyline: a closed loop of n segments for
// a circle, the two ends for a line or an elevator, none for a spin (it
// stays in place).
func (p MoverPath) AppendPoints(dst []mgl64.Vec3, center mgl64.Vec3, n int) []mgl64.Vec3 {
	switch p.Kind {
	case PathLine:
		return append(dst, center.Sub(p.Axis.Mul(p.Amplitude)), center.Add(p.Axis.Mul(p.Amplitude)))
	case PathElevator:
		return append(dst, center, center.Add(vec3{0, p.Height, 0}))
	case PathCircle:
		for i := 0; i <= n; i++ {
			off, _ := p.pose(timebase{t: float64(i) / float64(n) * p.Period, sec: 1})
			dst = append(dst, center.Add(off))
		}
	}
	return dst
}
