package ui

import (
	"math"

	"github.com/AllenDang/cimgui-go/imgui"

	"sandbox/engine/frames"
	"sandbox/engine/interp"
)

// Colours of the panel.
var (
	// panelBg is opaque, unlike the style's 94 %: the 3D view ends where
	// the panel starts, and what would show through is only the clear colour.
	panelBg      = imgui.Vec4{X: 0.075, Y: 0.08, Z: 0.09, W: 1}
	labelColour  = imgui.Vec4{X: 0.58, Y: 0.62, Z: 0.68, W: 1} // names of numbers, dimmer than the numbers
	alertColour  = imgui.Vec4{X: 1.00, Y: 0.42, Z: 0.32, W: 1} // a counter that should stay 0 but did not
	bannerRed    = imgui.Vec4{X: 0.80, Y: 0.08, Z: 0.08, W: 0.92}
	bannerBorder = imgui.Vec4{X: 0.90, Y: 0.12, Z: 0.12, W: 0.95}
	white        = imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1}
)

// labelWidth is the room kept right of sliders and combo boxes for their
// labels, in window pixels.
const labelWidth = 150

// Fixed window flags of the plot strip: placed by the layout every frame,
// never by the user or an ini file.
const fixedWindow = imgui.WindowFlagsNoMove | imgui.WindowFlagsNoResize | imgui.WindowFlagsNoSavedSettings |
	imgui.WindowFlagsNoCollapse

// panelFlags are the panel's: placed by the layout, but resizable from its
// left edge (F2 hides it rather than ImGui's collapse arrow, which would
// leave a title bar over the view).
const panelFlags = imgui.WindowFlagsNoMove | imgui.WindowFlagsNoSavedSettings | imgui.WindowFlagsNoCollapse

// itemHook, when set (by tests only), is called right after some widgets
// with a name for it, so a test can ask ImGui where that widget is and
// click it with real input events.
var itemHook func(name string)

func hook(name string) {
	if itemHook != nil {
		itemHook(name)
	}
}

// Panel builds the whole UI for this frame from s and writes the user's
// changes back into s: the panel at the right edge, the plot strip under
// the 3D view, the "physics behind" banner and the key help window. Call
// it between NewFrame and Render; SceneViewport then tells where the 3D
// view goes. Apart from what cimgui-go allocates inside its own wrappers,
// it allocates nothing.
func (u *UI) Panel(s *PanelState) {
	clampState(s)
	ds := u.displaySize
	panelW := s.PanelWidth
	if s.PanelHidden {
		panelW = 0
	}
	u.layout = computeLayout(ds.X, ds.Y, s.ShowPlots && s.History != nil, panelW)
	u.laidOut = true
	u.floating = [1]rect{}

	imgui.PushStyleColorVec4(imgui.ColWindowBg, panelBg)
	if u.layout.panelW > 0 {
		u.panelWindow(s, ds)
	}
	if u.layout.plots {
		u.plotStrip(s.History)
	}
	imgui.PopStyleColor()

	u.viewOverlay(s)
	if s.History != nil {
		u.behindBanner(s.History)
	}
	if s.ShowKeys {
		u.keyHelpWindow(&s.ShowKeys)
	}
	u.popupOpen = imgui.IsPopupOpenStrV("", imgui.PopupFlagsAnyPopupId|imgui.PopupFlagsAnyPopupLevel)
}

// panelWindow is the panel at the right edge, full height. Its left edge
// can be dragged: the width it ends up with is the user's choice, kept in
// s.PanelWidth (the layout caps it at half the window).
func (u *UI) panelWindow(s *PanelState, ds imgui.Vec2) {
	w := u.layout.panelW
	imgui.SetNextWindowPosV(imgui.Vec2{X: ds.X - w, Y: 0}, imgui.CondAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: w, Y: ds.Y}, imgui.CondAlways)
	widest := float32(math.Floor(float64(ds.X * maxPanelShare)))
	imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: min(MinPanelWidth, widest), Y: ds.Y}, imgui.Vec2{X: widest, Y: ds.Y})
	if imgui.BeginV("Sandbox (F2 hides)###panel", nil, panelFlags) {
		if got := imgui.WindowWidth(); got != w && w > 0 && imgui.IsMouseDragging(imgui.MouseButtonLeft) {
			s.PanelWidth = got // its edge dragged this frame
		}
		// Widgets stop short of the right edge so their labels fit.
		imgui.PushItemWidth(-u.labelWidth())
		u.buttons(s)
		u.summary(s)
		u.sceneSection(s)
		u.rangeSection(s)
		u.eventsSection(s)
		u.selectionSection(s)
		u.timeSection(s)
		u.loopSection(s)
		u.networkSection(s)
		u.springsSection(s)
		u.presentSection(s)
		u.displaySection(s)
		u.physicsSection(s)
		u.drawingSection(s)
		u.shootingSection(s)
		imgui.PopItemWidth()
	}
	imgui.End()
}

