package scene

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/loop"
	"sandbox/engine/physics"
)

// Parse reads and validates a scene. file names the source in error
// messages (and gives the default scene name); data is the JSON. On error
// the *Scene is nil and the error is a one-line *Error.
func Parse(file string, data []byte) (s *Scene, err error) {
	// Checked here as well as when a file is read, so that a scene embedded
	// in a recording is held to the same bound as a scene file.
	if len(data) > MaxFileBytes {
		return nil, &Error{File: file, Msg: fmt.Sprintf("the scene is %d bytes, more than the limit of %d (%d MiB)", len(data), MaxFileBytes, MaxFileBytes>>20)}
	}
	root, err := readTree(file, data)
	if err != nil {
		return nil, err
	}
	d := &decoder{file: file, names: map[string]nameInfo{}}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			s, err = nil, e
		}
	}()
	return d.scene(root), nil
}

// decoder walks the JSON tree against the schema. A bad value panics with
// an *Error that Parse recovers: the walk reads some fifty fields, and
// plumbing an error out of every read would bury the rules (encoding/json's
// decoder long used the same trick). Nothing outside this file sees it.
type decoder struct {
	file  string
	names map[string]nameInfo // one namespace: statics, bodies, projectiles
}

// nameInfo records where a name was defined, for duplicate and teleport
// checks. Parse-time only; nothing iterates this map.
type nameInfo struct {
	path string // e.g. bodies[3].name
	kind string // "static", "body" or "projectile"
	tick uint64 // projectile: the tick it is fired at
}

func (d *decoder) fail(path string, n jnode, format string, args ...any) {
	v := "(missing)"
	if n.present() {
		v = render(n)
	}
	d.failValue(path, v, format, args...)
}

func (d *decoder) failValue(path, value string, format string, args ...any) {
	panic(&Error{File: d.file, Path: path, Value: value, Msg: fmt.Sprintf(format, args...)})
}

// object is a JSON object whose keys have been checked against the schema.
type object struct {
	d    *decoder
	path string
	n    jnode
	what string
}

// object checks that n is an object holding only known keys (the strict
// equivalent of json.Decoder.DisallowUnknownFields, at every level).
func (d *decoder) object(path string, n jnode, what string, known ...string) object {
	if n.kind() != jObject {
		d.fail(path, n, "%s must be a JSON object, not %v", what, n.kind())
	}
	for k, v := range n.members() {
		if !slices.ContainsFunc(known, k.is) {
			d.fail(joinPath(path, k.str()), v, "unknown field in %s (known fields: %s)", what, strings.Join(known, ", "))
		}
	}
	return object{d: d, path: path, n: n, what: what}
}

// get returns the field's path and value, or an absent value.
func (o object) get(key string) (string, jnode) {
	p := joinPath(o.path, key)
	for k, v := range o.n.members() {
		if k.is(key) {
			return p, v
		}
	}
	return p, jnode{}
}

// must returns a field that has to be present.
func (o object) must(key string) (string, jnode) {
	p, n := o.get(key)
	if !n.present() {
		o.d.fail(p, jnode{}, "%s needs a %q field", o.what, key)
	}
	return p, n
}

func (d *decoder) number(path string, n jnode) float64 {
	if n.kind() != jNumber {
		d.fail(path, n, "must be a number, not %v", n.kind())
	}
	x, err := n.float()
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		d.fail(path, n, "must be a finite number (this one overflows float64)")
	}
	return x
}

// nonNegative reads a finite number >= 0.
func (d *decoder) nonNegative(path string, n jnode, unit string) float64 {
	x := d.number(path, n)
	if !(x >= 0) {
		d.fail(path, n, "must be >= 0%s", unit)
	}
	return x
}

// whole reads an integer in [lo, hi] (written as 8 or 8.0 or 8e0).
func (d *decoder) whole(path string, n jnode, lo, hi int64) int64 {
	if n.kind() == jNumber {
		if x, err := n.float(); err == nil && x == math.Trunc(x) && x >= float64(lo) && x <= float64(hi) {
			return int64(x)
		}
	}
	d.fail(path, n, "must be a whole number in %d..%d", lo, hi)
	return 0
}

