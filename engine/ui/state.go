package ui

// RateTarget is the display-rate target the frame pacer holds (H cycles
// through them).
type RateTarget int32

// Display-rate targets, in the order H cycles through them.
const (
	RateNative   RateTarget = iota // the monitor's own rate (vsync decides)
	Rate60                         // 60 Hz
	Rate120                        // 120 Hz
	Rate144                        // 144 Hz
	Rate165                        // 165 Hz
	Rate240                        // 240 Hz
	RateUncapped                   // no pacing at all
	rateCount
)

// rateItems are the combo box entries, NUL separated as ImGui wants them.
const rateItems = "native\x0060 Hz\x00120 Hz\x00144 Hz\x00165 Hz\x00240 Hz\x00uncapped\x00"

var rateHz = [rateCount]float64{0, 60, 120, 144, 165, 240, 0}
var rateNames = [rateCount]string{"native", "60 Hz", "120 Hz", "144 Hz", "165 Hz", "240 Hz", "uncapped"}

// Hz returns the fixed target rate in Hz, or 0 for RateNative and
// RateUncapped (which pace by the monitor, or not at all).
func (r RateTarget) Hz() float64 {
	if r < 0 || r >= rateCount {
		return 0
	}
	return rateHz[r]
}

// String names the target as the panel shows it.
func (r RateTarget) String() string {
	if r < 0 || r >= rateCount {
		return "invalid"
	}
	return rateNames[r]
}

// Next is the target after r in the H key's cycle.
func (r RateTarget) Next() RateTarget {
	if r < 0 || r >= rateCount-1 {
		return RateNative
	}
	return r + 1
}

// RateTargetForHz maps a -display-hz value to a target for the panel: 0
// (or less) to RateNative, any other rate to the nearest listed one.
func RateTargetForHz(hz float64) RateTarget {
	if !(hz > 0) {
		return RateNative
	}
	best, bestDiff := Rate60, -1.0
	for r := Rate60; r <= Rate240; r++ {
		d := rateHz[r] - hz
		if d < 0 {
			d = -d
		}
		if bestDiff < 0 || d < bestDiff {
			best, bestDiff = r, d
		}
	}
	return best
}

// InterpMode is how bodies are drawn between physics ticks. The order
// matches interp.Mode (Off, Lerp, Slerp, Extrapolate), so the app can
// convert with interp.Mode(s.Interp).
type InterpMode int32

// Interpolation modes.
const (
	InterpOff         InterpMode = iota // draw curr
	InterpLerp                          // lerp + nlerp on the shortest arc (default)
	InterpSlerp                         // lerp + slerp
	InterpExtrapolate                   // curr + v * alpha * step
)

const interpItems = "off\x00lerp + nlerp\x00lerp + slerp\x00extrapolate\x00"

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
	Paused        bool    // P
	StepRequested bool    // one-shot: run one step while paused (N)
	TimeScale     float32 // slow motion factor, MinTimeScale..MaxTimeScale

	// Display.
	VSync               bool       // V
	Fullscreen          bool       // F11
	Rate                RateTarget // H cycles
	Stabiliser          bool       // step-count stabiliser (snap frame times near whole steps)
	ScreenshotRequested bool       // one-shot: save a PNG (F12)

	// Physics.
	CCD bool // continuous collision detection (C)

	// Rendering and debug draw.
	Interp       InterpMode // I cycles
	Ghosts       bool       // wireframes of prev and curr physics poses
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
		Interp:    InterpLerp,
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
	if s.Rate < 0 || s.Rate >= rateCount {
		s.Rate = RateNative
	}
	if s.Interp < InterpOff || s.Interp > InterpExtrapolate {
		s.Interp = InterpLerp
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
