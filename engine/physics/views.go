package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

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
	// StepSpeed and StepSpin are the fastest the body moved and turned
	// during the last step, m/s and rad/s: over the substeps, and its
	// sweep's. A body knocked and stopped again within the step ends it
	// slow at both ends, yet travelled this fast.
	StepSpeed, StepSpin float64
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
		StepSpeed:       rootAt(w.stepSpeed, i),
		StepSpin:        rootAt(w.stepSpin, i),
	}
}

// rootAt is the square root of sq[i], or 0 past its end (a body that has
// not stepped yet).
func rootAt(sq []float32, i int) float64 {
	if i >= len(sq) {
		return 0
	}
	return math.Sqrt(float64(sq[i]))
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

// StepEvents holds what happened during the last step, in a fixed order
// (bodies in creation order, then by the order they were found), as values
// returned after the step rather than callbacks in the middle of it.
// The slices are reused by the next step: copy what you keep.
type StepEvents struct {
	Tick          uint64 // the tick the step ended on
	CCDHits       []CCDHit
	ContactsBegun []ContactEvent
	ContactsEnded []ContactEvent
	Teleports     []TeleportEvent
	Tunnels       []TunnelEvent
	Embedded      []EmbeddedEvent
	Slept         []SleepEvent // islands that fell asleep, in order of their first body
	Woke          []SleepEvent // sleeping islands woken, in the order they were woken
}

// CCDHit is one continuous-collision impact: a sweep stopped the body
// against a slab or body it was not touching when the step began.
type CCDHit struct {
	Tick uint64 // the tick the step ended on
	Body BodyID
	// Static is the slab hit, or NoStatic when Other names a body hit by a bullet.
	Static StaticID
	Other  BodyID
	Mover  MoverID    // the mover hit (Static NoStatic, Other NoBody)
	TOI    float64    // time of impact as a fraction of the step, [0, 1]
	Point  mgl64.Vec3 // world contact point, m
	Normal mgl64.Vec3 // unit normal of the surface hit, toward Body
	Speed  float64    // closing speed along Normal before the impact, m/s
}

// ContactEvent reports a touching pair that began (or ended) this step.
// B is NoBody and Static names the slab for body-slab contacts.
type ContactEvent struct {
	Tick   uint64 // the tick the step ended on
	A      BodyID
	B      BodyID
	Static StaticID
	Mover  MoverID    // the mover touched, for body-mover contacts (B NoBody, Static NoStatic)
	Point  mgl64.Vec3 // a contact point (begin events only), m
	Normal mgl64.Vec3 // from B (or the slab) toward A
}

// TeleportEvent reports a teleport applied at the start of the step.
type TeleportEvent struct {
	Tick     uint64 // the tick the step ended on
	Body     BodyID
	From, To mgl64.Vec3
}

// TunnelEvent reports a body whose centre, having been outside a slab on one
// side, left it this step on the opposite side after a path through its
// interior (oracle.go). From and To are this step's prev and curr centres;
// a body pushed through slowly entered on an earlier step.
type TunnelEvent struct {
	Tick     uint64 // the tick the step ended on
	Body     BodyID
	Static   StaticID
	From, To mgl64.Vec3
}

// EmbeddedEvent reports a body whose centre ended the step inside a slab
// it was not inside at the end of the last step (oracle.go): one event per
// stay, as Counters.Embedded counts. Center is the centre at the step's
// end, m.
type EmbeddedEvent struct {
	Tick   uint64 // the tick the step ended on
	Body   BodyID
	Static StaticID
	Center mgl64.Vec3
}

// SleepEvent reports an island (bodies linked by touching contacts) that
// fell asleep or was woken this step. Body is, for Slept, the island's
// first body in creation order; for Woke, the sleeping body that was
// touched, hit, teleported or dragged awake. Bodies is the island's size.
type SleepEvent struct {
	Tick   uint64 // the tick the step ended on
	Body   BodyID
	Bodies int
}

// Counters are cumulative event counts since the world was made.
// Embedded counts (body, slab) stays of a body's centre inside a slab at the
// end of a step: a body that stays inside for many steps counts once.
// Guarded counts the centres the CCD guard put back outside a slab they had
// entered (guard.go): with CCD on, what would otherwise have been pushed in.
// CCDHits counts impacts, one per contact a sweep began (the CCDHit
// events); CCDStops counts every stop of a sweep, including those against a
// surface the body was already resting or sliding on.
// The JSON names are the report's, -stats' and the panel's (docs/headless.md,
// Counters).
type Counters struct {
	CCDHits       uint64 `json:"ccd_hits"`
	CCDStops      uint64 `json:"ccd_stops"`
	Tunnels       uint64 `json:"tunnels"`
	ContactsBegun uint64 `json:"contacts_begun"`
	Teleports     uint64 `json:"teleports"`
	Embedded      uint64 `json:"embedded"`
	Guarded       uint64 `json:"guarded"`
}

func (e *StepEvents) reset(tick uint64) {
	e.Tick = tick
	e.CCDHits = e.CCDHits[:0]
	e.ContactsBegun = e.ContactsBegun[:0]
	e.ContactsEnded = e.ContactsEnded[:0]
	e.Teleports = e.Teleports[:0]
	e.Tunnels = e.Tunnels[:0]
	e.Embedded = e.Embedded[:0]
	e.Slept = e.Slept[:0]
	e.Woke = e.Woke[:0]
}

// stampTicks sets every event's Tick to the step's, once the step is done:
// each event then says when it happened wherever it is copied to.
func (e *StepEvents) stampTicks() {
	t := e.Tick
	for i := range e.CCDHits {
		e.CCDHits[i].Tick = t
	}
	for i := range e.ContactsBegun {
		e.ContactsBegun[i].Tick = t
	}
	for i := range e.ContactsEnded {
		e.ContactsEnded[i].Tick = t
	}
	for i := range e.Teleports {
		e.Teleports[i].Tick = t
	}
	for i := range e.Tunnels {
		e.Tunnels[i].Tick = t
	}
	for i := range e.Embedded {
		e.Embedded[i].Tick = t
	}
	for i := range e.Slept {
		e.Slept[i].Tick = t
	}
	for i := range e.Woke {
		e.Woke[i].Tick = t
	}
}

// sizeSleptIslands fills in Bodies of this step's sleep events by walking
// each new island's ring (sleep.go) once: the island is only complete
// after every body has been linked, and counting here keeps sleep.go's
// loop as it was. Together the walks visit each newly sleeping body once.
func (w *World) sizeSleptIslands() {
	for k := range w.events.Slept {
		e := &w.events.Slept[k]
		first := int32(e.Body.Index())
		n, j := 1, w.bodies[first].sleepNext
		for j != first && j >= 0 {
			n++
			j = w.bodies[j].sleepNext
		}
		e.Bodies = n
	}
}