func (d *decoder) boolean(path string, n jnode) bool {
	if n.kind() != jBool {
		d.fail(path, n, "must be true or false, not %v", n.kind())
	}
	return n.isTrue()
}

func (d *decoder) str(path string, n jnode) string {
	if n.kind() != jString {
		d.fail(path, n, "must be a string, not %v", n.kind())
	}
	return n.str()
}

// vec reads an array of exactly size finite numbers.
func (d *decoder) vec(path string, n jnode, size int) []float64 {
	out := make([]float64, size)
	d.vecInto(path, n, out)
	return out
}

// vecInto reads an array of exactly len(out) finite numbers into out.
func (d *decoder) vecInto(path string, n jnode, out []float64) {
	size := len(out)
	if n.kind() != jArray || n.len() != size {
		d.fail(path, n, "must be an array of %d numbers", size)
	}
	for i, it := range n.items() {
		if it.kind() != jNumber {
			d.fail(path, n, "must be an array of %d numbers", size)
		}
		x, err := it.float()
		if err != nil || math.IsInf(x, 0) {
			d.fail(path, n, "every component must be a finite number (%s overflows float64)", it.lit())
		}
		out[i] = x
	}
}

func (d *decoder) vec3(path string, n jnode) mgl64.Vec3 {
	var v mgl64.Vec3 // an array, not vec's slice: a level reads millions
	d.vecInto(path, n, v[:])
	return v
}

// position reads a point whose every component is within
// physics.MaxCoordinate.
func (d *decoder) position(path string, n jnode) mgl64.Vec3 {
	v := d.vec3(path, n)
	for _, x := range v {
		if !(math.Abs(x) <= physics.MaxCoordinate) {
			d.fail(path, n, "every component must be within +-%g m", float64(physics.MaxCoordinate))
		}
	}
	return v
}

// bounded reads a vector no longer than lim (unit names what it is).
func (d *decoder) bounded(path string, n jnode, lim float64, unit string) mgl64.Vec3 {
	v := d.vec3(path, n)
	if !(v.Len() <= lim) {
		d.fail(path, n, "must be no longer than %g %s", lim, unit)
	}
	return v
}

// quat reads [w, x, y, z] and normalises it; the zero quaternion has no
// direction and is refused.
func (d *decoder) quat(path string, n jnode) mgl64.Quat {
	v := d.vec(path, n, 4)
	u, ok := unit(v)
	if !ok {
		d.fail(path, n, "an orientation quaternion [w, x, y, z] must not be zero")
	}
	return mgl64.Quat{W: u[0], V: mgl64.Vec3{u[1], u[2], u[3]}}
}

// unit scales v to length 1. It divides by the largest component first, so
// that neither tiny nor huge components underflow or overflow the length.
func unit(v []float64) ([]float64, bool) {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	if m == 0 {
		return nil, false
	}
	out := make([]float64, len(v))
	sum := 0.0
	for i, x := range v {
		out[i] = x / m
		sum += out[i] * out[i]
	}
	l := math.Sqrt(sum)
	for i := range out {
		out[i] /= l
	}
	return out, true
}

// name reads a name and claims it in the scene's one namespace.
func (d *decoder) name(path string, n jnode, info nameInfo) string {
	s := d.str(path, n)
	if strings.TrimSpace(s) == "" {
		d.fail(path, n, "a name must not be empty")
	}
	if prev, dup := d.names[s]; dup {
		d.fail(path, n, "duplicate name: already used by %s (statics, bodies and fired projectiles share one namespace)", prev.path)
	}
	info.path = path
	d.names[s] = info
	return s
}

var sceneKeys = append([]string{"version", "name", "description", "physics_hz", "max_steps_per_frame",
	"max_frame_seconds", "gravity", "ccd", "sleep", "solver_iterations", "statics", "bodies", "movers", "springs", "events"},
	solverKeys()...)

// solverKeys returns the scene fields of the solver settings.
func solverKeys() []string {
	var keys []string
	for _, s := range physics.SolverSettings() {
		keys = append(keys, s.Key)
	}
	return keys
}

