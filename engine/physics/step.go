package physics

import "math"

// Step advances the world by dt seconds (> 0 and finite; other values leave
// the world untouched). The stages run in a fixed order:
//
//  1. apply this tick's inputs, in order (fire, teleport, CCD toggle, drag);
//  2. prev := curr for every body;
//  3. prepare bodies: world inertia, which bodies need continuous collision;
//  4. broadphase: candidate pairs;
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

	w.clearStepFlags()
	w.fastBodies.Store(0)
	w.applyInputs(inputs, dt)
	p.Inputs = sw.lap()

	w.prepareBodies(dt)
	p.PrepareBodies = sw.lap()

	w.updatePairs(dt)
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
	p.Total = p.Inputs + p.PrepareBodies + p.Broadphase + p.Narrowphase + p.Solver + p.Continuous + p.Sleep + p.Oracle
}

// clearStepFlags resets the per-step body flags before inputs may set them
// (over the workers: it writes a line of every body's record).
func (w *World) clearStepFlags() {
	w.par.run(len(w.bodies), bodyChunk, w.fnClearFlags)
}

// clearFlagsRange is clearStepFlags for bodies [lo, hi).
func (w *World) clearFlagsRange(lo, hi int) {
	for i := lo; i < hi; i++ {
		w.bodies[i].flags &^= flagTeleported | flagTouching | flagFast
	}
}
