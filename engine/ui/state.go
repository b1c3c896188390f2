package ui

import (
	"sandbox/engine/frames"
	"sandbox/engine/interp"
)

// The combo boxes' entries, NUL separated as ImGui wants them, in the order
// of frames.Target and interp.Mode: the panel edits those types directly,
// so the H and I cycles and their names live in one place each.
var (
	rateItems   = comboItems(frames.Native, frames.Uncapped, frames.Target.String)
	interpItems = "off\x00lerp + nlerp\x00lerp + slerp\x00extrapolate\x00"
)

// comboItems joins the names of first..last for an ImGui combo.
func comboItems[T ~uint8](first, last T, name func(T) string) string {
	var s string
	for t := first; t <= last; t++ {
		s += name(t) + "\x00"
	}
	return s
}

// Limits of the panel's sliders.
const (
	MinTimeScale = 0.05    // slowest slow motion
	MaxTimeScale = 2.0     // fastest fast forward
	MinShotSpeed = 10.0    // m/s
	MaxShotSpeed = 20000.0 // m/s
	MinShotSize  = 0.02    // m, edge length of the fired cube (plate's long edge)
	MaxShotSize  = 2.0     // m
)

// PanelState is everything the panel shows and edits. The app fills it,
// calls (*UI).Panel once a frame, then reads back what the user changed:
// settings are edited in place, and one-shot requests are set to true for
// the app to act on and clear (the panel never clears them itself, so a
// request is not lost if the app looks a frame late).
type PanelState struct {
	// Scene browser.
	Scenes         []string // scene names, in the order number keys pick them
	Scene          int      // index into Scenes of the running scene
	SceneRequested bool     // one-shot: the user picked Scenes[Scene]
	ResetRequested bool     // one-shot: reset the scene (R)

	// Time.
	Paused        bool // P
	StepRequested bool // one-shot: run one step while paused (N)
	// RewindRequested is one-shot: -1 steps a paused session one tick back
	// (Left), +1 one tick forward through the states already run (Right).
	RewindRequested int
	TimeScale       float32 // slow motion factor, MinTimeScale..MaxTimeScale

	// Display.
	VSync               bool          // V
	Fullscreen          bool          // F11
	Rate                frames.Target // H cycles
	Stabiliser          bool          // step-count stabiliser (snap frame times near whole steps)
	ScreenshotRequested bool          // one-shot: save a PNG (F12)
	// Split view (X): the two halves' presentation rates, Hz, MinSplitHz..MaxSplitHz.
	Split                     bool
	SplitLeftHz, SplitRightHz int32

	// Physics.
	CCD bool // continuous collision detection (C)

	// Rendering and debug draw.
	Interp       interp.Mode // I cycles
	Ghosts       bool        // wireframes of prev and curr physics poses
	AABBs        bool
	Contacts     bool // contact points and normals
	Sweeps       bool // CCD sweep volumes, time-of-impact point and normal
	Trails       bool // projectile trails, last 2 s
	HitMarkers   bool // wall-hit markers
	SleepingTint bool // tint sleeping bodies

	// Shooting.
	ShotSpeed     float32 // m/s, MinShotSpeed..MaxShotSpeed ([ and ])
	ShotSize      float32 // m, MinShotSize..MaxShotSize
	ShotPlate     bool    // fire a spinning thin plate instead of a cube (Ctrl)
	FireRequested bool    // one-shot: fire from the camera (left click, Space)

	// Counters, shown read-only.
	Tick        uint64 // physics tick
	Bodies      int    // dynamic bodies
	AwakeBodies int    // dynamic bodies not sleeping
	CCDHits     uint64 // cumulative
	Tunnels     uint64 // cumulative, detected by the tunnelling oracle
	Teleports   uint64 // cumulative, detected unflagged pose jumps

	// PresentHz and JitterSeconds are the measured presentation rate, Hz,
	// and the standard deviation of the frame period, s, from the app's own
	// present timestamps; while PresentHz is 0 the panel computes both from
	// History's frame times instead.
	PresentHz     float64
	JitterSeconds float64
	// PacingHz is the rate the frame pacer holds now, Hz; 0 = not pacing
	// (vsync, or nothing, sets the rate).
	PacingHz float64

	// History feeds the plots, the presentation rate and jitter, and the
	// "physics behind" banner; nil hides them.
	History *History

	// ShowKeys shows the key help window (F1); its close button clears it.
	ShowKeys bool
	// ShowPlots shows the strip of live plots under the 3D view (when the
	// window is tall enough); off gives the view the whole height.
	ShowPlots bool
}

// DefaultPanelState returns the sandbox defaults of DESIGN.md: vsync,
// CCD and lerp interpolation on, time scale 1, a 0.2 m cube at 300 m/s,
// plots shown.
func DefaultPanelState() PanelState {
	return PanelState{
		TimeScale: 1,
		VSync:     true,
		CCD:       true,
		Interp:    interp.Lerp,
		ShotSpeed: 300,
		ShotSize:  0.2,
		ShowPlots: true,
	}
}

// clampState keeps edited values inside their documented ranges (a value
// typed with Ctrl+click, or set by the app, may be outside).
func clampState(s *PanelState) {
	s.TimeScale = clamp32(s.TimeScale, MinTimeScale, MaxTimeScale)
	s.ShotSpeed = clamp32(s.ShotSpeed, MinShotSpeed, MaxShotSpeed)
	s.ShotSize = clamp32(s.ShotSize, MinShotSize, MaxShotSize)
	if s.Rate > frames.Uncapped {
		s.Rate = frames.Native
	}
	if s.Interp > interp.Extrapolate {
		s.Interp = interp.Lerp
	}
	if s.Scene < 0 || s.Scene >= len(s.Scenes) {
		s.Scene = 0
	}
}

func clamp32(v, lo, hi float32) float32 {
	if !(v >= lo) { // NaN too
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Split view rate limits, Hz.
const (
	MinSplitHz = 10
	MaxSplitHz = 360
)
