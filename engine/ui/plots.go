package ui

import (
	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/AllenDang/cimgui-go/implot"
)

// Shares of the plot strip's width: frame times, steps and alpha, and the
// physics stages (which also hold their legend of up to MaxStages names).
const (
	framePlotShare = 0.36
	stepsPlotShare = 0.26
	// minPlotWidth is the narrowest a plot is drawn, window pixels: its
	// title and legend fit. A narrower strip shows fewer plots (frame time
	// first, then steps and alpha, then the physics stages) rather than
	// clipped titles and legends over the curves.
	minPlotWidth = 250
)

// plotCount is how many plots fit a strip w pixels wide (at least one).
func plotCount(w float32, stages bool) int {
	n := 3
	if !stages {
		n = 2
	}
	return max(1, min(n, int(w/minPlotWidth)))
}

// plotStrip draws the live plots of the last PlotSeconds along the bottom
// of the 3D view, side by side: frame time, accumulator and dropped time;
// steps and alpha; physics stage timings. The ring buffers are handed to
// ImPlot in place, with the offset of the oldest sample, so nothing is
// copied. Y axes start at 0 and end a little above the largest value shown
// (ImPlot's auto-fit would hug the data and hide a steady line against the
// frame).
func (u *UI) plotStrip(h *History) {
	const flags = fixedWindow | imgui.WindowFlagsNoTitleBar | imgui.WindowFlagsNoScrollbar | imgui.WindowFlagsNoScrollWithMouse
	imgui.SetNextWindowPosV(imgui.Vec2{X: 0, Y: u.layout.viewH}, imgui.CondAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: u.layout.viewW, Y: u.displaySize.Y - u.layout.viewH}, imgui.CondAlways)
	if imgui.BeginV("##plots", nil, flags) {
		u.plots(h)
	}
	imgui.End()
}

func (u *UI) plots(h *History) {
	now, _, _, _, _, ok := h.Latest()
	if !ok {
		textUnformatted("no frames yet")
		return
	}
	const plotFlags = implot.FlagsNoMenus | implot.FlagsNoBoxSelect | implot.FlagsNoMouseText
	const xFlags = implot.AxisFlagsNoLabel | implot.AxisFlagsNoTickLabels
	const yFlags = implot.AxisFlagsNoLabel
	// Legends in a row inside the top of the plot, under the title, in the
	// headroom axisTop leaves: outside, ImPlot would put them above it.
	const legend = implot.LegendFlagsHorizontal
	// The strip's inner size, from the layout and the style read once in
	// New (cimgui-go's ContentRegionAvail and style getters allocate).
	avail := imgui.Vec2{
		X: u.layout.viewW - 2*u.windowPadding.X,
		Y: u.displaySize.Y - u.layout.viewH - 2*u.windowPadding.Y,
	}
	w := avail.X - 2*u.itemSpacing.X
	from := now - PlotSeconds
	count := plotCount(avail.X, len(h.stages) > 0)
	frameW, stepsW := w*framePlotShare, w*stepsPlotShare
	switch count {
	case 1:
		frameW = -1 // the whole strip
	case 2:
		frameW, stepsW = (avail.X-u.itemSpacing.X)*0.58, -1
	}

	if implot.BeginPlotV("frame time (ms), last 5 s", imgui.Vec2{X: frameW, Y: avail.Y}, plotFlags) {
		top := max(h.maxWithin(h.frameMS, PlotSeconds), h.maxWithin(h.accMS, PlotSeconds), h.maxWithin(h.dropMS, PlotSeconds))
		implot.SetupAxesV("", "", xFlags, yFlags)
		implot.SetupAxisLimitsV(implot.AxisX1, from, now, implot.CondAlways)
		implot.SetupAxisLimitsV(implot.AxisY1, 0, axisTop(top), implot.CondAlways)
		implot.SetupLegendV(implot.LocationNorthWest, legend)
		plotLine(h, "frame", h.frameMS)
		plotLine(h, "accumulator", h.accMS)
		plotLine(h, "dropped", h.dropMS)
		implot.EndPlot()
	}
	if count < 2 {
		return
	}
	imgui.SameLine()
	if implot.BeginPlotV("steps / frame, alpha (right)", imgui.Vec2{X: stepsW, Y: avail.Y}, plotFlags) {
		implot.SetupAxesV("", "", xFlags, yFlags)
		implot.SetupAxisV(implot.AxisY2, "", implot.AxisFlagsOpposite|implot.AxisFlagsNoLabel)
		implot.SetupAxisLimitsV(implot.AxisX1, from, now, implot.CondAlways)
		implot.SetupAxisLimitsV(implot.AxisY1, 0, h.maxWithin(h.steps, PlotSeconds)+1, implot.CondAlways)
		implot.SetupAxisLimitsV(implot.AxisY2, 0, 1, implot.CondAlways)
		implot.SetupLegendV(implot.LocationNorthWest, legend)
		xs, ys, n, off := h.series(h.steps)
		implot.PlotStairsdoublePtrdoublePtrV("steps", xs, ys, n, 0, off, 8)
		implot.SetAxes(implot.AxisX1, implot.AxisY2)
		plotLine(h, "alpha", h.alpha)
		implot.EndPlot()
	}
	if count < 3 {
		return
	}
	imgui.SameLine()
	if len(h.solver) == 0 {
		stagePlot(h, "physics stages, last step (us)", h.stages, &h.stageUS, from, now, avail.Y)
		return
	}
	// Two tabs in the third slot: the step's stages, and the solver's
	// passes. A fourth plot would leave each under 220 px at 1280x720 (the
	// panel takes 400), too narrow for a legend of eight names beside the
	// curves; one tall legend of all sixteen would not fit 200 px.
	imgui.BeginGroup()
	if imgui.BeginTabBar("##stages") {
		if imgui.BeginTabItem("physics stages (us)") {
			stagePlot(h, "##physics stages", h.stages, &h.stageUS, from, now, -1)
			imgui.EndTabItem()
		}
		if imgui.BeginTabItem("solver passes (us)") {
			stagePlot(h, "##solver passes", h.solver, &h.solverUS, from, now, -1)
			imgui.EndTabItem()
		}
		imgui.EndTabBar()
	}
	imgui.EndGroup()
}

// stagePlot draws one line per name from ys over [from, now], the rest of
// the row wide and height tall (-1: to the bottom of the strip), its
// legend a column to the right.
func stagePlot(h *History, title string, names []string, ys *[MaxStages][]float64, from, now float64, height float32) {
	const plotFlags = implot.FlagsNoMenus | implot.FlagsNoBoxSelect | implot.FlagsNoMouseText
	if !implot.BeginPlotV(title, imgui.Vec2{X: -1, Y: height}, plotFlags) {
		return
	}
	top := 0.0
	for k := range names {
		top = max(top, h.maxWithin(ys[k], PlotSeconds))
	}
	implot.SetupAxesV("", "", implot.AxisFlagsNoLabel|implot.AxisFlagsNoTickLabels, implot.AxisFlagsNoLabel)
	implot.SetupAxisLimitsV(implot.AxisX1, from, now, implot.CondAlways)
	implot.SetupAxisLimitsV(implot.AxisY1, 0, axisTop(top), implot.CondAlways)
	// Up to MaxStages names: a column to the right, not a row.
	implot.SetupLegendV(implot.LocationEast, implot.LegendFlagsOutside)
	for k, name := range names {
		plotLine(h, name, ys[k])
	}
	implot.EndPlot()
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
