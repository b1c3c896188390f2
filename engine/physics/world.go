package physics

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl64"
)

// World holds every body, slab and scratch buffer of one simulation. It is not
// safe for concurrent use.
type World struct {
	def   WorldDef
	tick  uint64
	ccdOn bool

	// Dynamic bodies, parallel slices in creation order.
	names  []string
	bodies []body
	sb     []solverBody // velocity and mass record, one per body
	invI   []mat3       // world inverse inertia per body (flagDiagInertia)
	gens   []uint32     // generation per slot; survives Restore so stale IDs are caught

	statics []static
	sindex  staticIndex // the slabs' tree (box_tree.go)

	events   StepEvents
	counters Counters
	// teleported lists the bodies with flagTeleported (this step's
	// teleports), so that the next step clears just those.
	teleported []int32
	// fastBodies counts the bodies marked flagFast this step (by the
	// workers, so atomic; rarely more than a few), so that continuous
	// skips its passes when there are none.
	fastBodies atomic.Int32
	// Bodies whose centre is inside a slab, sorted by body then slab: what
	// the tunnelling oracle remembers between steps (oracle.go).
	inside, insideNext []insideRec
	// The sweeps' recent stops, one per body and target, sorted by body
	// then target: a stop against the same surface soon after goes on with
	// that contact rather than begins an impact (continuous.go).
	stops, stopsNext, stopsMerge []stopRec
	profile                      Profile

	// Stage state and scratch, reused every step so a warm step allocates nothing.
	contacts contactSet
	bp       broadphase
	scratch  stepScratch
	sol      solverState
	par      pool
	fnNarrow func(lo, hi int)
	// The parallel body stages around the solver, and the step's dt they
	// read.
	fnPrepBodies, fnTestCands, fnCheckMotion func(lo, hi int)
	stepDt                                   float64

	mv moverSet // movers.go

	springs     []spring // joints.go, in creation order
	springNames []string

	oracleMarks []uint8 // detectTunnels' scratch: a mark per body (oracle.go)
	// stepSpeed and stepSpin: per body, the largest v.v and w.w it moved
	// with in the last step, (m/s)^2 and (rad/s)^2 (BodyView.StepSpeed,
	// StepSpin; loadStates zeroes them): a view, not state.
	stepSpeed, stepSpin []float32

	opt options // how the step runs; tests change it to compare the ways
}

// options are the ways of running a step that give the same result (or,
// for warmEverySubstep, the reference another must match): the world's
// defaults, which tests change on a world of their own to compare them.
type options struct {
	// wide: solve the eligible constraints four at a time (wide.go); on
	// by default in the AVX2 build where the processor has AVX2.
	wide bool
	// noReuse: compute every manifold afresh (manifold_reuse.go).
	noReuse bool
	// oneBlock: every island in one block, run pass by pass over the
	// world as before there were blocks (solver_blocks.go).
	oneBlock bool
	// warmEverySubstep: warm-start from the constraints in every substep,
	// the reference that the rewarm body pass (body_state.go) must match.
	warmEverySubstep bool
	// listOrder: each colour's constraints in the contact list's order,
	// not by kind (solver_places.go): the reference the kinds must match.
	listOrder bool
	// relayoutAlways: lay the contact list out afresh in key order on
	// every step whose pairs change (contact_pool.go), as the two-buffer
	// list did: the reference for manifolds rebuilt in their slots.
	relayoutAlways bool
	// noPatch: make the solver's plan again on every step whose active
	// manifolds change, rather than patch it (solver_patch.go).
	noPatch bool
}

// Body flags.
const (
	flagBullet uint8 = 1 << iota
	flagSleeping
	flagTeleported
	flagTouching // has at least one solved manifold this step
	flagFast     // moves too far this step for discrete contacts: swept
	// flagDiagInertia: the body's inertia is the same about every axis and
	// World.invI holds exactly its scale times the identity, so
	// prepareRangeBodies has nothing to write (wakeBody clears it).
	flagDiagInertia
)

