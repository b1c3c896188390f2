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
// The step is a pipeline of named stages: World.Step in step.go is the
// list, beside Profile, their timings. Every file, by what it holds; first
// the stages:
//
//	input.go           this tick's inputs (fire, teleport, CCD toggle, rate)
//	joints.go          the mouse joint (drag) and springs
//	movers.go          kinematic boxes posed by tick, their contacts and
//	                   the sweeps against them; mover_path.go their paths
//	integrate.go       prev := curr, world inertia, which bodies are swept;
//	                   the substeps' passes over the bodies, and how fast
//	                   each moved in the step (BodyView.StepSpeed)
//	broadphase.go      pairs of overlapping fat boxes, from kept candidates
//	broadphase_grid.go the grid search for them
//	manifold.go        SAT box-box and box-slab manifolds with face clipping
//	manifold_reuse.go  a pair's manifold this step: kept for a resting
//	                   contact (skipping the SAT), tested on the face that
//	                   kept an empty pair apart, or made afresh, then
//	                   warm-started from the last
//	contacts.go        the contact cache: warm starting, begin/end events
//	continuous.go      swept-bound CCD against slabs and (for bullets) bodies
//	guard.go           keeps centres out of slabs they were pushed into, and
//	                   the box of a centre's path
//	sleep.go           islands at rest for 0.5 s fall asleep
//	oracle.go          the independent tunnelling oracle
//
// The contact solver (contact_solver.go says how it works; where is a
// contact solved: solver_stages.go, runStage):
//
//	contact_solver.go  the step's solver: softness, the active manifolds,
//	                   warm start, restitution, impulses stored; substeps
//	solver_blocks.go   islands (shared with sleep), graph colours, and the
//	                   blocks the islands are packed into
//	solver_places.go   each constraint's place in the solver's arrays, and
//	                   its place last step (to copy it from there)
//	solver_stages.go   the driver: the stage enum, solveBlock, runStage
//	constraint.go      the constraints, built from the manifolds (prepare)
//	contact_rows.go    the contact math, scalar: normal rows, friction
//	wide.go            the contact math four lanes at a time (AVX2 build)
//	floatw.go          the four lanes in scalars (the default build)
//	floatw_simd.go     the four lanes on AVX2 (GOEXPERIMENT=simd, amd64)
//	body_state.go      the solver's copy of the bodies; the later substeps'
//	                   warm start as a pass over them (rewarm)
//	workers.go         the world's workers, with results identical bit for
//	                   bit to one worker
//
// Around them:
//
//	world.go                  storage, handles, per-step buffers, World.Close
//	defs.go                   definitions, defaults, validation
//	box_tree.go               the slabs' bounding-volume tree, which the
//	                          broadphase, CCD, the guard and the oracle query,
//	                          and the tree of the bodies a bullet's sweep may hit
//	views.go                  read-only results: poses, events
//	state.go                  state: save, restore and hash
//	debugdraw.go              debug lines, springs included
//	mathutil.go               vectors, matrices, quaternions; sinCos (the
//	                          same on every architecture); stable radix sorts
//	doc.go                    this map
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
