package frametrace

import (
	"fmt"

	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// TraceReport is everything `sandbox frames` says about one trace.
type TraceReport struct {
	Name   string `json:"name"`
	Source string `json:"source"` // "synthetic" or the -trace file
	// MeanFrameSeconds is the trace's mean frame, each clamped to
	// MaxFrameSeconds: the d_mean of the margin.
	MeanFrameSeconds float64 `json:"mean_frame_seconds"`
	// SpiralMarginMs is C* (Margin) in milliseconds of wall time per step.
	SpiralMarginMs float64 `json:"spiral_margin_ms"`
	Summary
	// StateHash is the scene's physics state after the run (hex): the same
	// trace on the same scene always ends in the same state.
	StateHash string `json:"state_hash"`
	// Cost is the run under the feedback model with -step-cost-ms.
	Cost *CostReport `json:"step_cost,omitempty"`

	frames, costFrames []Frame
}

// CostReport is one trace run under the feedback model.
type CostReport struct {
	StepCostMs float64 `json:"step_cost_ms"`
	Summary
	StateHash string `json:"state_hash"`
}

// sceneRun is the scene in a session.Session: the frame loop the window and
// headless runs use, so a trace is stepped exactly as they step it.
type sceneRun struct{ s *session.Session }

func newSceneRun(sc *scene.Scene) (*sceneRun, error) {
	s, err := session.New(session.Options{Scene: sc})
	if err != nil {
		return nil, err
	}
	return &sceneRun{s: s}, nil
}

func (r *sceneRun) advance(seconds float64) (Frame, error) {
	f, err := r.s.Advance(seconds)
	if err != nil {
		return Frame{}, err
	}
	return Frame{Steps: f.Steps, Alpha: f.Alpha, Accumulator: f.Accumulator,
		Clamped: f.ClampedSeconds, Capped: f.CappedSeconds}, nil
}

func (r *sceneRun) hash() string { return fmt.Sprintf("%016x", r.s.World().StateHash()) }

// Analyze runs trace through the loop of sc (its physics rate, step cap and
// frame clamp) with sc's physics stepping, and, when withCost is set, again
// under the feedback model at costSeconds per step.
func Analyze(name, source string, trace []float64, sc *scene.Scene, withCost bool, costSeconds float64) (*TraceReport, error) {
	cfg := sc.LoopConfig()
	run, err := newSceneRun(sc)
	if err != nil {
		return nil, err
	}
	frames, err := Simulate(trace, 0, run.advance)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	rep := &TraceReport{
		Name: name, Source: source,
		MeanFrameSeconds: meanClamped(trace, cfg.MaxFrameSeconds),
		SpiralMarginMs:   1000 * Margin(trace, cfg),
		Summary:          Summarize(frames, cfg),
		StateHash:        run.hash(),
		frames:           frames,
	}
	if withCost {
		run, err := newSceneRun(sc)
		if err != nil {
			return nil, err
		}
		cf, err := Simulate(trace, costSeconds, run.advance)
		if err != nil {
			return nil, fmt.Errorf("%s with step cost: %v", name, err)
		}
		rep.Cost = &CostReport{StepCostMs: 1000 * costSeconds, Summary: Summarize(cf, cfg), StateHash: run.hash()}
		rep.costFrames = cf
	}
	return rep, nil
}

func meanClamped(trace []float64, clamp float64) float64 {
	if len(trace) == 0 {
		return 0
	}
	sum := 0.0
	for _, d := range trace {
		if clamp > 0 {
			d = min(d, clamp)
		}
		sum += d
	}
	return sum / float64(len(trace))
}
