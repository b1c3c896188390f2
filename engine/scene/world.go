package scene

import (
	"fmt"

	"sandbox/engine/physics"
)

// WorldDef is the physics world definition the scene asks for; clock is
// passed through to WorldDef.Clock (monotonic ns for Profile; nil = none).
func (s *Scene) WorldDef(clock func() int64) physics.WorldDef {
	def := physics.DefaultWorldDef()
	def.Gravity = s.Gravity
	def.CCD = s.CCD
	def.Sleep = s.Sleep
	def.SolverIterations = s.SolverIterations
	for _, set := range physics.SolverSettings() {
		*set.Get(&def) = *set.Get(&s.Solver)
	}
	def.Clock = clock
	if s.Workers > 0 {
		def.Workers = s.Workers
	}
	return def
}

// NewWorld builds a fresh world at tick 0: the statics, then the bodies, in
// file order (so body i of the world is Bodies[i]). Scripted projectiles are
// not created here; NewScript's inputs fire them at their ticks. An error
// can only come from a rule physics has and the loader does not; it names
// the file and the entry.
func (s *Scene) NewWorld(clock func() int64) (*physics.World, error) {
	w, err := physics.NewWorld(s.WorldDef(clock))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.File, err)
	}
	for i, st := range s.Statics {
		if _, err := w.AddStatic(st); err != nil {
			return nil, fmt.Errorf("%s: statics[%d]: %v", s.File, i, err)
		}
	}
	ids := make([]physics.BodyID, len(s.Bodies))
	for i, b := range s.Bodies {
		id, err := w.AddBody(b)
		if err != nil {
			return nil, fmt.Errorf("%s: bodies[%d]: %v", s.File, i, err)
		}
		ids[i] = id
	}
	for i, m := range s.Movers {
		if _, err := w.AddMover(m); err != nil {
			return nil, fmt.Errorf("%s: movers[%d]: %v", s.File, i, err)
		}
	}
	if err := s.addSprings(w, ids); err != nil {
		return nil, err
	}
	return w, nil
}
