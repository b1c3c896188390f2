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
	u := newSummer(len(frames), cfg)
	for _, f := range frames {
		u.add(f)
	}
	return u.done()
}

// summer adds up a run of n frames one frame at a time (Summarize without
// the frames kept).
type summer struct {
	s               Summary
	cfg             loop.Config
	n, i            int
	ticks           int
	zero, multi     int // current runs of 0-step and 2+-step frames
	tailFrom        int // the first frame of the tail Spiralled looks at
	pinned, dropped bool
}

func newSummer(n int, cfg loop.Config) *summer {
	u := &summer{cfg: cfg, n: n, pinned: true}
	u.s.StepsHistogram = make([]int, cfg.MaxStepsPerFrame+1)
	if cfg.MaxStepsPerFrame > 1000 {
		u.s.StepsHistogram = nil // no cap: grown as needed
	}
	u.tailFrom = n - min(max(n/10, 10), 600)
	return u
}

func (u *summer) add(f Frame) {
	s := &u.s
	s.WallSeconds += f.Seconds
	s.ClampedSeconds += f.Clamped
	s.CappedSeconds += f.Capped
	u.ticks += f.Steps
	s.MaxSteps = max(s.MaxSteps, f.Steps)
	for len(s.StepsHistogram) <= f.Steps {
		s.StepsHistogram = append(s.StepsHistogram, 0)
	}
	s.StepsHistogram[f.Steps]++
	if f.Capped > 0 {
		s.CappedFrames++
	}
	if f.Steps == 0 {
		u.zero++
	} else {
		u.zero = 0
	}
	if f.Steps >= 2 {
		u.multi++
	} else {
		u.multi = 0
	}
	s.LongestZeroStepRun = max(s.LongestZeroStepRun, u.zero)
	s.LongestMultiStepRun = max(s.LongestMultiStepRun, u.multi)
	if u.i >= u.tailFrom {
		u.pinned = u.pinned && f.Steps == u.cfg.MaxStepsPerFrame
		u.dropped = u.dropped || f.Capped > 0
	}
	u.i++
}

// done is the Summary of the frames added.
func (u *summer) done() Summary {
	s := u.s
	s.Frames = u.i
	s.Ticks = uint64(u.ticks)
	s.PhysicsSeconds = float64(u.ticks) * u.cfg.StepSeconds
	s.DroppedSeconds = s.ClampedSeconds + s.CappedSeconds
	s.LostSeconds = s.WallSeconds - s.PhysicsSeconds
	if s.WallSeconds > 0 {
		s.LostFraction = s.LostSeconds / s.WallSeconds
	}
	// Spiralled looks at the last tenth of the frames (at least 10).
	s.Spiralled = u.tailFrom >= 0 && u.i == u.n && u.pinned && u.dropped
	return s
}
