//go:build cgo

package window

import (
	"math"

	"sandbox/engine/gfx"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// stageNames are the physics stage timings the panel plots, in the order
// of physics.Profile's int64 fields (lower case, spaces between words);
// Profile.Total is left out because it is their sum and would flatten the
// plot. solverNames are the solver's passes, physics.SolverProfile's
// fields, plotted in their own tab. stageNanos fills both; a test checks
// them against the profile's fields.
var (
	stageNames  = []string{"inputs", "prepare bodies", "broadphase", "narrowphase", "solver", "continuous", "sleep", "oracle"}
	solverNames = []string{"prepare contacts", "integrate velocities", "warm start", "solve contacts",
		"integrate positions", "relax contacts", "restitution", "store impulses"}
)

// stageNanos maps a physics profile onto the panel's stage slots and
// solver slots, in the order of stageNames and solverNames.
func stageNanos(p physics.Profile) (stages, solver [ui.MaxStages]int64) {
	s := p.SolverStages
	return [ui.MaxStages]int64{p.Inputs, p.PrepareBodies, p.Broadphase, p.Narrowphase, p.Solver, p.Continuous, p.Sleep, p.Oracle},
		[ui.MaxStages]int64{s.PrepareContacts, s.IntegrateVelocities, s.WarmStart, s.SolveContacts,
			s.IntegratePositions, s.RelaxContacts, s.Restitution, s.StoreImpulses}
}

// panel is the Dear ImGui panel of a window run: the UI, its plot history
// and the state it edits. The app is the owner of every setting: each
// frame sync copies the app's settings into st, the panel edits st, and
// apply acts on whatever differs from the copy taken before the panel
// ran, so a key press and a panel click change the same thing.
type panel struct {
	u      *ui.UI
	hist   *ui.History
	st     ui.PanelState
	before ui.PanelState // st as sync left it, to see what the user changed

	// The browser's entries are the built-in scenes (the first builtins),
	// then the last scene read from a file, fileScene, if any, shown by
	// its path (fileEntryLabel).
	fileScene *scene.Scene
	builtins  int
}

// newPanel creates the UI for the app's window (its GL context current).
func newPanel(a *app) (*panel, error) {
	u, err := ui.New(a.shell.win)
	if err != nil {
		return nil, err
	}
	h, err := ui.NewHistory(ui.DefaultHistoryCapacity, stageNames, solverNames)
	if err != nil {
		u.Delete()
		return nil, err
	}
	p := &panel{u: u, hist: h, st: ui.DefaultPanelState()}
	p.st.History = h
	p.st.Scenes = scene.BuiltinNames()
	p.builtins = len(p.st.Scenes)
	p.fileLoaded(a.o.Scene)
	return p, nil
}

// fileLoaded gives a scene read from a file (-scene, the path field, a
// reload) the browser's entry after the built-in scenes, so that the
// browser (and its number key) can return to it; built-in scenes change
// nothing.
func (p *panel) fileLoaded(sc *scene.Scene) {
	if sceneFile(sc) == "" {
		return
	}
	p.fileScene = sc
	p.st.Scenes = append(p.st.Scenes[:p.builtins], fileEntryLabel(sc.Name, sceneFile(sc)))
}

// delete frees the UI's GL objects and contexts.
func (p *panel) delete() {
	if p != nil && p.u != nil {
		p.u.Delete()
		p.u = nil
	}
}

// wantMouse and wantKeys report whether the panel has the mouse or the
// keyboard (as of the last UI frame): the scene then ignores them.
func (p *panel) wantMouse() bool { return p.u.WantCaptureMouse() }
func (p *panel) wantKeys() bool  { return p.u.WantCaptureKeyboard() }

// record pushes this frame's numbers into the plot history.
func (p *panel) record(a *app, fr *session.Frame, frameSeconds float64) {
	stages, solver := stageNanos(fr.Profile) // summed over the frame's steps
	_ = p.hist.Push(ui.Sample{               // renderTime only grows, so Push cannot refuse it
		Time:               a.shell.renderTime,
		FrameSeconds:       frameSeconds,
		Steps:              fr.Steps,
		Alpha:              fr.Alpha,
		AccumulatorSeconds: fr.Accumulator,
		DroppedSeconds:     fr.ClampedSeconds + fr.CappedSeconds + fr.DiscardedSeconds + fr.SkippedSeconds + fr.ResetSeconds + fr.SlowedSeconds,
		StageNanos:         stages,
		SolverNanos:        solver,
	})
}

// build runs one UI frame: the app's state into the panel, the panel
// built, the user's changes applied. The panel is drawn later by render,
// after the 3D pass.
func (p *panel) build(a *app, frameSeconds float64) {
	p.sync(a)
	p.syncLoop(a)
	p.syncNetwork(a)
	p.before = p.st
	p.u.NewFrame(frameSeconds)
	p.u.Panel(&p.st)
	p.apply(a)
	p.applyLoop(a, &p.before.Loop)
	p.applyNetwork(a, &p.before.Network)
}

// render draws the panel built this frame over the 3D view.
func (p *panel) render() { p.u.Render() }

// viewport is the part of the framebuffer the panel and the plot strip
// leave for the 3D view (all of it in a window too small to split).
func (p *panel) viewport() gfx.Viewport {
	x, y, w, h := p.u.SceneViewport()
	return gfx.Viewport{X: x, Y: y, W: w, H: h}
}

// sync copies the app's settings and counters into the panel state.
func (p *panel) sync(a *app) {
	s := &p.st
	s.Scene = p.sceneIndex(a.sim.sc)
	s.Springs = s.Springs[:0]
	for i, w := 0, a.sim.world; i < w.NumSprings(); i++ {
		sv := w.Spring(i)
		s.Springs = append(s.Springs, ui.SpringRow{Name: sv.Name, Extension: sv.Extension, Energy: sv.Energy})
	}
	s.Paused = a.sim.lp.Paused()
	s.TimeScale = float32(a.sim.lp.TimeScale())
	s.VSync = a.shell.vsync
	s.Fullscreen = a.shell.fullscreen
	s.Rate = a.shell.target
	s.Stabiliser = a.shell.stabiliser.Enabled
	s.Split = a.split.On
	s.SplitLeftHz, s.SplitRightHz = int32(a.split.LeftHz), int32(a.split.RightHz)
	s.CCD = a.sim.sess.PendingCCD()
	r := a.sim.sess.PendingRate()
	s.PhysicsHz, s.Substeps = int32(math.Round(r.Hz)), int32(r.Substeps)
	s.Recording = a.io.rec != nil
	rs := a.replayState()
	s.Replay = ui.ReplayState{Active: rs.Replaying, Done: rs.Done, Failed: rs.Failed, Stopped: rs.Stopped != "" && rs.File != "",
		Checked: rs.Checked, Tick: rs.Tick, End: rs.End}
	s.Interp = a.viewer.view.Mode
	d := &a.viewer.view.Debug
	s.Ghosts, s.Trails, s.HitMarkers, s.SleepingTint = d.Ghosts, d.Trails, d.HitMarkers, d.SleepTint
	s.AABBs, s.Contacts, s.Sweeps = d.Physics.AABBs, d.Physics.Contacts, d.Physics.Sweeps
	s.Impulses, s.Islands = d.Physics.Impulses, d.Islands
	s.ShotSpeed = float32(a.sim.shotSpeed)
	s.ShotSize = float32(2 * a.sim.shotHalf)
	s.ShotPlate = a.sim.plate

	w := a.sim.world
	s.Tick, s.Bodies, s.AwakeBodies = a.sim.sess.Tick(), w.NumBodies(), w.NumAwake()
	s.Counts = a.sim.sess.Counts()
	s.ShotNote = a.sim.cap.Note()
	s.Events, s.EventNote = &a.viewer.events, a.viewer.eventNote
	sum := a.shell.window.Summary()
	s.PresentHz, s.JitterSeconds, s.PacingHz = sum.RateHz, sum.JitterSeconds, a.shell.pacer.Hz()
	s.PacingVRR = a.shell.pacer.VRR()
	s.Present = a.shell.presentPanel()

	s.Lanes, s.Lane = a.viewer.lanes.names, a.viewer.lane
	s.Selected = a.viewer.bodyInfo(a.sim.world, &s.Body)
	vw, vh := p.u.SceneRect()
	s.Labels = a.viewer.lanes.place(a.viewer.cam.view(), vw, vh, a.viewer.lane, a.sim.world)
}

// sceneIndex is sc's entry in the browser.
func (p *panel) sceneIndex(sc *scene.Scene) int {
	if p.fileScene != nil && sc == p.fileScene {
		return len(p.st.Scenes) - 1
	}
	for i, n := range p.st.Scenes {
		if n == sc.Name {
			return i
		}
	}
	return 0
}

// apply acts on what the user changed in the panel, and clears the
// one-shot requests. Settings are compared with what sync put in, so a
// setting the user did not touch is left alone (float32 round trips
// included).
func (p *panel) apply(a *app) {
	s, b := &p.st, &p.before
	sim := &a.sim
	if s.SceneRequested {
		s.SceneRequested = false
		p.loadEntry(a, s.Scene)
	}
	if s.ResetRequested {
		s.ResetRequested = false
		a.resetScene()
	}
	if s.OpenRequested {
		s.OpenRequested = false
		a.openSceneFile(s.OpenPath)
	}
	if s.LaneRequested {
		s.LaneRequested = false
		a.viewer.selectLane(s.Lane)
	}
	if s.EventRequested {
		s.EventRequested = false
		a.goToEvent(s.PickedEvent)
	}
	if s.ClearSelection {
		s.ClearSelection = false
		a.viewer.view.Selected = -1
	}
	if s.Paused != b.Paused {
		sim.lp.SetPaused(s.Paused)
	}
	if s.StepRequested {
		s.StepRequested = false
		sim.lp.SetPaused(true)
		sim.lp.RequestSingleStep()
	}
	if s.RewindRequested != 0 {
		a.rewindStep(s.RewindRequested)
		s.RewindRequested = 0
	}
	if s.TimeScale != b.TimeScale {
		a.setTimeScale(float64(s.TimeScale))
	}
	if s.VSync != b.VSync || s.Rate != b.Rate {
		a.shell.vsync = s.VSync
		if s.Rate != b.Rate {
			a.shell.customHz, a.shell.target = 0, s.Rate
		}
		a.shell.applyDisplay()
	}
	if s.Split != b.Split {
		a.toggleSplit()
	}
	if s.SplitLeftHz != b.SplitLeftHz || s.SplitRightHz != b.SplitRightHz {
		a.split.LeftHz = float64(max(ui.MinSplitHz, min(ui.MaxSplitHz, s.SplitLeftHz)))
		a.split.RightHz = float64(max(ui.MinSplitHz, min(ui.MaxSplitHz, s.SplitRightHz)))
	}
	if s.Stabiliser != b.Stabiliser {
		a.shell.stabiliser.Enabled = s.Stabiliser
		a.shell.stabiliser.Reset()
	}
	if s.CCD != b.CCD {
		sim.setCCD(s.CCD)
	}
	if s.PhysicsHz != b.PhysicsHz || s.Substeps != b.Substeps {
		// Only what was moved: a scene's 59.94 Hz stays exact when only
		// the substeps change.
		r := sim.sess.PendingRate()
		if s.PhysicsHz != b.PhysicsHz {
			r.Hz = float64(s.PhysicsHz)
		}
		if s.Substeps != b.Substeps {
			r.Substeps = int(s.Substeps)
		}
		sim.setRate(r)
	}
	if s.Interp != b.Interp {
		a.viewer.view.Mode = s.Interp
	}
	d := &a.viewer.view.Debug
	d.Ghosts, d.Trails, d.HitMarkers, d.SleepTint = s.Ghosts, s.Trails, s.HitMarkers, s.SleepingTint
	d.Physics.AABBs, d.Physics.Contacts, d.Physics.Sweeps = s.AABBs, s.Contacts, s.Sweeps
	d.Physics.Impulses, d.Islands = s.Impulses, s.Islands
	if s.ShotSpeed != b.ShotSpeed {
		sim.shotSpeed = math.Max(minShotSpeed, math.Min(maxShotSpeed, float64(s.ShotSpeed)))
	}
	if s.ShotSize != b.ShotSize {
		sim.shotHalf = math.Max(minShotHalf, math.Min(maxShotHalf, float64(s.ShotSize)/2))
	}
	sim.plate = s.ShotPlate
	if s.FireRequested {
		s.FireRequested = false
		sim.fire(&a.viewer.cam, false) // through the crosshair
	}
	if s.ScreenshotRequested {
		s.ScreenshotRequested = false
		a.shell.requestScreenshot()
	}
	if s.Fullscreen != b.Fullscreen {
		a.shell.toggleFullscreen()
	}
}

// loadEntry loads the browser's entry i (number keys and clicks).
func (p *panel) loadEntry(a *app, i int) {
	if i < 0 || i >= len(p.st.Scenes) {
		return
	}
	if p.fileScene != nil && i == len(p.st.Scenes)-1 {
		a.viewer.loadFailed(a.loadScene(p.fileScene))
		return
	}
	a.switchScene(p.st.Scenes[i])
}
