package physics

import "github.com/go-gl/mathgl/mgl64"

// Pose is a body's placement: centre (m) and orientation (unit quaternion).
type Pose struct {
	Center      mgl64.Vec3
	Orientation mgl64.Quat
}

// BodyView is a read-only copy of one body's state for renderers and reports.
type BodyView struct {
	ID         BodyID
	Name       string
	Half       mgl64.Vec3
	Prev, Curr Pose // poses at the start and end of the last step
	Velocity   mgl64.Vec3
	// AngularVelocity is in rad/s about world axes.
	AngularVelocity  mgl64.Vec3
	Sleeping, Bullet bool
	// Teleported: a teleport was applied in the last step (Prev was set to
	// the new pose, so nothing should be drawn between the old and new place).
	Teleported bool
	Mass       float64 // kg
}

// Body returns a view of the body with creation index i (0 <= i < NumBodies).
// It does not allocate.
func (w *World) Body(i int) BodyView {
	b := &w.bodies[i]
	s := &w.sb[i]
	return BodyView{
		ID:              w.ID(i),
		Name:            w.names[i],
		Half:            b.half,
		Prev:            Pose{Center: b.prevPos, Orientation: b.prevQ},
		Curr:            Pose{Center: b.pos, Orientation: b.q},
		Velocity:        s.v.vec(),
		AngularVelocity: s.w.vec(),
		Sleeping:        b.flags&flagSleeping != 0,
		Bullet:          b.flags&flagBullet != 0,
		Teleported:      b.flags&flagTeleported != 0,
		Mass:            b.mass,
	}
}

// BodyByID returns the view of the body named by id, or false when the id is
// stale or unknown.
func (w *World) BodyByID(id BodyID) (BodyView, bool) {
	i := w.bodyIndex(id)
	if i < 0 {
		return BodyView{}, false
	}
	return w.Body(i), true
}

// StaticView is a read-only copy of one slab.
type StaticView struct {
	Name     string
	Min, Max mgl64.Vec3
}

// Static returns slab i (0 <= i < NumStatics).
func (w *World) Static(i int) StaticView {
	s := &w.statics[i]
	return StaticView{Name: s.name, Min: s.min, Max: s.max}
}
