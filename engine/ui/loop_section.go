package ui

import (
	"strings"

	"github.com/AllenDang/cimgui-go/imgui"

	"sandbox/engine/loop"
)

// LoopState is the panel's loop section: the policy and catch-up (indices
// in loop.PolicyNames and loop.CatchUpNames order), a stall on demand,
// and what the loop did with the last frame.
type LoopState struct {
	Policy, CatchUp int32
	// StallRequested is one-shot: the next frame lasts a stall longer (F3).
	StallRequested bool
	// Locked: a recording or replay runs, so the loop stays as it is.
	Locked bool
	// SplitPolicies: the split view (X) shows the fixed loop on the left
	// and this policy on the right (variable when this is fixed).
	SplitPolicies bool
	// StepDT is the last step's dt, s; Steps and the seconds below are what
	// the loop did with the last frame's time: clamped, capped, skipped
	// (skip-long), reset, deferred (slow) and still owed (Behind).
	StepDT                                            float64
	Steps                                             int
	Clamped, Capped, Skipped, Reset, Deferred, Behind float64
}

var (
	policyItems  = strings.Join(loop.PolicyNames(), "\x00") + "\x00"
	catchUpItems = strings.Join(loop.CatchUpNames(), "\x00") + "\x00"
)

func (u *UI) loopSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Loop", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	l := &s.Loop
	if l.Locked {
		imgui.BeginDisabled()
	}
	imgui.ComboStr("policy (J)", &l.Policy, policyItems)
	tooltip("fixed: whole steps of the physics step (reproducible at any display rate)\n" +
		"variable: one step of the frame's time\nsemi-fixed: the frame in equal steps no longer than the physics step\n" +
		"skip-long: fixed, but a frame longer than the clamp runs no step\nfloat32-acc: fixed with a float32 accumulator\n" +
		"(not while recording or replaying)")
	imgui.ComboStr("catch-up (Shift+J)", &l.CatchUp, catchUpItems)
	tooltip("drop: clamp and cap, dropping the rest\nslow: never drop a step; the world falls behind\nreset: after a long frame, clear the accumulator")
	imgui.Checkbox("split: fixed | policy", &l.SplitPolicies)
	tooltip("the split view (X) shows two simulations of the same scene, frame times and shots:\n" +
		"the fixed loop on the left, the policy above on the right (variable when it is fixed);\n" +
		"turning it on restarts the scene so that both start together")
	if l.Locked {
		imgui.EndDisabled()
	}
	if imgui.Button("stall 50 ms (F3)") {
		l.StallRequested = true
	}
	tooltip("the next frame lasts 50 ms longer, as after a hitch")
	// Built in place, so that a frame allocates nothing.
	ln := u.line.reset().s("last step dt ").f(l.StepDT*1e3, 2).s(" ms; ").i(int64(l.Steps)).s(" steps")
	for _, x := range [...]struct {
		what string
		sec  float64
	}{{", clamped ", l.Clamped}, {", capped ", l.Capped}, {", skipped ", l.Skipped}, {", reset ", l.Reset},
		{", deferred ", l.Deferred}, {", behind ", l.Behind}} {
		if x.sec > 0 {
			ln.s(x.what).f(x.sec*1e3, 0).s(" ms")
		}
	}
	ln.text()
}
