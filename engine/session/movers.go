package session

import "fmt"

// placeMovers is the per-frame anti-pattern (Options.MoversPerFrame): the
// movers are put where their paths are at the display time, once per
// frame, before the frame's steps, whatever ticks those steps are at. In
// the default mode the step poses them by tick and this does nothing.
func (s *Session) placeMovers(frameSeconds float64) {
	if !s.world.MoversPerFrame() || s.world.NumMovers() == 0 {
		return
	}
	s.moverSeconds += frameSeconds
	s.world.SetMoverTime(s.moverSeconds)
}

// MoversPerFrame reports whether the session moves its movers per display
// frame (the anti-pattern) rather than per step.
func (s *Session) MoversPerFrame() bool { return s.world.MoversPerFrame() }

// MoverModes are the -movers values: "step" (the default: the pose at
// tick t is the path's at t) and "per-frame" (the anti-pattern).
var MoverModes = []string{"step", "per-frame"}

// ParseMoverMode reads a -movers value and reports whether it is the
// per-frame mode.
func ParseMoverMode(s string) (perFrame bool, err error) {
	switch s {
	case "step":
		return false, nil
	case "per-frame":
		return true, nil
	}
	return false, fmt.Errorf("-movers %q: want step or per-frame", s)
}

// MoverModeName is the -movers spelling of a mode.
func MoverModeName(perFrame bool) string { return MoverModes[b2i(perFrame)] }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
