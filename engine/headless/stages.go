package headless

import "sandbox/engine/physics"

// StageMicros is the report's stage_micros: the mean wall time per step
// of each stage of the physics step (physics.Profile, the panel's stage
// plot), µs, and the contact solver's passes in SolverStages. Like
// step_micros it is wall time, not deterministic; it is absent when the
// run has no clock.
type StageMicros struct {
	Inputs        float64 `json:"inputs"`
	PrepareBodies float64 `json:"prepare_bodies"`
	Broadphase    float64 `json:"broadphase"`
	Narrowphase   float64 `json:"narrowphase"`
	Solver        float64 `json:"solver"` // the sum of solver_stages
	Continuous    float64 `json:"continuous"`
	Sleep         float64 `json:"sleep"`
	Oracle        float64 `json:"oracle"`
	Total         float64 `json:"total"` // the sum of the stages above
	SolverStages  struct {
		PrepareContacts     float64 `json:"prepare_contacts"`
		IntegrateVelocities float64 `json:"integrate_velocities"`
		WarmStart           float64 `json:"warm_start"`
		SolveContacts       float64 `json:"solve_contacts"`
		IntegratePositions  float64 `json:"integrate_positions"`
		RelaxContacts       float64 `json:"relax_contacts"`
		Restitution         float64 `json:"restitution"`
		StoreImpulses       float64 `json:"store_impulses"`
	} `json:"solver_stages"`
}

// stageMeans returns the mean per step of sum, the profiles of steps
// steps added up (nil for none).
func stageMeans(sum physics.Profile, steps uint64) *StageMicros {
	if steps == 0 {
		return nil
	}
	us := func(ns int64) float64 { return float64(ns) / float64(steps) / 1e3 }
	m := &StageMicros{
		Inputs: us(sum.Inputs), PrepareBodies: us(sum.PrepareBodies),
		Broadphase: us(sum.Broadphase), Narrowphase: us(sum.Narrowphase),
		Solver: us(sum.Solver), Continuous: us(sum.Continuous),
		Sleep: us(sum.Sleep), Oracle: us(sum.Oracle), Total: us(sum.Total),
	}
	s, t := &m.SolverStages, sum.SolverStages
	s.PrepareContacts, s.IntegrateVelocities = us(t.PrepareContacts), us(t.IntegrateVelocities)
	s.WarmStart, s.SolveContacts = us(t.WarmStart), us(t.SolveContacts)
	s.IntegratePositions, s.RelaxContacts = us(t.IntegratePositions), us(t.RelaxContacts)
	s.Restitution, s.StoreImpulses = us(t.Restitution), us(t.StoreImpulses)
	return m
}