// labelWidth is the room kept right of sliders for their labels: 40 % of
// the panel, at most labelWidth pixels, so a narrow panel keeps usable
// sliders.
func (u *UI) labelWidth() float32 { return min(labelWidth, 0.4*u.layout.panelW) }

// buttons is the row of one-shot actions at the top.
func (u *UI) buttons(s *PanelState) {
	if imgui.Button("Keys (F1)") {
		s.ShowKeys = !s.ShowKeys
	}
	hook("keys")
	imgui.SameLine()
	if imgui.Button("Screenshot (F12)") {
		s.ScreenshotRequested = true
	}
	imgui.SameLine()
	if imgui.Button("Reset (R)") {
		s.ResetRequested = true
	}
	if s.Paused {
		imgui.SameLine()
		imgui.PushStyleColorVec4(imgui.ColText, alertColour)
		textUnformatted("PAUSED")
		imgui.PopStyleColor()
	}
}

// summary is the always-visible table of numbers: the loop's state in the
// last frame, the measured presentation and the physics counters.
func (u *UI) summary(s *PanelState) {
	const flags = imgui.TableFlagsSizingStretchProp | imgui.TableFlagsBordersInnerV | imgui.TableFlagsRowBg
	if !imgui.BeginTableV("##summary", 4, flags, imgui.Vec2{}, 0) {
		return
	}
	// Names as wide as the widest name (in the font's widths), values
	// share the rest; the right-hand values are the long ones ("1000
	// (1000 awake)").
	imgui.TableSetupColumnV("##l1", imgui.TableColumnFlagsWidthFixed, 0, 0)
	imgui.TableSetupColumnV("##v1", imgui.TableColumnFlagsWidthStretch, 1.0, 0)
	imgui.TableSetupColumnV("##l2", imgui.TableColumnFlagsWidthFixed, 0, 0)
	imgui.TableSetupColumnV("##v2", imgui.TableColumnFlagsWidthStretch, 1.4, 0)
	l := &u.line

	hz, jitter := s.PresentHz, s.JitterSeconds
	if hz <= 0 && s.History != nil {
		hz, jitter = s.History.Presentation(1)
	}
	label("display")
	l.reset().f(hz, 1).s(" Hz").cell()
	label("jitter")
	l.reset().f(jitter*1e3, 2).s(" ms").cell()

	label("pacer")
	if s.PacingHz > 0 {
		l.reset().f(s.PacingHz, 0).s(" Hz")
		if s.PacingVRR {
			l.s(" VRR")
		}
		l.cell()
	} else {
		l.reset().s("off").cell()
	}
	label("target")
	l.reset().s(s.Rate.String()).cell()

	if h := s.History; h != nil {
		if _, frameMS, steps, alpha, accMS, ok := h.Latest(); ok {
			label("frame")
			l.reset().f(frameMS, 2).s(" ms").cell()
			label("steps")
			l.reset().i(int64(steps)).cell()
			label("alpha")
			l.reset().f(alpha, 3).cell()
			label("accumulator")
			l.reset().f(accMS, 2).s(" ms").cell()
		}
	}

	label("tick")
	l.reset().u(s.Tick).cell()
	label("bodies")
	l.reset().i(int64(s.Bodies)).s(" (").i(int64(s.AwakeBodies)).s(" awake)").cell()

	label("time scale")
	l.reset().f(float64(s.TimeScale), 2).s("x").cell()
	imgui.EndTable()
	u.counters(s)
}

