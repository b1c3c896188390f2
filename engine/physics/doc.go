// Package physics simulates oriented boxes (dynamic bodies) among axis-aligned
// static slabs with a fixed-step rigid-body pipeline.
//
// One call to World.Step is the whole contract: the same world state, the same
// tick-stamped inputs and the same dt give the same result, bit for bit. The
// step never reads the wall clock, global randomness or render state; the only
// clock it may touch is the one injected through WorldDef.Clock, and only to
// fill Profile. Nothing in the step iterates a map; every sort is a stable
// radix sort or has explicit tie-breaks; products that a fused multiply-add
// could change on another architecture are rounded explicitly (float64(a*b)).
//
// The step is a pipeline of named stages, each in its own file (World.Step in
// step.go is the list):
//
//	input.go          apply this tick's inputs (fire, teleport, CCD toggle,
//	                  rate); drag.go: the mouse joint; spring.go: springs
//	movers.go         kinematic boxes posed by tick (mover_path.go), their
//	                  pairs (mover_pairs.go) and sweeps (mover_ccd.go)
//	integrate.go      prev := curr, world inertia, which bodies are swept
//	broadphase.go     pairs of overlapping fat boxes, from kept candidates
//	                  (broadphase_grid.go: the grid search for them)
//	manifold.go       SAT box-box and box-slab manifolds with face clipping
//	contacts.go       the contact cache: warm starting, begin/end events
//	                  (manifold_reuse.go: resting contacts skip the SAT)
//	contact_solver.go soft-step sequential impulses, friction, restitution
//	                  (constraint.go, contact_rows.go, friction_iso.go;
//	                  graph_color.go colours the big islands, solver_blocks.go
//	                  and block_solve.go run the small ones block by block,
//	                  rewarm.go warms the later substeps, substeps.go bounds
//	                  them; wide.go, wide_rows.go, floatw.go and
//	                  floatw_simd.go are the AVX2 build's four-lane form)
//	continuous.go     swept-bound CCD against slabs and (for bullets) bodies
//	                  (bullet_index.go: the bodies a bullet may hit)
//	guard.go          keeps centres out of slabs they were pushed into
//	                  (path_box.go: the box of a centre's path)
//	sleep.go          islands at rest for 0.5 s fall asleep
//	oracle.go         the independent tunnelling oracle
//
// Static slabs sit in a bounding-volume tree (box_tree.go, static_index.go)
// that the broadphase, CCD, the guard and the oracle query in slab order.
// workers.go spreads the independent parts (narrowphase pairs, bodies, the
// constraints of one graph colour) over WorldDef.Workers goroutines with
// results identical bit for bit to one worker.
//
// Around them: defs.go and defs_check.go (definitions, defaults,
// validation), world.go and ids.go (storage, handles), scratch.go and
// grow.go (per-step buffers), views.go and events.go (read-only results),
// hash.go, snapshot.go and snapshot_into.go (state), profile.go,
// debugdraw.go and spring_draw.go, and the math: mathutil.go, trig.go
// (sinCos, the same on every architecture), radix.go (stable sorts).
//
// Storage follows Box2D v3: bodies are parallel slices in creation order (a
// cold record with pose, shape and material; a solverBody with velocities,
// inverse mass and world inverse inertia), statics are their own set, and
// every per-step buffer lives in the world and is reused, so a warm step
// allocates nothing. The solver's passes work on a compact copy of the
// bodies' velocities (bodyState, 96 bytes, body_state.go), with the masses
// in the constraints.
//
// Units: metres, kilograms, seconds, radians; right-handed, y up.
package physics