// body is the simulation record of one dynamic box: pose, shape, material
// and sleep bookkeeping (240 bytes). Velocities live in solverBody. The
// fields the per-body passes read come first, in one cache line (pose and
// flags) and the next (damping): at 10,000 bodies the records are 2.4 MB,
// and with the flags at the end the substeps' position update touched
// three lines of each record. (The substeps now move a copy of the pose,
// bodyPose, which the solver loads and stores in the same passes that read
// the flags and damping.)
type body struct {
	pos       mgl64.Vec3
	q         mgl64.Quat
	sleepNext int32 // next body of the same sleeping island, -1 at the end
	flags     uint8
	linDamp   float64 // 1/s
	angDamp   float64 // 1/s

	prevPos     mgl64.Vec3
	prevQ       mgl64.Quat
	half        mgl64.Vec3
	invILocal   mgl64.Vec3 // principal inverse inertia in body axes, 1/(kg m^2)
	mass        float64
	friction    float64
	restitution float64
	ccdFraction float64 // 0 = world's
	minHalf     float64
	radius      float64 // bounding radius (half the diagonal), m
	sleepTime   float64 // seconds spent below the sleep thresholds
}

// solverBody holds a body's velocities and its inverse mass (72 bytes):
// what the stages around the contact solver read and write. The solver's
// passes work on a copy of the velocities (bodyState, which also carries
// the position and rotation change so far in the step) and of the masses
// (in each constraint) instead. The world inverse inertia is in
// World.invI.
//
// Why so small: three passes a step stream these records (prepareBodies,
// and the solver's load and store of the states), and in a big pile they
// come from the shared cache: with the step's position and rotation
// change and the inertia matrix in them (192 bytes), a big pile's step was
// slower per body.
type solverBody struct {
	v, w    sv      // m/s, rad/s (world axes)
	invMass float64 // 1/kg
	// iso: the inertia is the same about every axis (a cube, or the zero
	// body of slabs), so the world inverse inertia is invIs (1/(kg m^2))
	// times the identity and the solver scales by it instead of
	// multiplying by the matrix.
	invIs float64
	iso   bool
}

// invIMul returns the world inverse inertia times v, I being the body's
// matrix (World.invI). Hot loops test iso themselves: this does not
// inline.
func (s *solverBody) invIMul(I *mat3, v sv) sv {
	if s.iso {
		return v.scale(s.invIs)
	}
	return I.mul(v)
}

// static is one axis-aligned slab.
type static struct {
	name     string
	min, max mgl64.Vec3
}

// NewWorld returns an empty world, or an error naming the bad WorldDef field.
func NewWorld(def WorldDef) (*World, error) {
	if err := def.validate(); err != nil {
		return nil, err
	}
	// Room for a few teleports a step, so that the first one made in a
	// running world allocates nothing.
	w := &World{def: def, ccdOn: def.CCD, teleported: make([]int32, 0, 16)}
	w.opt.wide = wideCapable && wideDefault
	w.events.Tick = 0
	w.par.init(def.Workers)
	w.bindSolver()
	w.fnNarrow = w.narrowJob
	w.fnPrepBodies = w.prepareRangeBodies
	w.fnTestCands = w.testCands
	w.fnCheckMotion = w.checkMotionRange
	return w, nil
}

// Def returns the definition the world was made with.
func (w *World) Def() WorldDef { return w.def }

// AddStatic adds an axis-aligned slab.
func (w *World) AddStatic(d StaticDef) (StaticID, error) {
	if err := d.validate(); err != nil {
		return NoStatic, err
	}
	w.statics = append(w.statics, static{name: d.Name, min: d.Min, max: d.Max})
	w.bp.valid = false
	w.sindex.stale = true
	return StaticID(len(w.statics) - 1), nil
}

