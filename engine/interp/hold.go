package interp

// StepHold is the blend policy around a single step taken while paused
// (the window's N). The loop keeps its alpha while paused, so the new step
// would be drawn partway back toward the pose before it; instead the
// step's end is drawn until the loop runs again. The zero value holds
// nothing.
type StepHold struct{ held bool }

// Alpha is the blend factor a frame is drawn at: the loop's alpha, or
// while holding, the step's end in mode m (blend 1 for the modes that
// blend prev to curr, 0 for extrapolation: curr plus nothing). paused and
// steps are the loop's state and the steps the frame ran: a step while
// paused starts holding, running unpaused ends it.
func (h *StepHold) Alpha(m Mode, alpha float64, paused bool, steps int) float64 {
	if !paused {
		h.held = false
		return alpha
	}
	if steps > 0 {
		h.held = true
	}
	if !h.held {
		return alpha
	}
	if m == Extrapolate {
		return 0
	}
	return 1
}

// Hold draws the step's end from now on, until the loop runs again (a
// paused session moved to another tick).
func (h *StepHold) Hold() { h.held = true }

// Held reports whether the step's end is being drawn rather than a blend.
func (h *StepHold) Held() bool { return h.held }
