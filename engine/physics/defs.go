package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// WorldDef configures a World. Start from DefaultWorldDef and change fields.
type WorldDef struct {
	// Gravity is the acceleration applied to every awake body, m/s^2.
	// Default (0, -9.81, 0). Any finite vector.
	Gravity mgl64.Vec3
	// CCD turns continuous collision on (default true). World.SetCCD and
	// InputSetCCD change it later.
	CCD bool
	// Sleep lets islands that stay at rest for SleepSeconds fall asleep
	// (default true).
	Sleep bool
	// SolverIterations is the number of sequential-impulse velocity iterations
	// per step. Default 8, range 1..64.
	SolverIterations int
	// CCDFraction: a body is swept when its motion in one step exceeds this
	// fraction of its smallest half extent. Default 0.5, range (0, 1].
	CCDFraction float64
	// Clock, when set, returns monotonic nanoseconds and is read only to fill
	// Profile. It never affects state. nil = no timings.
	Clock func() int64
	// Workers is how many goroutines a step may use, range 0..16 (0 means
	// 1). Default 1. Results are bit-identical for every value: parallel
	// stages only split work whose items never touch the same data.
	Workers int

	// The contact solver's settings (contact_solver.go). Each has a unit
	// and a range; NewWorld refuses values outside it.

	// ContactHertz is the stiffness of the soft contact between two bodies,
	// Hz, range (0, 1000]. Contacts with a slab use twice this. It is
	// capped at the substep rate / 8 (30 Hz at 60 Hz and 4 substeps).
	// Default 30, Box3D's.
	ContactHertz float64
	// ContactDampingRatio is the soft contact's damping ratio, range
	// [0, 100] (1 = critically damped); slab contacts use half of it.
	// Default 10: strongly over-damped, so pushing out of an overlap never
	// bounces.
	ContactDampingRatio float64
	// MaxPushVelocity caps the speed at which overlap is pushed out, m/s,
	// range (0, 1000]. Default 3.
	MaxPushVelocity float64
	// RestitutionThreshold: contacts closing slower than this do not
	// bounce, m/s, range [0, 1000]. Default 1.
	RestitutionThreshold float64
	// LinearSlop is the narrowphase's length tolerance, m, range
	// [1e-6, 0.1]: the margin by which a face must beat another to become
	// the reference (half of it) and the clipping margin around a reference
	// face (twice it). Default 0.0005.
	LinearSlop float64
	// SpeculativeDistance is how far apart two surfaces may still be and
	// get a contact (each body's share; a moving body adds its motion this
	// step), m, range [0, 1]. Default 0.005.
	SpeculativeDistance float64
	// SleepSeconds is how long an island must stay below SleepSpeed to
	// fall asleep, s, range (0, 1e4]. Default 0.5.
	SleepSeconds float64
	// SleepSpeed is the rest threshold for a body's speed and for the speed
	// of its furthest corner from spin, m/s, range [0, 100]. Default 0.05.
	SleepSpeed float64
}

// DefaultWorldDef returns gravity (0,-9.81,0), CCD and sleep on, 8 solver
// iterations, a CCD fraction of 0.5 and one worker.
func DefaultWorldDef() WorldDef {
	return WorldDef{
		Gravity:          mgl64.Vec3{0, -9.81, 0},
		CCD:              true,
		Sleep:            true,
		SolverIterations: 8,
		CCDFraction:      0.5,
		Workers:          1,

		ContactHertz:         30,
		ContactDampingRatio:  10,
		MaxPushVelocity:      3,
		RestitutionThreshold: 1,
		LinearSlop:           0.0005,
		SpeculativeDistance:  0.005,
		SleepSeconds:         0.5,
		SleepSpeed:           0.05,
	}
}

// SolverSetting describes one of the solver's WorldDef settings, for
// loaders and panels that show or edit them: its name in scene files, its
// unit and its range.
type SolverSetting struct {
	Field    string  // WorldDef field, e.g. "ContactHertz"
	Key      string  // scene file field, e.g. "contact_hertz"
	Unit     string  // "Hz", "m/s", "m", "s" or "" (a ratio)
	Min, Max float64 // the range
	MinOpen  bool    // Min itself is not allowed
	Get      func(*WorldDef) *float64
}

