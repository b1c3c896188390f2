package ui

import (
	"github.com/AllenDang/cimgui-go/imgui"

	"sandbox/engine/frames"
)

// PresentState is the panel's section on what the window presented: the
// rate asked for, the intervals between swap returns measured against it,
// and the latency of the last inputs.
type PresentState struct {
	Requested float64 // the pacer's rate, Hz; 0 = not pacing
	VSync     bool
	Present   frames.PresentSummary
	Latency   frames.LatencySummary
	InFlight  int // inputs arrived but not yet on screen
}

const (
	presentTip = "measured between the returns of SwapBuffers, as the program sees them;\n" +
		"deviation: |interval - the period asked for| (with nothing asked for: the mean interval);\n" +
		"missed: intervals longer than 1.5 periods. Restarted when the rate, vsync or fullscreen changes"
	latencyTip = "the last inputs (shots, CCD switches, physics-rate changes): from the poll that delivered the key or click\n" +
		"to the return of SwapBuffers for the first frame whose drawn state includes the step that applied it"
)

// presentSection shows the present timing and the input latency.
func (u *UI) presentSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Presents and latency", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	hook("presents")
	p := &s.Present
	imgui.PushTextWrapPosV(0) // a narrow panel wraps the lines rather than cutting them
	presentRateLine(&u.line, p).text()
	tooltip(presentTip)
	presentJitterLine(&u.line, p).text()
	tooltip(presentTip)
	missedLine(&u.line, p).text()
	tooltip(presentTip)
	latencyLine(&u.line, p).text()
	tooltip(latencyTip)
	imgui.PopTextWrapPos()
}

// presentRateLine is "presents 143.9 Hz, asked 144 Hz (pacer, vsync off)".
func presentRateLine(l *line, p *PresentState) *line {
	l.reset().s("presents ").f(p.Present.MeasuredHz, 1).s(" Hz, asked ")
	switch {
	case p.Requested > 0:
		l.f(p.Requested, 0).s(" Hz (pacer, vsync ")
	case p.Present.TargetHz > 0:
		l.f(p.Present.TargetHz, 0).s(" Hz (monitor, vsync ")
	case p.VSync:
		return l.s("the monitor's rate, unknown (vsync on)")
	default:
		l.s("none (uncapped, vsync ")
	}
	if p.VSync {
		return l.s("on)")
	}
	return l.s("off)")
}

// presentJitterLine is "deviation p50 A ms, p99 B ms": how far presents
// strayed from their slot.
func presentJitterLine(l *line, p *PresentState) *line {
	return l.reset().s("deviation p50 ").f(p.Present.DeviationP50Ms, 2).s(" ms, p99 ").f(p.Present.DeviationP99Ms, 2).s(" ms")
}

// missedLine is "missed slots 2 of 1023 intervals".
func missedLine(l *line, p *PresentState) *line {
	return l.reset().s("missed slots ").i(int64(p.Present.Missed)).s(" of ").i(int64(p.Present.Intervals)).s(" intervals")
}

// latencyLine is "input latency last L ms, p50 A, p99 B, max C (N inputs)",
// or says no input has been shown yet.
func latencyLine(l *line, p *PresentState) *line {
	lt := &p.Latency
	l.reset().s("input latency ")
	if lt.Inputs == 0 {
		l.s("- (no input shown yet")
		if p.InFlight > 0 {
			l.s("; ").i(int64(p.InFlight)).s(" waiting")
		}
		return l.s(")")
	}
	l.s("last ").f(lt.Last, 1).s(" ms, p50 ").f(lt.P50, 1).s(", p99 ").f(lt.P99, 1).s(", max ").f(lt.Max, 1).
		s(" (").i(int64(lt.Count)).s(" input")
	if lt.Count != 1 {
		l.s("s")
	}
	if p.InFlight > 0 {
		l.s("; ").i(int64(p.InFlight)).s(" waiting")
	}
	return l.s(")")
}