// AddBody adds a dynamic box. The error names the bad field and its value.
func (w *World) AddBody(d BodyDef) (BodyID, error) {
	d, err := d.validate()
	if err != nil {
		return NoBody, err
	}
	return w.addBody(d), nil
}

// addBody appends a validated body; used by AddBody and by InputFire.
func (w *World) addBody(d BodyDef) BodyID {
	h := d.Half
	m := d.Mass
	// Solid box inertia: I_x = m/3 (hy^2 + hz^2) with half extents (m/12 of full sizes squared).
	ix := m / 3 * (float64(h[1]*h[1]) + float64(h[2]*h[2]))
	iy := m / 3 * (float64(h[0]*h[0]) + float64(h[2]*h[2]))
	iz := m / 3 * (float64(h[0]*h[0]) + float64(h[1]*h[1]))
	b := body{
		pos: d.Center, prevPos: d.Center,
		q: d.Orientation, prevQ: d.Orientation,
		half:        h,
		invILocal:   mgl64.Vec3{1 / ix, 1 / iy, 1 / iz},
		mass:        m,
		friction:    d.Friction,
		restitution: d.Restitution,
		linDamp:     d.LinearDamping,
		angDamp:     d.AngularDamping,
		ccdFraction: d.CCDFraction,
		minHalf:     math.Min(h[0], math.Min(h[1], h[2])),
		radius:      math.Sqrt(float64(h[0]*h[0]) + float64(h[1]*h[1]) + float64(h[2]*h[2])),
		sleepNext:   -1,
	}
	if d.Bullet {
		b.flags |= flagBullet
	}
	idx := len(w.bodies)
	w.bodies = append(w.bodies, b)
	w.names = append(w.names, d.Name)
	s := solverBody{v: toSV(d.Velocity), w: toSV(d.AngularVelocity), invMass: 1 / m}
	w.invI = append(w.invI, worldInvInertia(b.q, b.invILocal))
	if isotropic(b.invILocal) {
		s.invIs, s.iso = b.invILocal[0], true
	}
	w.sb = append(w.sb, s)
	// Room for an event per body in the lists that can have one each (as
	// the bodies' array grows, so amortised), so that a world settling
	// into sleep allocates nothing in its steps.
	e := &w.events
	e.Slept, e.Woke = reserve(e.Slept, cap(w.bodies)), reserve(e.Woke, cap(w.bodies))
	e.Embedded = reserve(e.Embedded, cap(w.bodies))
	e.Teleports, e.Tunnels = reserve(e.Teleports, cap(w.bodies)), reserve(e.Tunnels, cap(w.bodies))
	if idx >= len(w.gens) {
		w.gens = append(w.gens, 1)
	}
	return makeBodyID(idx, w.gens[idx])
}

// bodyIndex resolves an id to an index, or -1 when it is stale or unknown.
func (w *World) bodyIndex(id BodyID) int {
	i := id.Index()
	if i < 0 || i >= len(w.bodies) || w.gens[i] != id.gen() {
		return -1
	}
	return i
}

// ID returns the BodyID of the body with creation index i.
func (w *World) ID(i int) BodyID { return makeBodyID(i, w.gens[i]) }

// FindBody returns the first body (in creation order) with the given name.
// It scans every body: use it to resolve names before stepping, not inside a step.
func (w *World) FindBody(name string) (BodyID, bool) {
	for i, n := range w.names {
		if n == name {
			return w.ID(i), true
		}
	}
	return NoBody, false
}

// FindStatic returns the first slab with the given name.
func (w *World) FindStatic(name string) (StaticID, bool) {
	for i := range w.statics {
		if w.statics[i].name == name {
			return StaticID(i), true
		}
	}
	return NoStatic, false
}

// Tick is the number of steps taken so far.
func (w *World) Tick() uint64 { return w.tick }

// SetCCD turns continuous collision on or off from the next step on.
func (w *World) SetCCD(on bool) { w.ccdOn = on }

