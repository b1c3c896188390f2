package physics

import "math"

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
