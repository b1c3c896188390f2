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
//	input.go          apply this tick's inputs (fire, teleport, CCD toggle)
//	integrate.go      prev := curr, world inertia, which bodies are swept
//	broadphase.go     pairs of overlapping fat boxes, from kept candidates
//	                  (broadphase_grid.go: the grid search for them)
//	manifold.go       SAT box-box and box-slab manifolds with face clipping
//	contacts.go       the contact cache: warm starting, begin/end events
//	                  (manifold_reuse.go: resting contacts skip the SAT)
//	contact_solver.go soft-step sequential impulses, friction, restitution
//	                  (constraint.go, graph_color.go, contact_rows.go)
//	continuous.go     swept-bound CCD against slabs and (for bullets) bodies
//	sleep.go          islands at rest for 0.5 s fall asleep
//	oracle.go         the independent tunnelling oracle
//
// workers.go spreads the independent parts (narrowphase pairs, bodies, the
// constraints of one graph colour) over WorldDef.Workers goroutines with
// results identical bit for bit to one worker.
//
// Around them: defs.go (definitions, defaults, validation), world.go
// (storage), views.go and events.go (read-only results), hash.go,
// snapshot.go, profile.go and debugdraw.go.
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