// CCD reports whether continuous collision is on.
func (w *World) CCD() bool { return w.ccdOn }

// Events returns the last step's events. The slices are reused by the next step.
func (w *World) Events() *StepEvents { return &w.events }

// Counters returns the cumulative event counts since the world was made.
func (w *World) Counters() Counters { return w.counters }

// Profile returns the last step's stage timings (all zero when Clock is nil).
func (w *World) Profile() Profile { return w.profile }

// NumBodies is the number of dynamic bodies.
func (w *World) NumBodies() int { return len(w.bodies) }

// NumStatics is the number of static slabs.
func (w *World) NumStatics() int { return len(w.statics) }

// NumAwake counts the bodies that are not sleeping.
func (w *World) NumAwake() int {
	n := 0
	for i := range w.bodies {
		if w.bodies[i].flags&flagSleeping == 0 {
			n++
		}
	}
	return n
}

func (w *World) String() string {
	return fmt.Sprintf("physics.World{tick %d, %d bodies, %d statics}", w.tick, len(w.bodies), len(w.statics))
}

// Close stops the world's helper goroutines (WorldDef.Workers above 1) and
// waits for them to end. A closed world still steps, on the calling
// goroutine alone, to the same bits. Close may be called more than once;
// a world dropped without it has its helpers stopped once it is collected.
func (w *World) Close() { w.par.close() }

// BodyID names a dynamic body: its creation index plus a generation, so that a
// handle kept across World.Restore to a snapshot taken before the body existed
// is recognised as stale instead of silently naming another body.
// The zero BodyID names no body.
type BodyID uint64

// NoBody is the zero BodyID; it never names a body.
const NoBody BodyID = 0

func makeBodyID(index int, gen uint32) BodyID {
	return BodyID(uint64(gen)<<32 | uint64(uint32(index+1)))
}

// Index is the body's creation index (the i of World.Body(i)), or -1 for NoBody.
func (id BodyID) Index() int { return int(uint32(id)) - 1 }

func (id BodyID) gen() uint32 { return uint32(id >> 32) }

// StaticID names a static slab by its creation index (statics are never removed).
type StaticID int32

// NoStatic is the StaticID used where no slab is meant.
const NoStatic StaticID = -1

// stepScratch holds per-step working memory. It is rebuilt by every step and
// is not part of the state (Snapshot ignores it); keeping it in the world
// means a warm step allocates nothing.
type stepScratch struct {
	rot         []mat3 // rotation matrix per body, this step
	extent      []vec3 // end-of-step extents for bullet sweeps
	extentValid bool
	frozen      boxTree // the non-bullet bodies' boxes at their end-of-step pose (bodiesOn)
	frozenValid bool
	bodyHits    []int32 // bodies a bullet's sweep meets (bodiesOn)
	vBefore     vec3
	hits        []int32       // slabs (or bodies) a box meets (staticsOn)
	active      []int32       // indices of the manifolds solved this step
	sweeps      []sweepRecord // CCD sweep volumes, for DebugDraw
	// sleepRoot: each body's island of touching contacts, by its root
	// (linkIslands, solver_blocks.go), for sleep.
	sleepRoot  []int32
	islandMin  []float64 // smallest sleep time per island root
	islandHead []int32
}

// sweepRecord is one CCD sweep for debug drawing.
type sweepRecord struct {
	lo, hi        vec3 // swept bound, m
	hit           bool
	point, normal vec3
}

// grow returns s resized to length n, reusing its array when it holds n
// and otherwise allocating a new one with half as much room again (plus a
// little, for tiny worlds), so that a world that grows by a few bodies at
// a time (shots) does not allocate on every step. The contents are kept
// only when the array is reused: callers overwrite, or clear, what they
// read. This is the one resize of the step's scratch buffers.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/2+16)
	}
	return s[:n]
}
