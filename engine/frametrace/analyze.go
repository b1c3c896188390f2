package frametrace

import (
	"errors"
	"fmt"
	"strconv"

	"sandbox/engine/frames"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/outdir"
	"sandbox/internal/report"
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
	// Present is a window trace's present timing (Presents); nil for a
	// trace without swap times.
	Present *frames.PresentSummary `json:"present,omitempty"`

	plot, costPlot *plotSeries // the plots' decimated lines
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

// ErrInterrupted ends Analyze when its stop function asked it to.
var ErrInterrupted = errors.New("interrupted")

// Analyze runs trace through the loop of sc (its physics rate, step cap and
// frame clamp) with sc's physics stepping, and, when withCost is set, again
// under the feedback model at costSeconds per step. No frame is kept: each
// run's per-frame CSV is written into out as the frames are run (none when
// out is nil), and the report keeps the sums and the plots' lines. stop,
// when not nil, is asked every few hundred frames; when it returns true
// the run ends with ErrInterrupted and its CSV is discarded.
func Analyze(name, source string, trace []float64, sc *scene.Scene, withCost bool, costSeconds float64, out *outdir.Dir, stop func() bool) (*TraceReport, error) {
	cfg := sc.LoopConfig()
	run := func(cost float64, csvName string) (Summary, *plotSeries, string, error) {
		sr, err := newSceneRun(sc)
		if err != nil {
			return Summary{}, nil, "", err
		}
		var csv *report.CSVStream
		if out != nil {
			if csv, err = report.CreateCSV(out, csvName, csvHeader); err != nil {
				return Summary{}, nil, "", err
			}
			defer csv.Abort()
		}
		sum, ps := newSummer(len(trace), cfg), newPlotSeries(len(trace))
		err = Stream(trace, cost, sr.advance, func(i int, f Frame) error {
			if stop != nil && i%256 == 0 && stop() {
				return ErrInterrupted
			}
			sum.add(f)
			ps.add(i, f)
			if csv == nil {
				return nil
			}
			return csv.Row(func(rec []string) []string {
				return append(rec, strconv.Itoa(i+1), num(f.Seconds), strconv.Itoa(f.Steps), num(f.Alpha), num(f.Accumulator), num(f.Dropped()))
			})
		})
		if err == nil && csv != nil {
			err = csv.Commit()
		}
		if err != nil {
			return Summary{}, nil, "", err
		}
		return sum.done(), ps, sr.hash(), nil
	}
	summary, ps, hash, err := run(0, CSVFile(name, false))
	if err != nil {
		return nil, wrapRun(name, "", err)
	}
	rep := &TraceReport{
		Name: name, Source: source,
		MeanFrameSeconds: meanClamped(trace, cfg.MaxFrameSeconds),
		SpiralMarginMs:   1000 * Margin(trace, cfg),
		Summary:          summary,
		StateHash:        hash,
		plot:             ps,
	}
	if withCost {
		summary, ps, hash, err := run(costSeconds, CSVFile(name, true))
		if err != nil {
			return nil, wrapRun(name, " with step cost", err)
		}
		rep.Cost = &CostReport{StepCostMs: 1000 * costSeconds, Summary: summary, StateHash: hash}
		rep.costPlot = ps
	}
	return rep, nil
}

// wrapRun names the trace in a run's error, except an interruption.
func wrapRun(name, what string, err error) error {
	if errors.Is(err, ErrInterrupted) {
		return err
	}
	return fmt.Errorf("%s%s: %w", name, what, err)
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
