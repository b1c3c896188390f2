// Package ccd holds the continuous-collision math of the sandbox: swept
// axis-aligned boxes against boxes by the slab method (Sweep), the half
// extents that enclose a box spinning by a known angle over a step
// (SpinExtent), the world extent of an oriented box (OrientedExtent), and
// the segment-versus-box tests that the tunnelling oracle uses
// (SegmentCrossesBox, SegmentFaces).
//
// Everything here is pure float64 arithmetic on values: no allocation, no
// state, no randomness, so the physics step can call it from its hot loop and
// stay deterministic.
//
// Conventions shared by every function:
//   - Boxes are closed sets, but a "hit" or "overlap" means their interiors
//     overlap. Touching faces, edges or corners are not an impact; this is what
//     lets a box slide along the ground (moving parallel to a face it touches)
//     without being stopped at t = 0 every step.
//   - Times are fractions of the step's motion, in [0, 1].
//   - A NaN anywhere in the input of a sweep or of SegmentCrossesBox reports
//     no impact, never a NaN time. Infinite box bounds are allowed.
package ccd
