package headless

import (
	"math"
	"testing"
)

// stage_micros is the mean per step of each stage of the physics step, on
// the run's clock: the stages add up to the total, the solver's passes to
// the solver, and the total stays within the step times' mean (timed on
// the same clock around the same stages). Without a clock it is absent.
func TestStageMicros(t *testing.T) {
	sc := mustScene(t, "drop")
	var clock int64
	rep := mustRun(t, Options{Scene: sc, Display: DisplayDef{Hz: 60}, Ticks: 120,
		Clock: func() int64 { clock += 1000; return clock }})
	m := rep.StageMicros
	if m == nil {
		t.Fatal("no stage_micros in a run with a clock")
	}
	near := func(what string, got, want float64) {
		if math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s: %v, want %v", what, got, want)
		}
	}
	near("the stages' sum", m.Inputs+m.PrepareBodies+m.Broadphase+m.Narrowphase+m.Solver+m.Continuous+m.Sleep+m.Oracle, m.Total)
	s := m.SolverStages
	near("the solver's passes' sum", s.PrepareContacts+s.IntegrateVelocities+s.WarmStart+s.SolveContacts+
		s.IntegratePositions+s.RelaxContacts+s.Restitution+s.StoreImpulses, m.Solver)
	if m.Narrowphase <= 0 || s.SolveContacts <= 0 || m.Total > rep.StepMicros.Mean {
		t.Errorf("narrowphase %v, solve %v, total %v against a mean step of %v µs: want the first two above 0, the total within the step",
			m.Narrowphase, s.SolveContacts, m.Total, rep.StepMicros.Mean)
	}
	if rep := mustRun(t, Options{Scene: sc, Display: DisplayDef{Hz: 60}, Ticks: 10}); rep.StageMicros != nil {
		t.Errorf("stage_micros %+v in a run without a clock", rep.StageMicros)
	}
}
