package physics

import "github.com/go-gl/mathgl/mgl64"

// InputKind says what an Input does.
type InputKind uint8

const (
	// InputFire creates a projectile from Input.Fire (Bullet forced true).
	InputFire InputKind = iota + 1
	// InputTeleport moves Input.Body to Input.Center (and optionally sets its
	// orientation and velocity). Prev is set to the new pose: no sweep, no
	// blend between the old and new place.
	InputTeleport
	// InputSetCCD turns continuous collision on or off (Input.Enabled).
	InputSetCCD
	// InputDrag pulls Input.Point of Input.Body toward Input.Target for
	// this one step (joints.go): a mouse joint is one InputDrag every tick
	// while it is held. It wakes the body.
	InputDrag
	// InputSetRate changes the physics rate from this step on: the solver
	// takes Input.Substeps substeps per step (World.SetSubsteps), and
	// Input.StepHz is the rate the caller steps at from this step on (its
	// dt: the world only carries it, so that a recording of the inputs
	// holds the change).
	InputSetRate
	// InputStepDT says the step's dt, s (Input.StepDT), where a loop other
	// than the fixed step chose one of its own: the world only carries it,
	// so that a recording of the inputs holds every such step's dt and a
	// replay can step with it.
	InputStepDT
)

// Input is one tick-stamped command, applied at the start of World.Step
// before prev := curr, in the order given.
type Input struct {
	Kind InputKind
	// Fire is the projectile's definition (InputFire).
	Fire BodyDef
	// Body is the body to move (InputTeleport) or pull (InputDrag).
	Body BodyID
	// Center is the teleport target centre, m.
	Center mgl64.Vec3
	// Orientation replaces the body's orientation when SetOrientation is true.
	Orientation    mgl64.Quat
	SetOrientation bool
	// Velocity replaces the body's linear velocity (m/s) when SetVelocity is true.
	Velocity    mgl64.Vec3
	SetVelocity bool
	// Enabled is the new CCD state (InputSetCCD).
	Enabled bool
	// Point is the grabbed point in the body's axes, relative to its
	// centre, m (InputDrag; kept within the box).
	Point mgl64.Vec3
	// Target is where the grabbed point is pulled, world m (InputDrag).
	Target mgl64.Vec3
	// StepHz and Substeps are the new rate (InputSetRate): steps per
	// second and solver substeps per step, 1..MaxSubsteps.
	StepHz   float64
	Substeps int
	// StepDT is the step's dt, s (InputStepDT).
	StepDT float64
}

// applyInputs runs this tick's inputs in order. Invalid inputs (a bad fire
// definition, a stale body id, a non-finite target) are skipped: a step cannot
// fail half-way, and the scene loader validates scripted inputs up front.
// dt is the step, s (a drag's impulse is its force over the step).
func (w *World) applyInputs(inputs []Input, dt float64) {
	for i := range inputs {
		in := &inputs[i]
		switch in.Kind {
		case InputFire:
			d := in.Fire
			d.Bullet = true
			d, err := d.validate()
			if err != nil {
				continue
			}
			w.addBody(d)
		case InputTeleport:
			w.teleport(in)
		case InputSetCCD:
			w.ccdOn = in.Enabled
		case InputDrag:
			w.drag(in, dt)
		case InputSetRate:
			w.SetSubsteps(in.Substeps)
		}
	}
}

func (w *World) teleport(in *Input) {
	idx := w.bodyIndex(in.Body)
	if idx < 0 || !finiteVec(in.Center) {
		return
	}
	b := &w.bodies[idx]
	from := b.pos
	b.pos = in.Center
	if in.SetOrientation {
		q := in.Orientation
		if q.W == 0 && q.V == (mgl64.Vec3{}) {
			q = mgl64.QuatIdent()
		}
		if finite(q.W) && finiteVec(q.V) {
			b.q = quatNormalize(q)
		}
	}
	if in.SetVelocity && finiteVec(in.Velocity) {
		w.sb[idx].v = toSV(in.Velocity)
	}
	// prev = curr: the renderer must not draw the body between the old and new
	// place. Step's prev := curr follows anyway; setting it here keeps a view
	// taken between inputs and the step consistent too.
	b.prevPos, b.prevQ = b.pos, b.q
	b.flags |= flagTeleported
	w.teleported = append(w.teleported, int32(idx))
	b.sleepTime = 0
	w.wakeBody(idx)
	w.events.Teleports = append(w.events.Teleports, TeleportEvent{Body: w.ID(idx), From: from, To: b.pos})
	w.counters.Teleports++
}