func (d *decoder) scene(root jnode) *Scene {
	o := d.object("", root, "a scene", sceneKeys...)
	lc, wd := loop.DefaultConfig(), physics.DefaultWorldDef()
	s := &Scene{
		Name:             strings.TrimSuffix(filepath.Base(d.file), filepath.Ext(d.file)),
		File:             d.file,
		PhysicsHz:        60, // 1 / loop.DefaultConfig().StepSeconds, written exactly
		MaxStepsPerFrame: lc.MaxStepsPerFrame,
		MaxFrameSeconds:  lc.MaxFrameSeconds,
		Gravity:          wd.Gravity,
		CCD:              wd.CCD,
		Sleep:            wd.Sleep,
		SolverIterations: wd.SolverIterations,
		Solver:           wd,
	}
	if p, n := o.get("version"); n.present() {
		if v := d.whole(p, n, 0, math.MaxInt32); v != Version {
			d.fail(p, n, "unsupported scene format version (this build reads version %d)", Version)
		}
	}
	if p, n := o.get("name"); n.present() {
		s.Name = d.str(p, n)
		if strings.TrimSpace(s.Name) == "" {
			d.fail(p, n, "the scene name must not be empty")
		}
	}
	if p, n := o.get("description"); n.present() {
		s.Description = d.str(p, n)
	}
	if p, n := o.get("physics_hz"); n.present() {
		s.PhysicsHz = d.number(p, n)
		if !(s.PhysicsHz >= MinPhysicsHz && s.PhysicsHz <= MaxPhysicsHz) {
			d.fail(p, n, "must be in %d..%d Hz", MinPhysicsHz, MaxPhysicsHz)
		}
	}
	if p, n := o.get("max_steps_per_frame"); n.present() {
		s.MaxStepsPerFrame = int(d.whole(p, n, 1, 100000))
	}
	if p, n := o.get("max_frame_seconds"); n.present() {
		s.MaxFrameSeconds = d.nonNegative(p, n, " s (0 = no clamp)")
	}
	if p, n := o.get("gravity"); n.present() {
		s.Gravity = d.bounded(p, n, physics.MaxGravity, "m/s^2")
	}
	if p, n := o.get("ccd"); n.present() {
		s.CCD = d.boolean(p, n)
	}
	if p, n := o.get("sleep"); n.present() {
		s.Sleep = d.boolean(p, n)
	}
	if p, n := o.get("solver_iterations"); n.present() {
		s.SolverIterations = int(d.whole(p, n, 1, 64))
	}
	for _, set := range physics.SolverSettings() {
		if p, n := o.get(set.Key); n.present() {
			x := d.number(p, n)
			if !set.InRange(x) {
				d.fail(p, n, "must be in %s", set.RangeText())
			}
			*set.Get(&s.Solver) = x
		}
	}
	p, n := o.must("statics")
	count := d.array(p, n).len()
	d.checkCount(p, n, count, MaxStatics, "statics")
	s.Statics = slices.Grow(s.Statics, count)
	if len(d.names) == 0 {
		d.names = make(map[string]nameInfo, count) // sized once, not regrown a million times over
	}
	for i, it := range n.items() {
		s.Statics = append(s.Statics, d.static(indexPath(p, i), it))
	}
	p, n = o.must("bodies")
	count = d.array(p, n).len()
	d.checkCount(p, n, count, MaxBodies, "bodies")
	s.Bodies = slices.Grow(s.Bodies, count)
	for i, it := range n.items() {
		s.Bodies = append(s.Bodies, d.body(indexPath(p, i), it))
	}
	if p, n := o.get("movers"); n.present() {
		s.Movers = d.movers(p, n)
	}
	if p, n := o.get("springs"); n.present() {
		s.Springs = d.springs(p, n, s.Bodies)
	}
	if p, n := o.get("events"); n.present() {
		s.Events = d.events(p, d.array(p, n))
	}
	d.checkBodyTotal(s)
	return s
}

