package scene

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// Spring is a scene's spring: from Anchor (when HasAnchor) or from BodyB's
// LocalB to Body's LocalA, local points in the body's axes from its centre
// (default the centres). See physics.SpringDef.
type Spring struct {
	Name       string
	Body       string
	BodyB      string // "" when anchored
	Anchor     mgl64.Vec3
	HasAnchor  bool
	LocalA     mgl64.Vec3
	LocalB     mgl64.Vec3
	RestLength float64 // m
	Stiffness  float64 // N/m
	Damping    float64 // N s/m
}

// maxSprings bounds a scene's springs (one per body is plenty).
const maxSprings = MaxBodies

// Bounds on a spring's values: beyond them a step's impulse overflows or
// the spring is not a spring any more.
const (
	maxSpringStiffness = 1e9 // N/m
	maxSpringDamping   = 1e9 // N s/m
)

var springKeys = []string{"name", "body", "anchor", "body_b", "local_a", "local_b", "rest_length", "stiffness", "damping"}

// springs reads the "springs" array; every body it names must be a scene
// body (not a projectile).
func (d *decoder) springs(path string, n jnode, bodies []physics.BodyDef) []Spring {
	list := d.array(path, n)
	d.checkCount(path, n, list.len(), maxSprings, "springs")
	var out []Spring
	for i, it := range list.items() {
		out = append(out, d.spring(indexPath(path, i), it, bodies))
	}
	return out
}

func (d *decoder) spring(path string, n jnode, bodies []physics.BodyDef) Spring {
	o := d.object(path, n, "a spring", springKeys...)
	var s Spring
	p, v := o.must("name")
	s.Name = d.name(p, v, nameInfo{kind: "spring"})
	p, v = o.must("body")
	s.Body = d.str(p, v)
	a := d.sceneBody(p, v, s.Body, bodies)
	pAnchor, vAnchor := o.get("anchor")
	pB, vB := o.get("body_b")
	switch {
	case vAnchor.present() && vB.present():
		d.fail(pB, vB, "a spring has an anchor or a body_b, not both")
	case !vAnchor.present() && !vB.present():
		d.fail(pAnchor, jnode{}, "a spring needs an \"anchor\" [x, y, z] or a \"body_b\"")
	case vAnchor.present():
		s.Anchor, s.HasAnchor = d.position(pAnchor, vAnchor), true
	default:
		s.BodyB = d.str(pB, vB)
		b := d.sceneBody(pB, vB, s.BodyB, bodies)
		if b == a {
			d.fail(pB, vB, "body_b must be another body than body")
		}
		if p, v := o.get("local_b"); v.present() {
			s.LocalB = d.localPoint(p, v, bodies[b].Half)
		}
	}
	if p, v := o.get("local_b"); v.present() && s.HasAnchor {
		d.fail(p, v, "local_b is the point on body_b; an anchored spring has none")
	}
	if p, v := o.get("local_a"); v.present() {
		s.LocalA = d.localPoint(p, v, bodies[a].Half)
	}
	p, v = o.must("rest_length")
	s.RestLength = d.nonNegative(p, v, " m")
	if s.RestLength > 2*physics.MaxCoordinate {
		d.fail(p, v, "must be at most %g m", 2*physics.MaxCoordinate)
	}
	p, v = o.must("stiffness")
	s.Stiffness = d.nonNegative(p, v, " N/m")
	if s.Stiffness > maxSpringStiffness {
		d.fail(p, v, "must be at most %g N/m", float64(maxSpringStiffness))
	}
	if p, v := o.get("damping"); v.present() {
		s.Damping = d.nonNegative(p, v, " N s/m")
		if s.Damping > maxSpringDamping {
			d.fail(p, v, "must be at most %g N s/m", float64(maxSpringDamping))
		}
	}
	return s
}

// sceneBody returns the index of the scene body called name.
func (d *decoder) sceneBody(path string, n jnode, name string, bodies []physics.BodyDef) int {
	for i := range bodies {
		if bodies[i].Name == name {
			return i
		}
	}
	d.fail(path, n, "no body of the scene is called %q (a spring joins scene bodies, not projectiles or statics)", name)
	return -1
}

// localPoint reads a point on or inside a box of half extents half.
func (d *decoder) localPoint(path string, n jnode, half mgl64.Vec3) mgl64.Vec3 {
	p := d.vec3(path, n)
	for k := 0; k < 3; k++ {
		if !(math.Abs(p[k]) <= half[k]) {
			d.fail(path, n, "must lie on or inside the body (half extents %v m)", [3]float64(half))
		}
	}
	return p
}

// addSprings adds the scene's springs to a world whose body i is Bodies[i].
func (s *Scene) addSprings(w *physics.World, ids []physics.BodyID) error {
	index := func(name string) physics.BodyID {
		for i := range s.Bodies {
			if s.Bodies[i].Name == name {
				return ids[i]
			}
		}
		return physics.NoBody
	}
	for i, sp := range s.Springs {
		def := physics.SpringDef{Name: sp.Name, Body: index(sp.Body), Anchor: sp.Anchor, LocalA: sp.LocalA,
			LocalB: sp.LocalB, RestLength: sp.RestLength, Stiffness: sp.Stiffness, Damping: sp.Damping}
		if !sp.HasAnchor {
			def.BodyB = index(sp.BodyB)
		}
		if _, err := w.AddSpring(def); err != nil {
			return fmt.Errorf("%s: springs[%d]: %v", s.File, i, err)
		}
	}
	return nil
}