// Tooltips of the counters: what each one counts (README, Counters).
const (
	ccdHitsTip = "continuous-collision impacts, all of them = wall + ground + body:\n" +
		"wall: impacts on every static slab but the ground (walls, platforms)\n" +
		"ground: impacts on the scene's ground, the widest horizontal slab (bullets landing)\n" +
		"body: bullets swept into dynamic bodies"
	tunnelsTip    = "steps in which a body's path crossed a slab it never touched (CCD missed it)"
	teleportsTip  = "declared teleports applied (scripted, replayed): drawn at the new place with no blend"
	undeclaredTip = "per body and step, jumps further than the body's speed allows (before, during or after the step)\n" +
		"that no teleport declared (the teleport detector; 0 unless the physics misbehaves)"
)

// counters is the table of running counts since the scene was loaded (a
// rewind takes them back), each with a tooltip saying what it counts, and
// the shot limit's status line under it.
func (u *UI) counters(s *PanelState) {
	const flags = imgui.TableFlagsSizingStretchProp | imgui.TableFlagsBordersInnerV | imgui.TableFlagsRowBg
	if imgui.BeginTableV("##counters", 2, flags, imgui.Vec2{}, 0) {
		imgui.TableSetupColumnV("##l", imgui.TableColumnFlagsWidthFixed, 0, 0)
		imgui.TableSetupColumnV("##v", imgui.TableColumnFlagsWidthStretch, 1, 0)
		l, c := &u.line, &s.Counts
		counterLabel("CCD hits", ccdHitsTip)
		l.reset().u(c.CCDHits).s(" (wall ").u(c.CCDWallHits).s(", ground ").u(c.CCDGroundHits).
			s(", body ").u(c.CCDBodyHits).s(")").cell()
		tooltip(ccdHitsTip)
		hook("ccd hits")
		counterLabel("tunnels", tunnelsTip)
		l.reset().u(c.Tunnels).alertCell(c.Tunnels > 0)
		tooltip(tunnelsTip)
		counterLabel("teleports", teleportsTip)
		l.reset().u(c.Teleports).cell()
		tooltip(teleportsTip)
		counterLabel("undeclared jumps", undeclaredTip)
		l.reset().u(c.UndeclaredJumps).alertCell(c.UndeclaredJumps > 0)
		tooltip(undeclaredTip)
		imgui.EndTable()
	}
	if s.ShotNote != "" {
		imgui.PushStyleColorVec4(imgui.ColText, alertColour)
		imgui.PushTextWrapPosV(0)
		textUnformatted(s.ShotNote)
		imgui.PopTextWrapPos()
		imgui.PopStyleColor()
	}
}

// counterLabel is label with the counter's tooltip on it.
func counterLabel(name, tip string) {
	label(name)
	tooltip(tip)
}

// label fills the next table cell with a dim name.
func label(name string) {
	imgui.TableNextColumn()
	imgui.PushStyleColorVec4(imgui.ColText, labelColour)
	textUnformatted(name)
	imgui.PopStyleColor()
}

// cell fills the next table cell with the line.
func (l *line) cell() {
	imgui.TableNextColumn()
	l.text()
}

// alertCell is cell, in the alert colour when alert is set.
func (l *line) alertCell(alert bool) {
	if !alert {
		l.cell()
		return
	}
	imgui.TableNextColumn()
	imgui.PushStyleColorVec4(imgui.ColText, alertColour)
	l.text()
	imgui.PopStyleColor()
}

// tooltip shows text while the last item is hovered (a constant: ImGui
// reads it as a format string).
func tooltip(text string) {
	if imgui.IsItemHovered() {
		imgui.SetTooltip(text)
	}
}