// array checks that n is an array and returns it.
func (d *decoder) array(path string, n jnode) jnode {
	if n.kind() != jArray {
		d.fail(path, n, "must be an array, not %v", n.kind())
	}
	return n
}

func (d *decoder) static(path string, n jnode) physics.StaticDef {
	o := d.object(path, n, "a static", "name", "min", "max")
	var st physics.StaticDef
	p, v := o.must("name")
	st.Name = d.name(p, v, nameInfo{kind: "static"})
	pMin, vMin := o.must("min")
	st.Min = d.position(pMin, vMin)
	p, v = o.must("max")
	st.Max = d.position(p, v)
	for axis := 0; axis < 3; axis++ {
		if !(st.Min[axis] < st.Max[axis]) {
			d.fail(p, v, "must be above min %s on every axis (%c: %v <= %v)", render(vMin), "xyz"[axis], st.Max[axis], st.Min[axis])
		}
	}
	return st
}

var bodyKeys = []string{"name", "center", "half", "orientation", "velocity", "angular_velocity",
	"mass", "friction", "restitution", "linear_damping", "angular_damping"}

func (d *decoder) body(path string, n jnode) physics.BodyDef {
	o := d.object(path, n, "a body", bodyKeys...)
	b := physics.DefaultBodyDef()
	p, v := o.must("name")
	b.Name = d.name(p, v, nameInfo{kind: "body"})
	p, v = o.must("center")
	b.Center = d.position(p, v)
	if p, v := o.get("velocity"); v.present() {
		b.Velocity = d.bounded(p, v, physics.MaxSpeed, "m/s")
	}
	if p, v := o.get("angular_velocity"); v.present() {
		b.AngularVelocity = d.bounded(p, v, physics.MaxSpin, "rad/s")
	}
	d.boxFields(o, &b)
	return b
}

// Size and mass bounds of dynamic boxes: 0.1 mm to 10 km, 1 mg to a
// million tonnes. Beyond them float64 inertia tensors lose all precision.
const (
	minHalf = 1e-4
	maxHalf = 1e4
	minMass = 1e-6
	maxMass = 1e9
)

// boxFields reads what bodies and projectiles share: size, orientation and
// material. Absent fields keep DefaultBodyDef's values (mass 1, friction
// 0.5, restitution 0, no damping, identity orientation).
func (d *decoder) boxFields(o object, b *physics.BodyDef) {
	p, v := o.must("half")
	b.Half = d.vec3(p, v)
	if !(b.Half[0] > 0 && b.Half[1] > 0 && b.Half[2] > 0) {
		d.fail(p, v, "every half extent must be > 0")
	} else if b.Half.Len() > 0 && !(min(b.Half[0], b.Half[1], b.Half[2]) >= minHalf && max(b.Half[0], b.Half[1], b.Half[2]) <= maxHalf) {
		// Finite but absurd sizes would give the solver infinite or zero
		// inverse inertia; refuse them here with the range instead.
		d.fail(p, v, "every half extent must be in [0.0001, 10000] m")
	}
	if p, v := o.get("orientation"); v.present() {
		b.Orientation = d.quat(p, v)
	}
	if p, v := o.get("mass"); v.present() {
		b.Mass = d.number(p, v)
		if !(b.Mass > 0) {
			d.fail(p, v, "mass must be > 0 kg")
		} else if !(b.Mass >= minMass && b.Mass <= maxMass) {
			d.fail(p, v, "mass must be in [1e-06, 1e+09] kg")
		}
	}
	if p, v := o.get("friction"); v.present() {
		b.Friction = d.nonNegative(p, v, "")
	}
	if p, v := o.get("restitution"); v.present() {
		b.Restitution = d.number(p, v)
		if !(b.Restitution >= 0 && b.Restitution <= 1) {
			d.fail(p, v, "restitution must be in [0, 1]")
		}
	}
	if p, v := o.get("linear_damping"); v.present() {
		b.LinearDamping = d.nonNegative(p, v, " per second")
	}
	if p, v := o.get("angular_damping"); v.present() {
		b.AngularDamping = d.nonNegative(p, v, " per second")
	}
}
