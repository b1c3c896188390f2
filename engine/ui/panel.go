package ui

import (
	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/AllenDang/cimgui-go/implot"
)

// PanelWidth is the width of the panel, in window (logical) pixels; it
// sits against the right edge of the window, full height.
const PanelWidth = 380

// labelWidth is the room kept right of sliders and combo boxes for their
// labels, in window pixels.
const labelWidth = 140

// Colours of the "physics behind" banner.
var (
	bannerRed    = imgui.Vec4{X: 0.80, Y: 0.08, Z: 0.08, W: 0.92}
	bannerBorder = imgui.Vec4{X: 0.90, Y: 0.12, Z: 0.12, W: 0.95}
	white        = imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1}
)

// itemHook, when set (by tests only), is called right after some widgets
// with a name for it, so a test can ask ImGui where that widget is and
// click it with real input events.
var itemHook func(name string)

// Panel builds the whole panel for this frame from s and writes the user's
// changes back into s. Call it between NewFrame and Render. Apart from
// what cimgui-go allocates inside its own wrappers, it allocates nothing.
func (u *UI) Panel(s *PanelState) {
	clampState(s)
	ds := u.displaySize
	imgui.SetNextWindowPosV(imgui.Vec2{X: ds.X - PanelWidth, Y: 0}, imgui.CondAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: PanelWidth, Y: ds.Y}, imgui.CondAlways)
	if imgui.BeginV("Sandbox###panel", nil, imgui.WindowFlagsNoMove|imgui.WindowFlagsNoResize|imgui.WindowFlagsNoSavedSettings) {
		// Widgets stop short of the right edge so their labels fit.
		imgui.PushItemWidth(-labelWidth)
		if imgui.Button("Keys (F1)") {
			s.ShowKeys = !s.ShowKeys
		}
		if itemHook != nil {
			itemHook("keys")
		}
		u.summary(s)
		if s.History != nil {
			u.plots(s.History)
		}
		u.sceneSection(s)
		u.timeSection(s)
		u.displaySection(s)
		u.physicsSection(s)
		u.drawingSection(s)
		u.shootingSection(s)
		imgui.PopItemWidth()
	}
	imgui.End()

	if s.History != nil {
		u.behindBanner(s.History)
	}
	if s.ShowKeys {
		u.keyHelpWindow(&s.ShowKeys)
	}
}

// summary is the always-visible head of the panel: tick, bodies, the
// measured presentation and the loop's state in the last frame.
func (u *UI) summary(s *PanelState) {
	l := &u.line
	l.reset().s("tick ").u(s.Tick).s("   bodies ").i(int64(s.Bodies)).s(" (awake ").i(int64(s.AwakeBodies)).s(")").text()
	if h := s.History; h != nil {
		hz, jitter := h.Presentation(1)
		l.reset().s("display ").f(hz, 1).s(" Hz (target ").s(s.Rate.String()).s(")   jitter ").f(jitter*1e3, 2).s(" ms").text()
		if _, frameMS, steps, alpha, accMS, ok := h.Latest(); ok {
			l.reset().s("frame ").f(frameMS, 2).s(" ms   steps ").i(int64(steps)).s("   alpha ").f(alpha, 3).text()
			l.reset().s("accumulator ").f(accMS, 2).s(" ms   time scale ").f(float64(s.TimeScale), 2).s("x").text()
		}
	}
	l.reset().s("CCD hits ").u(s.CCDHits).s("   tunnels ").u(s.Tunnels).s("   teleports ").u(s.Teleports).text()
	if s.Paused {
		imgui.TextUnformatted("PAUSED")
	}
}

func (u *UI) sceneSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Scenes", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	rows := float32(min(max(len(s.Scenes), 1), 6)) + 0.25
	if imgui.BeginListBoxV("##scenes", imgui.Vec2{X: -1, Y: rows * imgui.TextLineHeightWithSpacing()}) {
		for i, name := range s.Scenes {
			if imgui.SelectableBoolV(name, i == s.Scene, 0, imgui.Vec2{}) {
				s.Scene = i
				s.SceneRequested = true
			}
		}
		imgui.EndListBox()
	}
	if imgui.Button("Reset (R)") {
		s.ResetRequested = true
	}
}

