package session

import (
	"fmt"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// Rate is a session's physics rate: fixed steps per second and the
// solver's substeps per step. A window changes it live (the panel) and a
// headless run by flag; either way the world keeps its state, and the
// change is an input of the step it applies at (physics.InputSetRate), so
// that recordings hold it and replays make it at the same tick.
type Rate struct {
	Hz       float64 // steps per second, scene.MinPhysicsHz..scene.MaxPhysicsHz
	Substeps int     // 1..physics.MaxSubsteps
}

// SceneRate is the rate sc asks for.
func SceneRate(sc *scene.Scene) Rate {
	return Rate{Hz: sc.PhysicsHz, Substeps: scene.SubstepsOf(sc.SolverIterations)}
}

// Validate names the first value out of range.
func (r Rate) Validate() error {
	if !(r.Hz >= scene.MinPhysicsHz && r.Hz <= scene.MaxPhysicsHz) {
		return fmt.Errorf("physics rate %v Hz: must be in %g..%g Hz", r.Hz, float64(scene.MinPhysicsHz), float64(scene.MaxPhysicsHz))
	}
	if r.Substeps < 1 || r.Substeps > physics.MaxSubsteps {
		return fmt.Errorf("substeps %d: must be in 1..%d", r.Substeps, physics.MaxSubsteps)
	}
	return nil
}

// Rate is the rate the world steps at now.
func (s *Session) Rate() Rate { return s.rate }

// PendingRate is the rate from the next step on: the last change queued,
// or the current rate.
func (s *Session) PendingRate() Rate {
	r := s.rate
	for _, in := range s.pending {
		if in.Kind == physics.InputSetRate {
			r = Rate{Hz: in.StepHz, Substeps: in.Substeps}
		}
	}
	return r
}

// SetRate changes the rate from the next step on, resetting nothing: the
// loop steps the time it owes at the new rate from its next frame (its
// Time goes on), and the world keeps every body and contact. The change
// is queued as an input for the next tick boundary (recorded, replayed).
func (s *Session) SetRate(r Rate) error {
	if err := r.Validate(); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	if r == s.PendingRate() {
		return nil
	}
	// The loop now, so that the next frame's steps are counted at the new
	// rate; the world's dt and substeps when the input applies.
	if err := s.loop.SetStepSeconds(1 / r.Hz); err != nil {
		return err
	}
	s.Queue(physics.Input{Kind: physics.InputSetRate, StepHz: r.Hz, Substeps: r.Substeps})
	return nil
}

// applyRates takes the rate changes among this step's inputs: the step's
// dt, and the loop's step when a replayed change arrives inside a frame.
// (The world takes the substeps from the input itself.)
func (s *Session) applyRates(ins []physics.Input) {
	for i := range ins {
		if in := &ins[i]; in.Kind == physics.InputSetRate && (Rate{Hz: in.StepHz, Substeps: in.Substeps}).Validate() == nil {
			s.useRate(Rate{Hz: in.StepHz, Substeps: in.Substeps})
		}
	}
}

// useRate makes r the rate of the session, its loop and its world at once
// (an input applying, a rewind restoring the rate of the tick it goes to).
func (s *Session) useRate(r Rate) {
	s.rate = r
	s.dt = 1 / r.Hz
	_ = s.loop.SetStepSeconds(s.dt) // valid: the rate was checked
	s.world.SetSubsteps(r.Substeps)
}