// sceneSection is the scene browser: keys 1-9 and the scene each loads
// (keys without one are shown as such), the path field that opens a scene
// file, and the last load's error.
func (u *UI) sceneSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Scene", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	l := &u.line
	for i := 0; i < max(9, len(s.Scenes)); i++ {
		l.reset()
		if i < 9 {
			l.i(int64(i + 1)).s("  ")
		} else {
			l.s("   ")
		}
		if i >= len(s.Scenes) {
			imgui.PushStyleColorVec4(imgui.ColText, labelColour)
			l.s("(no scene)").text()
			imgui.PopStyleColor()
			continue
		}
		l.s(s.Scenes[i])
		if imgui.SelectableBoolV(l.str(), i == s.Scene, 0, imgui.Vec2{}) {
			s.Scene = i
			s.SceneRequested = true
		}
	}
	// Closed by default: cimgui-go's text field allocates every frame it
	// is shown (a cgo handle), and a frame otherwise allocates nothing.
	if imgui.TreeNodeStr("open a scene file") {
		if imgui.InputTextWithHint("##open", "path/to/scene.json", &s.OpenPath, imgui.InputTextFlagsEnterReturnsTrue, nil) {
			s.OpenRequested = true
		}
		imgui.SameLine()
		if imgui.Button("Open") {
			s.OpenRequested = true
		}
		tooltip("load a scene file (JSON, version 1: docs/scenes.md); the -scene file is reloaded whenever it is saved")
		imgui.TreePop()
	}
	if s.LoadError != "" {
		imgui.PushStyleColorVec4(imgui.ColText, alertColour)
		imgui.PushTextWrapPosV(0)
		textUnformatted(s.LoadError)
		imgui.PopTextWrapPos()
		imgui.PopStyleColor()
	}
}

func (u *UI) timeSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Time", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.Checkbox("pause (P)", &s.Paused)
	hook("pause")
	imgui.SameLine()
	if imgui.Button("step (N)") {
		s.StepRequested = true
	}
	tooltip("run exactly one physics step (pauses first)")
	if s.Paused {
		imgui.SameLine()
		if imgui.Button("< tick") {
			s.RewindRequested = -1
		}
		tooltip("rewind one tick (Left): the last 10 s of states are kept; resuming goes on from the tick shown")
		imgui.SameLine()
		if imgui.Button("tick >") {
			s.RewindRequested = 1
		}
		tooltip("forward one tick through the states already run (Right)")
	}
	imgui.SliderFloatV("time scale (- =)", &s.TimeScale, MinTimeScale, MaxTimeScale, "%.2fx", imgui.SliderFlagsAlwaysClamp)
}

func (u *UI) displaySection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Display", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.Checkbox("vsync (V)", &s.VSync)
	imgui.SameLine()
	imgui.Checkbox("fullscreen (F11)", &s.Fullscreen)
	imgui.SameLine()
	imgui.Checkbox("plots", &s.ShowPlots)
	// ImGui edits an int32; the state keeps the typed value.
	u.rateCombo = int32(s.Rate)
	if imgui.ComboStr("rate target (H)", &u.rateCombo, rateItems) {
		s.Rate = frames.Target(u.rateCombo)
	}
	tooltip("the presentation rate the frame pacer holds (sleep, then spin to the deadline)")
	imgui.SliderFloatV("panel width", &s.PanelWidth, MinPanelWidth, max(MinPanelWidth, u.displaySize.X*maxPanelShare), "%.0f px", imgui.SliderFlagsAlwaysClamp)
	tooltip("or drag the panel's left edge; F2 hides the panel")
	imgui.Checkbox("step-count stabiliser (Y)", &s.Stabiliser)
	tooltip("snap frame times within a tenth of a step of a whole number of steps to it, carrying the rest:\n" +
		"fixes 0, 2, 0, 2 steps per frame when the display runs at the physics rate")
	imgui.Checkbox("split view (X)", &s.Split)
	tooltip("left half presented at one rate, right half at another, from the one simulation;\n" +
		"each half is redrawn on its own cadence of simulated time (time scale 0.1x shows it on any monitor)")
	if s.Split {
		imgui.SliderIntV("left Hz", &s.SplitLeftHz, MinSplitHz, MaxSplitHz, "%d Hz", imgui.SliderFlagsAlwaysClamp)
		imgui.SliderIntV("right Hz", &s.SplitRightHz, MinSplitHz, MaxSplitHz, "%d Hz", imgui.SliderFlagsAlwaysClamp)
	}
}