func (u *UI) timeSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Time", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.Checkbox("Pause (P)", &s.Paused)
	if itemHook != nil {
		itemHook("pause")
	}
	imgui.SameLine()
	if imgui.Button("Step (N)") {
		s.StepRequested = true
	}
	imgui.SliderFloatV("time scale", &s.TimeScale, MinTimeScale, MaxTimeScale, "%.2fx", imgui.SliderFlagsAlwaysClamp)
}

func (u *UI) displaySection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Display", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.Checkbox("vsync (V)", &s.VSync)
	imgui.SameLine()
	imgui.Checkbox("fullscreen (F11)", &s.Fullscreen)
	imgui.ComboStr("rate target (H)", (*int32)(&s.Rate), rateItems)
	imgui.Checkbox("step-count stabiliser", &s.Stabiliser)
	if imgui.Button("Screenshot (F12)") {
		s.ScreenshotRequested = true
	}
}

func (u *UI) physicsSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Physics", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.Checkbox("CCD (C)", &s.CCD)
}

func (u *UI) drawingSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Drawing", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.ComboStr("interpolation (I)", (*int32)(&s.Interp), interpItems)
	imgui.Checkbox("ghosts", &s.Ghosts)
	imgui.SameLine()
	imgui.Checkbox("AABBs", &s.AABBs)
	imgui.SameLine()
	imgui.Checkbox("contacts", &s.Contacts)
	imgui.Checkbox("CCD sweeps", &s.Sweeps)
	imgui.SameLine()
	imgui.Checkbox("trails", &s.Trails)
	imgui.SameLine()
	imgui.Checkbox("hit markers", &s.HitMarkers)
	imgui.Checkbox("sleeping tint", &s.SleepingTint)
}

func (u *UI) shootingSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Shooting", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.SliderFloatV("speed ([ ])", &s.ShotSpeed, MinShotSpeed, MaxShotSpeed, "%.0f m/s",
		imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
	imgui.SliderFloatV("size", &s.ShotSize, MinShotSize, MaxShotSize, "%.2f m",
		imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
	if imgui.RadioButtonBool("cube", !s.ShotPlate) {
		s.ShotPlate = false
	}
	imgui.SameLine()
	if imgui.RadioButtonBool("plate (Ctrl)", s.ShotPlate) {
		s.ShotPlate = true
	}
	imgui.SameLine()
	if imgui.Button("Fire (Space)") {
		s.FireRequested = true
	}
}

// Plot heights, in window pixels.
const (
	plotHeight      = 120
	stagePlotHeight = 150
)