// SolverSettings lists the solver settings of WorldDef in a fixed order.
func SolverSettings() []SolverSetting {
	return []SolverSetting{
		{"ContactHertz", "contact_hertz", "Hz", 0, 1000, true, func(d *WorldDef) *float64 { return &d.ContactHertz }},
		{"ContactDampingRatio", "contact_damping_ratio", "", 0, 100, false, func(d *WorldDef) *float64 { return &d.ContactDampingRatio }},
		{"MaxPushVelocity", "max_push_velocity", "m/s", 0, 1000, true, func(d *WorldDef) *float64 { return &d.MaxPushVelocity }},
		{"RestitutionThreshold", "restitution_threshold", "m/s", 0, 1000, false, func(d *WorldDef) *float64 { return &d.RestitutionThreshold }},
		{"LinearSlop", "linear_slop", "m", 1e-6, 0.1, false, func(d *WorldDef) *float64 { return &d.LinearSlop }},
		{"SpeculativeDistance", "speculative_distance", "m", 0, 1, false, func(d *WorldDef) *float64 { return &d.SpeculativeDistance }},
		{"SleepSeconds", "sleep_seconds", "s", 0, 1e4, true, func(d *WorldDef) *float64 { return &d.SleepSeconds }},
		{"SleepSpeed", "sleep_speed", "m/s", 0, 100, false, func(d *WorldDef) *float64 { return &d.SleepSpeed }},
		{"CCDFraction", "ccd_fraction", "", 0, 1, true, func(d *WorldDef) *float64 { return &d.CCDFraction }},
	}
}

// InRange reports whether x is within the setting's range.
func (s SolverSetting) InRange(x float64) bool {
	if !finite(x) || x > s.Max || x < s.Min {
		return false
	}
	return !(s.MinOpen && x == s.Min)
}

// RangeText renders the range, e.g. "(0, 1000] Hz".
func (s SolverSetting) RangeText() string {
	open := "["
	if s.MinOpen {
		open = "("
	}
	r := fmt.Sprintf("%s%g, %g]", open, s.Min, s.Max)
	if s.Unit != "" {
		r += " " + s.Unit
	}
	return r
}

// BodyDef describes a dynamic box. Start from DefaultBodyDef and change fields.
type BodyDef struct {
	// Name is free text used by FindBody and reports; need not be unique.
	Name string
	// Center is the box centre in world space, m. Half holds the half extents
	// along the box's own axes, m, each > 0.
	Center, Half mgl64.Vec3
	// Orientation is a rotation quaternion [w,x,y,z]; it is normalised. The
	// zero quaternion means identity.
	Orientation mgl64.Quat
	// Velocity (m/s) and AngularVelocity (rad/s, world axes) at creation.
	Velocity, AngularVelocity mgl64.Vec3
	// Mass in kg, > 0. Default 1.
	Mass float64
	// Friction coefficient, >= 0 (default 0.5). Two bodies combine as
	// sqrt(a*b); against a slab the body's own value is used.
	Friction float64
	// Restitution in [0, 1] (default 0). Pairs use the larger value.
	Restitution float64
	// LinearDamping and AngularDamping, 1/s, >= 0 (default 0): velocity is
	// scaled by 1/(1 + dt*damping) each step.
	LinearDamping, AngularDamping float64
	// Bullet bodies are also swept against non-bullet dynamic bodies.
	Bullet bool
	// CCDFraction overrides WorldDef.CCDFraction for this body, range (0, 1];
	// 0 means the world's value.
	CCDFraction float64
}

// DefaultBodyDef returns a 1 m cube of 1 kg at the origin, friction 0.5,
// identity orientation, at rest.
func DefaultBodyDef() BodyDef {
	return BodyDef{
		Half:        mgl64.Vec3{0.5, 0.5, 0.5},
		Orientation: mgl64.QuatIdent(),
		Mass:        1,
		Friction:    0.5,
	}
}

// StaticDef describes an axis-aligned static slab by its corners, m; Min < Max
// on every axis.
type StaticDef struct {
	Name     string
	Min, Max mgl64.Vec3
}

// Physical limits of the values a world accepts. Beyond them float64 loses
// the precision the solver and the continuous collision need (a body at
// 1e308 m overflowed at tick 60; one at 1e308 m/s ended at 1e307 m/s), so
// definitions outside them are refused with an error naming the field.
const (
	// MaxCoordinate bounds every component of a body's centre and of a
	// static slab's corners, m.
	MaxCoordinate = 1e6
	// MaxSpeed bounds the length of a body's velocity, m/s.
	MaxSpeed = 1e5
	// MaxSpin bounds the length of a body's angular velocity, rad/s.
	MaxSpin = 1e4
	// MaxGravity bounds the length of WorldDef.Gravity, m/s^2.
	MaxGravity = 1e4
)

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// withinBox reports whether every component of v is finite and at most lim
// in magnitude.
func withinBox(v mgl64.Vec3, lim float64) bool {
	return math.Abs(v[0]) <= lim && math.Abs(v[1]) <= lim && math.Abs(v[2]) <= lim
}

// withinLen reports whether v is finite and no longer than lim.
func withinLen(v mgl64.Vec3, lim float64) bool {
	return withinBox(v, lim) && length(v) <= lim
}

func finiteVec(v mgl64.Vec3) bool { return finite(v[0]) && finite(v[1]) && finite(v[2]) }