func (u *UI) physicsSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Physics", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.Checkbox("continuous collision, CCD (C)", &s.CCD)
	tooltip("swept collision for fast bodies; switched at the next tick boundary")
	imgui.SliderIntV("physics rate", &s.PhysicsHz, MinPhysicsHz, MaxPhysicsHz, "%d Hz",
		imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
	tooltip("fixed physics steps per second, from the next tick on; nothing is reset\n" +
		"(the scene's physics_hz on load; -physics-hz for the first scene)")
	hook("physics rate")
	imgui.SliderIntV("substeps", &s.Substeps, 1, MaxSubsteps, "%d", imgui.SliderFlagsAlwaysClamp)
	tooltip("solver substeps per physics step, from the next tick on; nothing is reset\n" +
		"(the scene's solver_iterations / 2 on load; -substeps for the first scene)")
	u.interpCombo = int32(s.Interp)
	if imgui.ComboStr("interpolation (I)", &u.interpCombo, interpItems) {
		s.Interp = interp.Mode(u.interpCombo)
	}
	tooltip("how bodies are drawn between the last two physics poses, by alpha")
}

func (u *UI) drawingSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Debug drawing", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	if !imgui.BeginTableV("##debug", 2, imgui.TableFlagsSizingStretchSame, imgui.Vec2{}, 0) {
		return
	}
	check := func(label string, v *bool, tip string) {
		imgui.TableNextColumn()
		imgui.Checkbox(label, v)
		tooltip(tip)
	}
	check("ghosts (G)", &s.Ghosts, "wireframes of each body's prev (blue) and curr (orange) physics poses")
	check("trails (T)", &s.Trails, "projectile trails: the last 2 s of simulation time (frozen while paused)")
	check("hit markers (M)", &s.HitMarkers, "where each CCD impact of 10 m/s or more happened, for 6 s of simulation time")
	check("sleep tint (Z)", &s.SleepingTint, "sleeping bodies drawn darker")
	check("AABBs (B)", &s.AABBs, "bounding boxes")
	check("contacts (K)", &s.Contacts, "contact points and normals")
	check("impulses", &s.Impulses, "each contact point's normal impulse of the last step: a pink line along the push, drawn on top;\n"+
		"1 m per weight of the lighter body (a box at rest on the ground: four lines of 0.25 m)")
	hook("impulses")
	check("islands", &s.Islands, "bodies coloured by island: bodies that touch (directly or through others) share a colour")
	check("CCD sweeps (U)", &s.Sweeps, "swept volumes, time-of-impact points and normals")
	imgui.EndTable()
}

func (u *UI) shootingSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Shooting", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.SliderFloatV("speed ([ ])", &s.ShotSpeed, MinShotSpeed, MaxShotSpeed, "%.0f m/s",
		imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
	imgui.SliderFloatV("size (, .)", &s.ShotSize, MinShotSize, MaxShotSize, "%.2f m",
		imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
	if imgui.RadioButtonBool("cube", !s.ShotPlate) {
		s.ShotPlate = false
	}
	imgui.SameLine()
	if imgui.RadioButtonBool("thin plate (Ctrl)", s.ShotPlate) {
		s.ShotPlate = true
	}
	tooltip("a spinning plate 30x thinner than it is wide")
	imgui.SameLine()
	if imgui.Button("Fire (Space)") {
		s.FireRequested = true
	}
	tooltip("fire from the camera through the crosshair; a left click in the view fires through the pointer")
}

// behindBanner shows a red banner at the bottom right of the 3D view while
// the loop is dropping time (over the last second), with how much: just
// above the status line, over the near floor, where no wall label is.
func (u *UI) behindBanner(h *History) {
	dropped := h.DroppedWithin(1)
	if dropped <= 0 {
		return
	}
	const flags = imgui.WindowFlagsNoDecoration | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings |
		imgui.WindowFlagsNoFocusOnAppearing | imgui.WindowFlagsNoNav | imgui.WindowFlagsNoInputs
	imgui.SetNextWindowPosV(imgui.Vec2{X: u.layout.viewW - 8, Y: u.layout.viewH - statusHeight - 4}, imgui.CondAlways, imgui.Vec2{X: 1, Y: 1})
	imgui.PushStyleColorVec4(imgui.ColWindowBg, bannerRed)
	imgui.PushStyleColorVec4(imgui.ColBorder, bannerBorder)
	imgui.PushStyleColorVec4(imgui.ColText, white)
	if imgui.BeginV("##behind", nil, flags) {
		u.line.reset().s("physics behind by ").f(dropped*1e3, 0).s(" ms").text()
	}
	imgui.End()
	imgui.PopStyleColorV(3)
}
