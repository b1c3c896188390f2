package physics

// The warm start of every substep after the first is a pass over the bodies,
// not over the constraints.
//
// A substep's warm start applies M^-1 J^T L for the accumulated impulses L
// of every constraint. Its passes then apply M^-1 J^T dL for each change dL
// of those impulses (the clamps act on the accumulated values; what reaches
// the bodies is always the change). So by the end of substep k the
// constraints have changed each body's velocity by M^-1 J^T L_k in all, L_k
// being the impulses at that end: exactly what substep k+1's warm start
// would apply, since the Jacobians and masses are fixed for the step and
// nothing else changes a velocity between the warm start and the end of the
// relax pass (gravity and damping come before the warm start, restitution
// after the last substep). So the later substeps re-apply each body's
// velocity change over the previous substep, v_end - v_start, where v_start
// is its velocity after gravity and before the warm start (kept in
// sol.start), in the same pass as gravity (integrateVelocities with
// sol.rewarm).
//
// That equals the warm start to rounding, not to the bit: the sum of the
// changes is rounded differently from the product of the sums. What it
// saves: a warm-start pass streams the 5,050 pyramid's 14,950 constraints
// (6 MB); this streams its bodies (0.7 MB), with the velocity integration
// it replaces folded in.

// velocities is a body's linear and angular velocity.
type velocities struct{ v, w sv }