// plots draws the live plots of the last PlotSeconds: frame time,
// accumulator and dropped time; steps and alpha; physics stage timings.
// The ring buffers are handed to ImPlot in place, with the offset of the
// oldest sample, so nothing is copied. Y axes start at 0 and end a little
// above the largest value shown (ImPlot's auto-fit would hug the data and
// hide a steady line against the frame).
func (u *UI) plots(h *History) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Plots (last 5 s)", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	now, _, _, _, _, ok := h.Latest()
	if !ok {
		imgui.TextUnformatted("no frames yet")
		return
	}
	// Titles are left out (the legend names carry the units) so the
	// plotting area keeps most of the height.
	const plotFlags = implot.FlagsNoTitle | implot.FlagsNoMenus | implot.FlagsNoBoxSelect | implot.FlagsNoMouseText
	const xFlags = implot.AxisFlagsNoLabel | implot.AxisFlagsNoTickLabels
	const yFlags = implot.AxisFlagsNoLabel
	const legend = implot.LegendFlagsOutside | implot.LegendFlagsHorizontal
	size := imgui.Vec2{X: -1, Y: plotHeight}
	from := now - PlotSeconds

	if implot.BeginPlotV("frame", size, plotFlags) {
		top := max(h.maxWithin(h.frameMS, PlotSeconds), h.maxWithin(h.accMS, PlotSeconds), h.maxWithin(h.dropMS, PlotSeconds))
		implot.SetupAxesV("", "", xFlags, yFlags)
		implot.SetupAxisLimitsV(implot.AxisX1, from, now, implot.CondAlways)
		implot.SetupAxisLimitsV(implot.AxisY1, 0, axisTop(top), implot.CondAlways)
		implot.SetupLegendV(implot.LocationNorth, legend)
		plotLine(h, "frame ms", h.frameMS)
		plotLine(h, "accumulator ms", h.accMS)
		plotLine(h, "dropped ms", h.dropMS)
		implot.EndPlot()
	}
	if implot.BeginPlotV("steps", size, plotFlags) {
		implot.SetupAxesV("", "", xFlags, yFlags)
		implot.SetupAxisV(implot.AxisY2, "", implot.AxisFlagsOpposite|implot.AxisFlagsNoLabel)
		implot.SetupAxisLimitsV(implot.AxisX1, from, now, implot.CondAlways)
		implot.SetupAxisLimitsV(implot.AxisY1, 0, h.maxWithin(h.steps, PlotSeconds)+1, implot.CondAlways)
		implot.SetupAxisLimitsV(implot.AxisY2, 0, 1, implot.CondAlways)
		implot.SetupLegendV(implot.LocationNorth, legend)
		xs, ys, n, off := h.series(h.steps)
		implot.PlotStairsdoublePtrdoublePtrV("steps", xs, ys, n, 0, off, 8)
		implot.SetAxes(implot.AxisX1, implot.AxisY2)
		plotLine(h, "alpha (right axis)", h.alpha)
		implot.EndPlot()
	}
	if len(h.stages) > 0 {
		imgui.TextUnformatted("physics stages, last step (us)")
	}
	if len(h.stages) > 0 && implot.BeginPlotV("stages", imgui.Vec2{X: -1, Y: stagePlotHeight}, plotFlags) {
		top := 0.0
		for k := range h.stages {
			top = max(top, h.maxWithin(h.stageUS[k], PlotSeconds))
		}
		implot.SetupAxesV("", "", xFlags, yFlags)
		implot.SetupAxisLimitsV(implot.AxisX1, from, now, implot.CondAlways)
		implot.SetupAxisLimitsV(implot.AxisY1, 0, axisTop(top), implot.CondAlways)
		// Up to MaxStages names: a column to the right, not a row.
		implot.SetupLegendV(implot.LocationEast, implot.LegendFlagsOutside)
		for k, name := range h.stages {
			plotLine(h, name, h.stageUS[k])
		}
		implot.EndPlot()
	}
}

// axisTop leaves 15 % of headroom above the largest value, and a unit
// range when everything is 0.
func axisTop(v float64) float64 {
	if !(v > 0) {
		return 1
	}
	return v * 1.15
}

func plotLine(h *History, label string, y []float64) {
	xs, ys, n, off := h.series(y)
	implot.PlotLinedoublePtrdoublePtrV(label, xs, ys, n, 0, off, 8)
}

// behindBanner shows a red banner at the top centre of the window while
// the loop is dropping time (over the last second), with how much.
func (u *UI) behindBanner(h *History) {
	dropped := h.DroppedWithin(1)
	if dropped <= 0 {
		return
	}
	const flags = imgui.WindowFlagsNoDecoration | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings |
		imgui.WindowFlagsNoFocusOnAppearing | imgui.WindowFlagsNoNav | imgui.WindowFlagsNoInputs
	x := (u.displaySize.X - PanelWidth) * 0.5
	imgui.SetNextWindowPosV(imgui.Vec2{X: x, Y: 8}, imgui.CondAlways, imgui.Vec2{X: 0.5, Y: 0})
	imgui.PushStyleColorVec4(imgui.ColWindowBg, bannerRed)
	imgui.PushStyleColorVec4(imgui.ColBorder, bannerBorder)
	imgui.PushStyleColorVec4(imgui.ColText, white)
	if imgui.BeginV("##behind", nil, flags) {
		u.line.reset().s("physics behind by ").f(dropped*1e3, 0).s(" ms").text()
	}
	imgui.End()
	imgui.PopStyleColorV(3)
}
