package session

import (
	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// PendingCCD is what CCD will be once the queued inputs are applied (a
// switch queued this frame shows before its tick comes).
func (s *Session) PendingCCD() bool {
	on := s.world.CCD()
	for _, in := range s.pending {
		if in.Kind == physics.InputSetCCD {
			on = in.Enabled
		}
	}
	return on
}

// BodiesAhead is how many bodies the world will hold once the queued fires
// and the scene's scripted fires still to come have been applied: what a
// bound on the bodies (scene.MaxBodies) must allow for before one more
// shot is queued.
func (s *Session) BodiesAhead() int {
	n := s.world.NumBodies()
	for _, in := range s.pending {
		if in.Kind == physics.InputFire {
			n++
		}
	}
	tick := s.world.Tick()
	for _, ev := range s.sc.Events {
		if ev.Kind == scene.EventFire && ev.Tick >= tick {
			n++
		}
	}
	return n
}
