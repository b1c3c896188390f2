package physics

// MaxSubsteps is the most solver substeps a step may take: WorldDef's
// SolverIterations range, 1..64, counts two velocity iterations per
// substep (contact_solver.go).
const MaxSubsteps = 32

// Substeps is how many substeps the solver divides each step into.
func (w *World) Substeps() int { return w.substeps() }

// SetSubsteps sets the solver's substeps per step, 1..MaxSubsteps, from
// the next step on (InputSetRate does the same as a step's input); other
// values are ignored. Nothing else changes: the contact cache keeps its
// impulses, which warm-start the next step at the new count.
func (w *World) SetSubsteps(n int) {
	if n >= 1 && n <= MaxSubsteps && n != w.substeps() {
		w.def.SolverIterations = 2 * n
	}
}
