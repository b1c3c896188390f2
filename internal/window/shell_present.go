//go:build cgo

package window

import (
	"fmt"
	"io"

	"sandbox/engine/frames"
	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// presentState is the window's measure of what it presented: the intervals
// between the returns of SwapBuffers against the rate asked for, and the
// latency of the user's inputs from their arrival to the present of the
// first frame that draws their effect (docs/window.md, Present timing).
type presentState struct {
	recent *frames.PresentTiming // the panel's: the current display setting only
	run    *frames.PresentTiming // -stats and the trace's: the whole run
	inputs *frames.InputLatency

	sess    *session.Session // the session whose queued inputs are followed
	pollNs  int64            // the frame clock at this frame's poll of events
	setting displaySetting   // what recent was measured under
	stamper *swapStamper     // -trace: each line gets its frame's swap time
}

// displaySetting is what the presents are asked to do; a change starts the
// panel's window afresh.
type displaySetting struct {
	targetHz   float64
	vsync      bool
	fullscreen bool
}

// init makes the measures.
func (p *presentState) init() {
	p.recent = frames.NewPresentTiming(1024)
	p.run = frames.NewPresentTiming(frames.RunPresentIntervals)
	p.inputs = frames.NewInputLatency(64)
}

// holdLines returns the writer the -trace writer must write to: it holds
// each frame's line until its present and then writes it to trace.
func (p *presentState) holdLines(trace io.Writer) io.Writer {
	p.stamper = &swapStamper{out: trace}
	return p.stamper
}

// presentTargetHz is the rate the presents are asked for: the pacer's, or
// with vsync and no pacer the monitor's; 0 when nothing asks for one.
func (s *shell) presentTargetHz() float64 {
	if hz := s.pacer.Hz(); hz > 0 {
		return hz
	}
	if s.vsync {
		return s.nativeHz
	}
	return 0
}

// followSession forgets the inputs of a session that was replaced by sess
// (a scene load or reset drops the queue).
func (s *shell) followSession(sess *session.Session) {
	if p := &s.pt; p.sess != sess {
		p.inputs.Forget()
		p.sess = sess
	}
}

// inputsBeforeAdvance notes the inputs queued since the last look: the
// event callbacks ran in this frame's poll, so they arrived then (GLFW
// gives no event times; an event that waited in the queue while the frame
// rendered or slept is counted from the poll that delivered it).
func (s *shell) inputsBeforeAdvance(sess *session.Session) {
	s.followSession(sess)
	p := &s.pt
	p.pollNs = frameClock()
	p.inputs.Queued(len(sess.Pending()), p.pollNs)
}

// inputsAfterAdvance notes that the frame's first step applied every
// queued input.
func (s *shell) inputsAfterAdvance(fr *session.Frame) {
	if fr.Steps > 0 {
		s.pt.inputs.Stepped(fr.FirstTick)
	}
}

// drawnTick is the last tick whose step the drawn state includes, t being
// the session's tick: off and extrapolation draw curr, the state after the
// last step; lerp and slerp blend prev and curr, and at alpha 0 that is
// prev alone.
func (v *viewer) drawnTick(t uint64) uint64 {
	if (v.view.Mode == interp.Lerp || v.view.Mode == interp.Slerp) && v.drawAlpha == 0 && t > 0 {
		return t - 1
	}
	return t
}

// presented records a frame of sess presented at swapNs (the frame clock
// when SwapBuffers returned) showing tick drawn: its interval, the inputs
// it shows, and its trace line (trace, nil for none) with the swap time.
func (s *shell) presented(sess *session.Session, drawn uint64, trace *headless.TraceWriter, swapNs int64) error {
	p := &s.pt
	s.followSession(sess)
	// Inputs the panel queued after the advance arrived at this frame's poll.
	p.inputs.Queued(len(sess.Pending()), p.pollNs)
	p.inputs.Presented(drawn, swapNs)
	target := s.presentTargetHz()
	if ds := (displaySetting{target, s.vsync, s.fullscreen}); ds != p.setting {
		p.setting = ds
		p.recent.Clear()
	}
	p.recent.Swap(swapNs, target)
	p.run.Swap(swapNs, target)
	return s.stampTrace(trace, true, float64(swapNs)*1e-9, target)
}

// notPresented is a frame that was not drawn (minimised): the gap is no
// interval, and its trace line has no swap time.
func (s *shell) notPresented(trace *headless.TraceWriter) error {
	s.pt.recent.Restart()
	s.pt.run.Restart()
	return s.stampTrace(trace, false, 0, 0)
}

// stampTrace writes this frame's trace line, held since the advance.
func (s *shell) stampTrace(trace *headless.TraceWriter, swapped bool, swapSeconds, targetHz float64) error {
	p := &s.pt
	if p.stamper == nil || trace == nil {
		return nil
	}
	_ = trace.Flush() // hands the line to the stamper; its errors are the stamper's
	if err := p.stamper.release(swapped, swapSeconds, targetHz, s.vsync); err != nil {
		return fmt.Errorf("-trace: %w", err)
	}
	return nil
}

// presentPanel is the panel's present and latency lines.
func (s *shell) presentPanel() ui.PresentState {
	return ui.PresentState{Requested: s.pacer.Hz(), VSync: s.vsync, Present: s.pt.recent.Summary(),
		Latency: s.pt.inputs.Summary(), InFlight: s.pt.inputs.InFlight()}
}

// presentStats are -stats' fields on presents and input latency.
type presentStats struct {
	Present      PresentRun            `json:"present"`
	InputLatency frames.LatencySummary `json:"input_latency_ms"`
}

// PresentRun is the run's present timing beside what was asked for.
type PresentRun struct {
	RequestedHz float64 `json:"requested_hz"` // the pacer's rate, 0 = not pacing
	VSync       bool    `json:"vsync"`
	frames.PresentSummary
}

func (s *shell) presentStats() presentStats {
	return presentStats{Present: PresentRun{RequestedHz: s.pacer.Hz(), VSync: s.vsync, PresentSummary: s.pt.run.Summary()},
		InputLatency: s.pt.inputs.Summary()}
}
