package frametrace

import "sandbox/engine/loop"

// Summary is what one run of a trace through the loop comes to.
type Summary struct {
	Frames int `json:"frames"`
	// WallSeconds is the display time fed (the frames' seconds summed);
	// PhysicsSeconds the time simulated (ticks x step); LostSeconds the
	// difference: dropped time plus what is left in the accumulator.
	WallSeconds    float64 `json:"wall_seconds"`
	PhysicsSeconds float64 `json:"physics_seconds"`
	LostSeconds    float64 `json:"lost_seconds"`
	LostFraction   float64 `json:"lost_fraction"`
	DroppedSeconds float64 `json:"dropped_seconds"`
	ClampedSeconds float64 `json:"clamped_seconds"`
	CappedSeconds  float64 `json:"capped_seconds"`
	Ticks          uint64  `json:"ticks"`
	MaxSteps       int     `json:"max_steps_in_a_frame"`
	// StepsHistogram[k] counts the frames that ran k steps, k = 0..N.
	StepsHistogram []int `json:"steps_histogram"`
	// Longest runs of consecutive frames with no step, and with 2 or more.
	LongestZeroStepRun  int `json:"longest_zero_step_run"`
	LongestMultiStepRun int `json:"longest_multi_step_run"`
	// CappedFrames counts the frames that hit MaxStepsPerFrame with time
	// still owed.
	CappedFrames int `json:"capped_frames"`
	// Spiralled: in the last tenth of the frames (at least 10, at most
	// 600) every frame ran MaxStepsPerFrame steps and time was dropped: the
	// loop is pinned at its cap, and what it cannot run it throws away.
	Spiralled bool `json:"spiralled"`
}

// Summarize adds up frames run with cfg.
func Summarize(frames []Frame, cfg loop.Config) Summary {
	s := Summary{Frames: len(frames), StepsHistogram: make([]int, cfg.MaxStepsPerFrame+1)}
	if cfg.MaxStepsPerFrame > 1000 {
		s.StepsHistogram = nil // no cap: grown as needed below
	}
	ticks := 0
	for _, f := range frames {
		s.WallSeconds += f.Seconds
		s.ClampedSeconds += f.Clamped
		s.CappedSeconds += f.Capped
		ticks += f.Steps
		s.MaxSteps = max(s.MaxSteps, f.Steps)
		for len(s.StepsHistogram) <= f.Steps {
			s.StepsHistogram = append(s.StepsHistogram, 0)
		}
		s.StepsHistogram[f.Steps]++
		if f.Capped > 0 {
			s.CappedFrames++
		}
	}
	s.LongestZeroStepRun, s.LongestMultiStepRun = longestRuns(frames)
	s.Ticks = uint64(ticks)
	s.PhysicsSeconds = float64(ticks) * cfg.StepSeconds
	s.DroppedSeconds = s.ClampedSeconds + s.CappedSeconds
	s.LostSeconds = s.WallSeconds - s.PhysicsSeconds
	if s.WallSeconds > 0 {
		s.LostFraction = s.LostSeconds / s.WallSeconds
	}
	tail := min(max(len(frames)/10, 10), 600)
	if len(frames) >= tail {
		pinned, dropped := true, false
		for _, f := range frames[len(frames)-tail:] {
			pinned = pinned && f.Steps == cfg.MaxStepsPerFrame
			dropped = dropped || f.Capped > 0
		}
		s.Spiralled = pinned && dropped
	}
	return s
}

// longestRuns returns the longest runs of 0-step frames and of 2+-step frames.
func longestRuns(frames []Frame) (zero, multi int) {
	z, m := 0, 0
	for _, f := range frames {
		if f.Steps == 0 {
			z++
		} else {
			z = 0
		}
		if f.Steps >= 2 {
			m++
		} else {
			m = 0
		}
		zero, multi = max(zero, z), max(multi, m)
	}
	return zero, multi
}
