package frametrace

import (
	"fmt"
	"strconv"
	"strings"

	"sandbox/engine/scene"
	"sandbox/internal/outdir"
	"sandbox/internal/report"
)

// Report is a whole `sandbox frames` run: the loop config and every trace.
type Report struct {
	Scene            string  `json:"scene"`
	PhysicsHz        float64 `json:"physics_hz"`
	StepSeconds      float64 `json:"step_seconds"`
	MaxStepsPerFrame int     `json:"max_steps_per_frame"`
	MaxFrameSeconds  float64 `json:"max_frame_seconds"`
	// StepCostMs is -step-cost-ms, when given.
	StepCostMs *float64       `json:"step_cost_ms,omitempty"`
	Traces     []*TraceReport `json:"traces"`
}

// NewReport starts a report for traces run on sc.
func NewReport(sc *scene.Scene) *Report {
	cfg := sc.LoopConfig()
	return &Report{Scene: sc.Name, PhysicsHz: sc.PhysicsHz, StepSeconds: cfg.StepSeconds,
		MaxStepsPerFrame: cfg.MaxStepsPerFrame, MaxFrameSeconds: cfg.MaxFrameSeconds}
}

// Files of a frames run (besides the per-trace CSV and plots: CSVFile,
// TimePlotFile, HistogramFile).
const (
	MarkdownFile = "frames.md"
	JSONFile     = "frames.json"
)

// CSVFile is trace name's per-frame CSV; cost selects the feedback run's.
func CSVFile(name string, cost bool) string {
	if cost {
		return "frames-" + name + "-cost.csv"
	}
	return "frames-" + name + ".csv"
}

// TimePlotFile is trace name's frame time, steps and accumulator plot.
func TimePlotFile(name string) string { return "frames-" + name + ".png" }

// HistogramFile is trace name's steps-per-frame histogram.
func HistogramFile(name string) string { return "steps-" + name + ".png" }

// OutputNames lists every file a run of the named traces writes, so that
// each path can be checked before anything runs.
func OutputNames(traces []string, withCost bool) []string {
	names := []string{MarkdownFile, JSONFile}
	for _, t := range traces {
		names = append(names, CSVFile(t, false), TimePlotFile(t), HistogramFile(t))
		if withCost {
			names = append(names, CSVFile(t, true))
		}
	}
	return names
}

// Write writes per trace its plots, then frames.md, and frames.json last,
// so that a frames.json is only ever beside the files of its own run (the
// CSVs are written while the traces run: Analyze).
func Write(d *outdir.Dir, r *Report) error {
	for _, t := range r.Traces {
		if err := writePlots(d, r, t); err != nil {
			return err
		}
	}
	if err := report.WriteText(d, MarkdownFile, Markdown(r)); err != nil {
		return err
	}
	return report.WriteJSON(d, JSONFile, r)
}

var csvHeader = []string{"frame", "frame_seconds", "steps", "alpha", "accumulator", "dropped"}

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// Markdown renders frames.md: the loop config, one table row per trace, the
// margin's formula, and the feedback runs.
func Markdown(r *Report) string {
	var b strings.Builder
	b.WriteString("# Frame-time traces through the loop\n\n")
	fmt.Fprintf(&b, "Scene `%s`: physics %g Hz (step h = %.4g ms), at most N = %d steps per frame, frame time clamped to M = %g s.\n\n",
		r.Scene, r.PhysicsHz, 1000*r.StepSeconds, r.MaxStepsPerFrame, r.MaxFrameSeconds)
	t := report.Table{
		Header: []string{"trace", "frames", "wall s", "physics s", "lost s", "dropped s (clamped + capped)", "max steps",
			"longest 0-step run", "longest 2+-step run", "spiral margin ms"},
		Right: []int{1, 2, 3, 4, 5, 6, 7, 8, 9},
	}
	for _, tr := range r.Traces {
		t.Add(tr.Name, strconv.Itoa(tr.Frames), f3(tr.WallSeconds), f3(tr.PhysicsSeconds), f3(tr.LostSeconds),
			fmt.Sprintf("%s (%s + %s)", f3(tr.DroppedSeconds), f3(tr.ClampedSeconds), f3(tr.CappedSeconds)),
			strconv.Itoa(tr.MaxSteps), strconv.Itoa(tr.LongestZeroStepRun), strconv.Itoa(tr.LongestMultiStepRun),
			fmt.Sprintf("%.3f", tr.SpiralMarginMs))
	}
	b.WriteString(t.String())
	b.WriteString("\nLost is wall time minus physics time: the dropped seconds plus what is still in the accumulator at the end.\n\n")
	b.WriteString("## Steps per frame\n\n")
	maxK := 0
	for _, tr := range r.Traces {
		maxK = max(maxK, len(tr.StepsHistogram))
	}
	hist := report.Table{Header: []string{"trace"}}
	for k := range maxK {
		hist.Header = append(hist.Header, fmt.Sprintf("%d", k))
		hist.Right = append(hist.Right, k+1)
	}
	for _, tr := range r.Traces {
		row := []string{tr.Name}
		for k := range maxK {
			n := 0
			if k < len(tr.StepsHistogram) {
				n = tr.StepsHistogram[k]
			}
			row = append(row, strconv.Itoa(n))
		}
		hist.Add(row...)
	}
	b.WriteString(hist.String())
	b.WriteString("\n## Spiral-of-death margin\n\n")
	b.WriteString("Running physics steps takes wall time, and that time lengthens the next frame: with a step cost C " +
		"(wall seconds per step), each frame lasts the trace's frame plus C times the steps of the frame before " +
		"(the feedback model: a frame that runs more steps makes the next one longer, which owes more steps). The loop keeps up while the mean steps per frame, " +
		"d_mean / (h - C), stays within s_max = min(N, M/h), so it spirals once\n\n")
	b.WriteString("    C > C* = h - d_mean / s_max\n\n")
	b.WriteString("where d_mean is the trace's mean frame, each clamped to M. Below C* a hitch is worked off; above it the steps " +
		"climb to the cap and stay there, dropping time every few frames.\n")
	b.WriteString(presentMarkdown(r))
	if r.StepCostMs != nil {
		fmt.Fprintf(&b, "\n## Simulated step cost of %g ms\n\n", *r.StepCostMs)
		c := report.Table{
			Header: []string{"trace", "margin ms", "spiralled", "wall s", "physics s", "dropped s", "capped frames", "max steps", "mean steps per frame"},
			Right:  []int{1, 3, 4, 5, 6, 7, 8},
		}
		for _, tr := range r.Traces {
			s := tr.Cost
			mean := 0.0
			if s.Frames > 0 {
				mean = float64(s.Ticks) / float64(s.Frames)
			}
			c.Add(tr.Name, fmt.Sprintf("%.3f", tr.SpiralMarginMs), yesNo(s.Spiralled), f3(s.WallSeconds), f3(s.PhysicsSeconds),
				f3(s.DroppedSeconds), strconv.Itoa(s.CappedFrames), strconv.Itoa(s.MaxSteps), fmt.Sprintf("%.2f", mean))
		}
		b.WriteString(c.String())
		b.WriteString("\nSpiralled: over the last tenth of the frames every frame ran the cap of N steps and time was dropped.\n")
	}
	return b.String()
}

func f3(v float64) string { return fmt.Sprintf("%.3f", v) }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
