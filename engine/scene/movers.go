package scene

import (
	"math"

	"sandbox/engine/physics"
)

// Movers: the scene's kinematic boxes (physics.MoverDef), read from the
// optional "movers" array:
//
//	{"name", "center", "half", "orientation"?, "path": {...}}
//
// with the path one of
//
//	{"kind": "line", "axis": [x,y,z], "amplitude": m, "period": s}
//	{"kind": "circle", "axis": [x,y,z], "radius": m, "period": s}
//	{"kind": "elevator", "height": m, "rise": s, "wait": s}
//	{"kind": "spin", "angular_velocity": [x,y,z]}
//
// (docs/scenes.md, "Movers").

// MaxMovers bounds a scene's movers (physics.MaxMovers).
const MaxMovers = physics.MaxMovers

var moverKeys = []string{"name", "center", "half", "orientation", "path"}

// movers reads the "movers" array.
func (d *decoder) movers(path string, n jnode) []physics.MoverDef {
	list := d.array(path, n)
	d.checkCount(path, n, list.len(), MaxMovers, "movers")
	var out []physics.MoverDef
	for i, it := range list.items() {
		out = append(out, d.mover(indexPath(path, i), it))
	}
	return out
}

func (d *decoder) mover(path string, n jnode) physics.MoverDef {
	o := d.object(path, n, "a mover", moverKeys...)
	m := physics.MoverDef{Orientation: physics.DefaultBodyDef().Orientation}
	p, v := o.must("name")
	m.Name = d.name(p, v, nameInfo{kind: "mover"})
	p, v = o.must("center")
	m.Center = d.position(p, v)
	p, v = o.must("half")
	m.Half = d.vec3(p, v)
	if !(min(m.Half[0], m.Half[1], m.Half[2]) >= minHalf && max(m.Half[0], m.Half[1], m.Half[2]) <= maxHalf) {
		d.fail(p, v, "every half extent must be in [0.0001, 10000] m")
	}
	if p, v := o.get("orientation"); v.present() {
		m.Orientation = d.quat(p, v)
	}
	p, v = o.must("path")
	m.Path = d.moverPath(p, v)
	return m
}

// moverPath reads a mover's path; only its kind's fields are allowed.
func (d *decoder) moverPath(path string, n jnode) physics.MoverPath {
	if n.kind() != jObject {
		d.fail(path, n, "a path must be a JSON object, not %v", n.kind())
	}
	var kind string
	for k, v := range n.members() {
		if k.is("kind") {
			kind = d.str(joinPath(path, "kind"), v)
		}
	}
	var mp physics.MoverPath
	dur := func(o object, key string, zeroOK bool) float64 {
		p, v := o.must(key)
		x := d.number(p, v)
		if !(x > 0 || zeroOK && x == 0) || x > physics.MaxMoverSeconds {
			lo := "(0"
			if zeroOK {
				lo = "[0"
			}
			d.fail(p, v, "must be a duration in %s, %g] s", lo, float64(physics.MaxMoverSeconds))
		}
		return x
	}
	dist := func(o object, key string) float64 {
		p, v := o.must(key)
		x := d.nonNegative(p, v, " m")
		if x > physics.MaxCoordinate {
			d.fail(p, v, "must be at most %g m", float64(physics.MaxCoordinate))
		}
		return x
	}
	axis := func(o object) {
		p, v := o.must("axis")
		mp.Axis = d.vec3(p, v)
		if _, ok := unit(mp.Axis[:]); !ok {
			d.fail(p, v, "an axis must not be zero")
		}
	}
	switch kind {
	case "line":
		o := d.object(path, n, "a line path", "kind", "axis", "amplitude", "period")
		mp.Kind = physics.PathLine
		axis(o)
		mp.Amplitude = dist(o, "amplitude")
		mp.Period = dur(o, "period", false)
	case "circle":
		o := d.object(path, n, "a circle path", "kind", "axis", "radius", "period")
		mp.Kind = physics.PathCircle
		axis(o)
		mp.Radius = dist(o, "radius")
		mp.Period = dur(o, "period", false)
	case "elevator":
		o := d.object(path, n, "an elevator path", "kind", "height", "rise", "wait")
		mp.Kind = physics.PathElevator
		p, v := o.must("height")
		mp.Height = d.number(p, v)
		if math.Abs(mp.Height) > physics.MaxCoordinate {
			d.fail(p, v, "must be within +-%g m", float64(physics.MaxCoordinate))
		}
		mp.Rise = dur(o, "rise", false)
		mp.Wait = dur(o, "wait", true)
	case "spin":
		o := d.object(path, n, "a spin path", "kind", "angular_velocity")
		mp.Kind = physics.PathSpin
		p, v := o.must("angular_velocity")
		mp.AngularVelocity = d.bounded(p, v, physics.MaxSpin, "rad/s")
	default:
		p, v := joinPath(path, "kind"), jnode{}
		for k, kv := range n.members() {
			if k.is("kind") {
				v = kv
			}
		}
		d.fail(p, v, "a path's kind must be \"line\", \"circle\", \"elevator\" or \"spin\"")
	}
	return mp
}
