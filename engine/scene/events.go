package scene

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// maxTick bounds event ticks to integers a float64 holds exactly (2^53),
// far beyond any run (4,700 years at 60 Hz).
const maxTick = 1 << 53

// tick reads an event's tick exactly. decoder.whole goes through float64,
// which rounds 9007199254740993 to 2^53 and would accept it, and takes
// 1.0000000000000000001 for 1: an integer literal is parsed as an integer,
// and any other spelling (1e3, 30.0) must be exactly a whole number.
func (d *decoder) tick(path string, n jnode) uint64 {
	if n.kind() == jNumber {
		if v, err := strconv.ParseUint(n.lit(), 10, 64); err == nil {
			if v <= maxTick {
				return v
			}
		} else if v, ok := exactWhole(n.lit(), maxTick); ok {
			return v
		}
	}
	d.fail(path, n, "must be a whole number in 0..%d", uint64(maxTick))
	return 0
}

// exactWhole reads a number literal with a fraction or an exponent exactly
// (big.Rat) and returns it when it is a whole number in 0..limit. A literal
// longer than 64 bytes or with an exponent beyond +-64 is refused rather
// than computed: no tick needs one, and 1e-99999999 would cost a
// 330-million-bit power of ten.
func exactWhole(lit string, limit uint64) (uint64, bool) {
	if len(lit) > 64 {
		return 0, false
	}
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		if e, err := strconv.Atoi(lit[i+1:]); err != nil || e < -64 || e > 64 {
			return 0, false
		}
	}
	r, ok := new(big.Rat).SetString(lit)
	if !ok || !r.IsInt() || r.Sign() < 0 || r.Num().Cmp(new(big.Int).SetUint64(limit)) > 0 {
		return 0, false
	}
	return r.Num().Uint64(), true
}

var fireKeys = []string{"name", "from", "direction", "speed", "spin", "half", "orientation",
	"mass", "friction", "restitution", "linear_damping", "angular_damping"}

// pendingTeleport is a teleport whose body name is checked once every
// projectile is known: a teleport may name a projectile listed after it
// that is fired at an earlier tick.
type pendingTeleport struct {
	path string
	node jnode
	tick uint64
	body string
}

func (d *decoder) events(path string, list jnode) []Event {
	var out []Event
	var pending []pendingTeleport
	for i, it := range list.items() {
		ep := indexPath(path, i)
		o := d.object(ep, it, "an event", "tick", "fire", "teleport", "player")
		p, n := o.must("tick")
		ev := Event{Tick: d.tick(p, n)}
		if p, n := o.get("player"); n.present() {
			ev.Player = int(d.whole(p, n, 1, MaxPlayers))
		}
		fp, fire := o.get("fire")
		tp, tele := o.get("teleport")
		switch {
		case fire.present() && tele.present():
			d.fail(ep, it, "an event needs exactly one of fire or teleport, not both")
		case fire.present():
			ev.Kind = EventFire
			ev.Fire = d.fire(fp, fire, ev.Tick)
		case tele.present():
			ev.Kind = EventTeleport
			var bp string
			var bn jnode
			ev.Teleport, bp, bn = d.teleport(tp, tele)
			pending = append(pending, pendingTeleport{path: bp, node: bn, tick: ev.Tick, body: ev.Teleport.Body})
		default:
			d.fail(ep, it, "an event needs exactly one of fire or teleport; it has neither")
		}
		out = append(out, ev)
	}
	for _, t := range pending {
		d.checkTeleportTarget(t)
	}
	return out
}

func (d *decoder) fire(path string, n jnode, tick uint64) physics.BodyDef {
	o := d.object(path, n, "a fire event", fireKeys...)
	b := physics.DefaultBodyDef()
	p, v := o.must("name")
	b.Name = d.name(p, v, nameInfo{kind: "projectile", tick: tick})
	p, v = o.must("from")
	b.Center = d.position(p, v)
	p, v = o.must("direction")
	dir, ok := unit(d.vec(p, v, 3))
	if !ok {
		d.fail(p, v, "the direction must not be zero")
	}
	p, v = o.must("speed")
	speed := d.nonNegative(p, v, " m/s")
	if !(speed <= physics.MaxSpeed) {
		d.fail(p, v, "must be at most %g m/s", float64(physics.MaxSpeed))
	}
	b.Velocity = mgl64.Vec3{dir[0] * speed, dir[1] * speed, dir[2] * speed}
	if p, v := o.get("spin"); v.present() {
		b.AngularVelocity = d.bounded(p, v, physics.MaxSpin, "rad/s")
	}
	d.boxFields(o, &b)
	b.Bullet = true
	return b
}

// teleport reads a teleport event; it also returns the body field's path and
// value for the later name check.
func (d *decoder) teleport(path string, n jnode) (t Teleport, bodyPath string, body jnode) {
	o := d.object(path, n, "a teleport", "body", "center", "orientation", "velocity")
	bodyPath, body = o.must("body")
	t.Body = d.str(bodyPath, body)
	p, v := o.must("center")
	t.Center = d.position(p, v)
	if p, v := o.get("orientation"); v.present() {
		t.Orientation, t.SetOrientation = d.quat(p, v), true
	}
	if p, v := o.get("velocity"); v.present() {
		t.Velocity, t.SetVelocity = d.bounded(p, v, physics.MaxSpeed, "m/s"), true
	}
	return t, bodyPath, body
}

// checkTeleportTarget: the body must be a scene body, or a projectile fired
// at an earlier tick. A projectile fired at the same tick is refused even
// when its fire event comes first: the script resolves names to body ids
// before the step that creates it, so there is no id to give yet (and the
// fire event can simply start where the teleport would put it).
func (d *decoder) checkTeleportTarget(t pendingTeleport) {
	info, ok := d.names[t.body]
	switch {
	case !ok:
		d.fail(t.path, t.node, "no body or fired projectile has this name")
	case info.kind == "static" || info.kind == "spring":
		d.fail(t.path, t.node, "names a %s (%s); only bodies and projectiles can be teleported", info.kind, info.path)
	case info.kind == "projectile" && info.tick >= t.tick:
		d.fail(t.path, t.node, "the projectile (%s) is fired at tick %d; a teleport of it must come at a later tick (this one is at tick %d)",
			info.path, info.tick, t.tick)
	}
}
