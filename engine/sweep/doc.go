// Package sweep measures how often fast boxes tunnel through static slabs
// over a grid of speeds, slab thicknesses, physics rates, spins, shapes and
// CCD settings: the numbers behind `sandbox sweep`.
//
// One cell of the grid is one combination of those six settings. It fires
// Trials projectiles, one at a time, each in a world of its own that holds
// nothing but the slab (restored from a snapshot between trials, so that no
// trial can disturb another and none allocates a new world). The starts are
// spread evenly over one step's travel, so the slab is met at every phase of
// the step, and tilted by a few degrees; a cell's offsets come from a PRNG
// seeded by the sweep's seed and the cell's index only, never from
// scheduling, so a sweep's result is the same for any number of workers.
//
// Each trial runs until the projectile, had nothing stopped it, would have
// cleared the slab by a body length, plus SettleSteps more steps for the
// contact solver to push out a body left overlapping the slab. Its outcome
// (tunnelled, stopped in front, embedded) is then read from geometry (see
// Classify), and the world's own counters (tunnels, CCD hits) are kept beside
// it. Gravity is off: over the few steps of a trial it would only bend the
// path by micrometres, and leaving it out keeps every cell aimed at the same
// point of the slab.
package sweep
