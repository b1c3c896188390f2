package ui

import (
	"math"

	"sandbox/engine/frames"
	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
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
	MinTimeScale = loop.MinTimeScale // slowest slow motion
	MaxTimeScale = loop.MaxTimeScale // fastest fast forward
	MinShotSpeed = 10.0              // m/s
	MaxShotSpeed = 20000.0           // m/s
	MinShotSize  = 0.02              // m, edge length of the fired cube (plate's long edge)
	MaxShotSize  = 2.0               // m
	// DefaultShotSpeed and DefaultShotSize are what a shot starts as: fast
	// enough to go through every wall of the range without CCD.
	DefaultShotSpeed = 3000.0 // m/s
	DefaultShotSize  = 0.2    // m
	// MinLaneDistance .. MaxLaneDistance is how far in front of its wall a
	// lane's firing line may stand, m; DefaultLaneDistance is the start.
	MinLaneDistance     = 2.0
	MaxLaneDistance     = 100.0
	DefaultLaneDistance = 15.0
)

// ReplayState is a window replay's progress as the status line shows it.
type ReplayState struct {
	Active    bool   // a recording is being played
	Done      bool   // played to its end, every hash equal
	Failed    bool   // it differs from the recording, or a line was refused
	Stopped   bool   // stopped before its end (closed, reloaded)
	Checked   int    // checkpoint hashes compared so far, all equal
	Tick, End uint64 // the session's tick and the recording's end tick
}

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
	// OpenPath is the path field of "open a scene file"; OpenRequested is
	// the one-shot of its Open button (or Enter in the field).
	OpenPath      string
	OpenRequested bool
	// LoadError is the one-line error of the last scene load, reset or
	// reload that failed (the old scene kept running); "" when it worked.
	LoadError string

	// Range lanes: Lanes are the labels of the walls a lane can face, Lane
	// the one the camera stands in (-1: none), LaneDistance how far in
	// front of the wall, m. LaneRequested is the one-shot of a pick in the
	// list (L cycles).
	Lanes         []string
	Lane          int
	LaneDistance  float32
	LaneRequested bool

	// Selection (Shift + click on a body): Selected says whether a body is
	// picked and Body is its state this frame. ClearSelection is a one-shot.
	Selected       bool
	Body           BodyInfo
	ClearSelection bool

	// The 3D view's overlay: the crosshair at the view's centre (where
	// Space fires), the wall labels, and a message shown over the view
	// ("saved FILE"), "" for none.
	Crosshair bool
	Labels    []ViewLabel
	Toast     string

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
	// PhysicsHz and Substeps are the physics rate, steps per second
	// (MinPhysicsHz..MaxPhysicsHz), and the solver's substeps per step
	// (1..MaxSubsteps), as Box2D's samples' Hertz and sub-step sliders:
	// a change applies from the next tick and resets nothing else.
	PhysicsHz int32
	Substeps  int32

	// Loop is the loop section's state (loop_section.go).
	Loop LoopState
	// Network is the network section's state (network_section.go).
	Network NetworkState
	// Springs are the scene's springs after the last step, in scene order
	// (springs_section.go); empty when it has none.
	Springs []SpringRow

	// The view's status line also says whether the session is being
	// recorded (-record) or played back (-replay).
	Recording bool
	Replay    ReplayState

	// Rendering and debug draw.
	Interp       interp.Mode // I cycles
	Ghosts       bool        // wireframes of prev and curr physics poses
	AABBs        bool
	Contacts     bool // contact points and normals
	Impulses     bool // each contact point's normal impulse, as a line scaled by it
	Islands      bool // bodies coloured by island (touching bodies share a colour)
	Sweeps       bool // CCD sweep volumes, time-of-impact point and normal
	Trails       bool // projectile trails, last 2 s
	HitMarkers   bool // wall-hit markers
	SleepingTint bool // tint sleeping bodies

	// Shooting.
	ShotSpeed     float32 // m/s, MinShotSpeed..MaxShotSpeed ([ and ])
	ShotSize      float32 // m, MinShotSize..MaxShotSize
	ShotPlate     bool    // fire a spinning thin plate instead of a cube (Ctrl)
	FireRequested bool    // one-shot: fire from the camera (left click, Space)

	// Shown read-only: the tick, the dynamic bodies and how many are
	// awake, and the session's counters since the scene was loaded (a
	// rewind takes them back), the same ones the report and -stats write.
	Tick        uint64
	Bodies      int
	AwakeBodies int
	Counts      session.Counts
	// ShotNote is "" or one line saying why shots are being refused (the
	// body limit), shown as a status line under the counters.
	ShotNote string

	// Events is the list of the newest physics events (nil hides it).
	// A click on a row sets PickedEvent to it and EventRequested, a
	// one-shot: the app pauses on its tick (when the rewind buffer still
	// holds it) and selects its body. PickedEvent stays, to highlight the
	// row; EventNote is the app's word on the last pick ("" = none).
	Events *EventLog
	// EventKinds are the kinds the list shows (the checkboxes above it);
	// the others stay in the log, hidden.
	EventKinds     EventKinds
	PickedEvent    Event
	EventRequested bool
	EventNote      string

	// PresentHz and JitterSeconds are the measured presentation rate, Hz,
	// and the standard deviation of the frame period, s, from the app's own
	// present timestamps; while PresentHz is 0 the panel computes both from
	// History's frame times instead.
	PresentHz     float64
	JitterSeconds float64
	// PacingHz is the rate the frame pacer holds now, Hz; 0 = not pacing
	// (vsync, or nothing, sets the rate).
	PacingHz float64
	// PacingVRR: the pacer emulates a variable-refresh display up to
	// PacingHz (-display vrr:MIN-MAX): frames go out when ready, no sooner.
	PacingVRR bool
	// Present is the section on present timing and input latency.
	Present PresentState

	// History feeds the plots, the presentation rate and jitter, and the
	// "physics behind" banner; nil hides them.
	History *History

	// ShowKeys shows the key help window (F1); its close button clears it.
	ShowKeys bool
	// ShowPlots shows the strip of live plots under the 3D view (when the
	// window is tall enough); off gives the view the whole height.
	ShowPlots bool
	// PanelHidden collapses the panel to nothing (F2), giving the view the
	// whole width; PanelWidth is the width the user chose, window pixels
	// (dragging its left edge or the slider), at most half the window.
	PanelHidden bool
	PanelWidth  float32
}

