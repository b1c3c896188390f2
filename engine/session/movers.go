package session

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
