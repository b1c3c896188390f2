package physics

import (
	"math"
)

// Step advances the world by dt seconds (> 0 and finite; other values leave
// the world untouched). The stages run in a fixed order:
//
//  1. apply this tick's inputs, in order (fire, teleport, CCD toggle, drag);
//     pose the movers at this tick and the next (movers.go);
//  2. prev := curr for every body;
//  3. prepare bodies: world inertia, which bodies need continuous collision,
//     fat boxes;
//  4. broadphase: candidate pairs, and every body's pairs with the movers;
//  5. narrowphase: contact manifolds;
//  6. solver substeps: gravity, warm start, soft iteration, positions, relax;
//     then restitution (contact_solver.go), each pass timed into
//     Profile.SolverStages;
//  7. continuous collision: bodies the substeps moved too far are put back
//     (guard.go); fast bodies are swept to their end pose; a centre that
//     entered a slab is put back outside it (guard.go);
//  8. sleep;
//  9. the tunnelling oracle;
//
// then tick++. A warm step allocates nothing.
func (w *World) Step(dt float64, inputs []Input) {
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	var sw stopwatch
	sw.start(w.def.Clock)
	p := &w.profile
	w.events.reset(w.tick + 1)
	// One parallel region for the whole step (the stages' own nest in it).
	w.par.begin()

	w.clearTeleported()
	w.staticTree() // made here, serially, if the slabs changed: the stages share it
	w.fastBodies.Store(0)
	w.applyInputs(inputs, dt)
	if len(w.mv.list) > 0 {
		w.advanceMovers(dt)
	}
	if len(w.springs) > 0 {
		w.applySprings(dt)
	}
	p.Inputs = sw.lap()

	w.prepareBodies(dt)
	p.PrepareBodies = sw.lap()

	w.updatePairs()
	if len(w.mv.list) > 0 {
		w.moverPairs()
	}
	p.Broadphase = sw.lap()

	w.collide(dt)
	p.Narrowphase = sw.lap()

	// The solver laps its passes on sw into p.SolverStages; the last lap
	// ends where the solver does, so Solver is their sum exactly.
	w.solve(dt, &sw)
	p.Solver = p.SolverStages.Sum()

	w.continuous(dt)
	w.checkMotion()
	p.Continuous = sw.lap()

	w.updateSleep(dt)
	p.Sleep = sw.lap()

	w.detectTunnels()
	p.Oracle = sw.lap()
	w.par.end()

	w.tick++
	w.events.stampTicks()
	p.Total = p.Inputs + p.PrepareBodies + p.Broadphase + p.Narrowphase + p.Solver + p.Continuous + p.Sleep + p.Oracle
}

// clearTeleported clears last step's teleport flags before this step's
// inputs may set them. The other per-step flags (touching, fast) are
// cleared by prepareBodies, which writes every body's record anyway,
// rather than by a pass of their own over every record.
func (w *World) clearTeleported() {
	for _, i := range w.teleported {
		w.bodies[i].flags &^= flagTeleported
	}
	w.teleported = w.teleported[:0]
}

// noteTeleported rebuilds the list of teleported bodies from their flags
// (World.Restore: a snapshot keeps the flags, not the list).
func (w *World) noteTeleported() {
	w.teleported = w.teleported[:0]
	for i := range w.bodies {
		if w.bodies[i].flags&flagTeleported != 0 {
			w.teleported = append(w.teleported, int32(i))
		}
	}
}

// Profile holds the last step's stage timings in nanoseconds, read from
// WorldDef.Clock. Each field is named for the stage of World.Step it times
// (step.go), in the order they run; Solver is broken down further in
// SolverStages, as Box2D v3's b2Profile does. It is a value for plots and
// reports and never feeds back into the simulation.
//
// Where two stages share a pass over the bodies, the pass is timed where
// it runs: the catch of bodies the substeps moved too far is in the
// solver's StoreImpulses, and the oracle's marks of which bodies to look
// at are in Continuous, with the centre guard, but for the bodies whose
// path meets no slab, whose marks are made in StoreImpulses too.
type Profile struct {
	Inputs        int64 // applying this tick's inputs
	PrepareBodies int64 // start-of-step poses, world inertia, which bodies need continuous collision
	Broadphase    int64 // fat-box pairs (broadphase.go)
	Narrowphase   int64 // contact manifolds (manifold.go)
	Solver        int64 // the whole contact solver: the sum of SolverStages
	Continuous    int64 // sweeps and the centre guard (continuous.go, guard.go)
	Sleep         int64
	Oracle        int64 // tunnelling oracle
	Total         int64 // the sum of the stages above

	// SolverStages splits Solver by pass, each summed over the substeps
	// (and over the solver's blocks, solver_blocks.go: on several workers
	// the small blocks' passes run at once, and their wall time is split
	// over the passes in proportion to the time each took on its worker).
	SolverStages SolverProfile
}

// SolverProfile is the contact solver's time by pass, in nanoseconds,
// each summed over the step's substeps (contact_solver.go). The names are
// Box2D v3's b2Profile's.
type SolverProfile struct {
	PrepareContacts     int64 // active set, graph colouring, constraints built
	IntegrateVelocities int64 // gravity and damping into the velocities (first substep)
	// WarmStart: the impulses re-applied; from the second substep on, one
	// pass over the bodies that also integrates gravity (body_state.go).
	WarmStart          int64
	SolveContacts      int64 // the biased (soft) iteration
	IntegratePositions int64 // poses moved by the velocities
	RelaxContacts      int64 // the iteration without bias
	Restitution        int64
	StoreImpulses      int64 // impulses back to the contact cache
}

// Sum is the solver's total time, ns.
func (s SolverProfile) Sum() int64 {
	return s.PrepareContacts + s.IntegrateVelocities + s.WarmStart + s.SolveContacts +
		s.IntegratePositions + s.RelaxContacts + s.Restitution + s.StoreImpulses
}

// Add sums q into p, field by field: a frame's profile is the sum of its
// steps'.
func (p *Profile) Add(q Profile) {
	p.Inputs += q.Inputs
	p.PrepareBodies += q.PrepareBodies
	p.Broadphase += q.Broadphase
	p.Narrowphase += q.Narrowphase
	p.Solver += q.Solver
	p.Continuous += q.Continuous
	p.Sleep += q.Sleep
	p.Oracle += q.Oracle
	p.Total += q.Total
	s, t := &p.SolverStages, q.SolverStages
	s.PrepareContacts += t.PrepareContacts
	s.IntegrateVelocities += t.IntegrateVelocities
	s.WarmStart += t.WarmStart
	s.SolveContacts += t.SolveContacts
	s.IntegratePositions += t.IntegratePositions
	s.RelaxContacts += t.RelaxContacts
	s.Restitution += t.Restitution
	s.StoreImpulses += t.StoreImpulses
}

// stopwatch reads the injected clock; with no clock every lap is zero.
type stopwatch struct {
	clock func() int64
	last  int64
}

func (s *stopwatch) start(clock func() int64) {
	s.clock = clock
	if clock != nil {
		s.last = clock()
	}
}

// lap returns the nanoseconds since the previous lap (or start).
func (s *stopwatch) lap() int64 {
	if s.clock == nil {
		return 0
	}
	now := s.clock()
	d := now - s.last
	s.last = now
	return d
}