func (d *WorldDef) validate() error {
	if !finiteVec(d.Gravity) {
		return fmt.Errorf("physics: WorldDef.Gravity %v is not finite", d.Gravity)
	}
	if !withinLen(d.Gravity, MaxGravity) {
		return fmt.Errorf("physics: WorldDef.Gravity %v is longer than %g m/s^2", d.Gravity, float64(MaxGravity))
	}
	if d.SolverIterations < 1 || d.SolverIterations > 64 {
		return fmt.Errorf("physics: WorldDef.SolverIterations %d out of range 1..64", d.SolverIterations)
	}
	for _, s := range SolverSettings() {
		if x := *s.Get(d); !s.InRange(x) {
			return fmt.Errorf("physics: WorldDef.%s %v out of range %s", s.Field, x, s.RangeText())
		}
	}
	if d.Workers < 0 || d.Workers > maxWorkers {
		return fmt.Errorf("physics: WorldDef.Workers %d out of range 0..%d", d.Workers, maxWorkers)
	}
	return nil
}

// validate checks d and returns it with the orientation normalised.
func (d BodyDef) validate() (BodyDef, error) {
	bad := func(field string, v any, want string) (BodyDef, error) {
		return d, fmt.Errorf("physics: body %q: %s %v %s", d.Name, field, v, want)
	}
	if !finiteVec(d.Center) {
		return bad("Center", d.Center, "is not finite")
	}
	if !withinBox(d.Center, MaxCoordinate) {
		return bad("Center", d.Center, fmt.Sprintf("has a component beyond %g m", float64(MaxCoordinate)))
	}
	for i := 0; i < 3; i++ {
		if !(d.Half[i] > 0) || !finite(d.Half[i]) {
			return bad("Half", d.Half, "must be finite and > 0 on every axis")
		}
	}
	q := d.Orientation
	if q.W == 0 && q.V == (mgl64.Vec3{}) {
		q = mgl64.QuatIdent()
	}
	if !finite(q.W) || !finiteVec(q.V) {
		return bad("Orientation", q, "is not finite")
	}
	n := math.Sqrt(float64(q.W*q.W) + dot(q.V, q.V))
	if !(n > 1e-12) || !finite(n) {
		return bad("Orientation", q, "has no usable length")
	}
	d.Orientation = mgl64.Quat{W: q.W / n, V: mgl64.Vec3{q.V[0] / n, q.V[1] / n, q.V[2] / n}}
	if !finiteVec(d.Velocity) {
		return bad("Velocity", d.Velocity, "is not finite")
	}
	if !withinLen(d.Velocity, MaxSpeed) {
		return bad("Velocity", d.Velocity, fmt.Sprintf("is faster than %g m/s", float64(MaxSpeed)))
	}
	if !finiteVec(d.AngularVelocity) {
		return bad("AngularVelocity", d.AngularVelocity, "is not finite")
	}
	if !withinLen(d.AngularVelocity, MaxSpin) {
		return bad("AngularVelocity", d.AngularVelocity, fmt.Sprintf("spins faster than %g rad/s", float64(MaxSpin)))
	}
	if !(d.Mass > 0) || !finite(d.Mass) {
		return bad("Mass", d.Mass, "must be finite and > 0")
	}
	if !(d.Friction >= 0) || !finite(d.Friction) {
		return bad("Friction", d.Friction, "must be finite and >= 0")
	}
	if !(d.Restitution >= 0 && d.Restitution <= 1) {
		return bad("Restitution", d.Restitution, "out of range [0, 1]")
	}
	if !(d.LinearDamping >= 0) || !finite(d.LinearDamping) {
		return bad("LinearDamping", d.LinearDamping, "must be finite and >= 0")
	}
	if !(d.AngularDamping >= 0) || !finite(d.AngularDamping) {
		return bad("AngularDamping", d.AngularDamping, "must be finite and >= 0")
	}
	if !(d.CCDFraction >= 0 && d.CCDFraction <= 1) {
		return bad("CCDFraction", d.CCDFraction, "out of range [0, 1] (0 = world's)")
	}
	return d, nil
}

func (d *StaticDef) validate() error {
	if !finiteVec(d.Min) || !finiteVec(d.Max) {
		return fmt.Errorf("physics: static %q: Min %v / Max %v not finite", d.Name, d.Min, d.Max)
	}
	if !withinBox(d.Min, MaxCoordinate) || !withinBox(d.Max, MaxCoordinate) {
		return fmt.Errorf("physics: static %q: Min %v / Max %v has a component beyond %g m", d.Name, d.Min, d.Max, float64(MaxCoordinate))
	}
	for i := 0; i < 3; i++ {
		if !(d.Min[i] < d.Max[i]) {
			return fmt.Errorf("physics: static %q: Min %v must be below Max %v on every axis", d.Name, d.Min, d.Max)
		}
	}
	return nil
}

// Check reports why a world would refuse d as a body or a shot (nil when it
// would accept it): a replay refuses a recorded shot the step would
// silently skip, before anything runs.
func (d BodyDef) Check() error {
	_, err := d.validate()
	return err
}