// BodyInfo is what the panel shows of the selected body.
type BodyInfo struct {
	Name            string
	Center          [3]float64 // m
	Orientation     [4]float64 // quaternion w, x, y, z
	Velocity        [3]float64 // m/s
	AngularVelocity [3]float64 // rad/s
	Mass            float64    // kg
	Contacts        int        // slabs and bodies touched
	Sleeping        bool
	Bullet          bool
}

// ViewLabel is a text label over the 3D view at (X, Y), window pixels from
// the view's top-left corner, centred above that point. Text is fixed
// (made when the scene loads, so a frame allocates nothing); Meters, when
// >= 0, is appended as a distance; Lane draws it highlighted.
type ViewLabel struct {
	X, Y   float32
	Text   string
	Meters float32
	Lane   bool
}

// DefaultPanelState returns the sandbox defaults of DESIGN.md, each taken
// from the package that owns it: vsync, CCD and lerp interpolation on,
// time scale 1, the default scene rate, a shot of DefaultShotSize at
// DefaultShotSpeed, plots shown. A window's panel is synced from the app
// every frame; these are what it shows before.
func DefaultPanelState() PanelState {
	wd := physics.DefaultWorldDef()
	return PanelState{
		TimeScale: 1,
		VSync:     frames.DefaultVSync,
		CCD:       wd.CCD,
		Interp:    interp.Default,
		ShotSpeed: DefaultShotSpeed,
		ShotSize:  DefaultShotSize,
		ShowPlots: true,
		Lane:      -1,
		Crosshair: true,
		PhysicsHz: int32(math.Round(1 / loop.DefaultConfig().StepSeconds)),
		Substeps:  int32(scene.SubstepsOf(wd.SolverIterations)),

		EventKinds:   DefaultEventKinds,
		LaneDistance: DefaultLaneDistance,
		PanelWidth:   PanelWidth,
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
	s.LaneDistance = clamp32(s.LaneDistance, MinLaneDistance, MaxLaneDistance)
	s.PhysicsHz = max(MinPhysicsHz, min(MaxPhysicsHz, s.PhysicsHz))
	s.Substeps = max(1, min(MaxSubsteps, s.Substeps))
	if s.Lane >= len(s.Lanes) || s.Lane < -1 {
		s.Lane = -1
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

// Limits of the physics rate sliders: the scene's physics_hz range, and
// the physics' substeps.
const (
	MinPhysicsHz = scene.MinPhysicsHz
	MaxPhysicsHz = scene.MaxPhysicsHz
	MaxSubsteps  = physics.MaxSubsteps
)

// Split view rates, Hz: the limits of the sliders, and what the halves
// start at, the two display rates people compare most.
const (
	MinSplitHz          = 10
	MaxSplitHz          = 360
	DefaultSplitLeftHz  = 60
	DefaultSplitRightHz = 144
)
