package compare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"sandbox/engine/headless"
)

// File is one output of a compare: its name inside the output folder and
// its bytes.
type File struct {
	Name string
	Data []byte
}

// Files renders the outputs that are not streamed while the runs go:
// report.json, the PNG plots and report.md (the per-frame CSVs go through
// Config.Open).
func (r *Result) Files() ([]File, error) {
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	files := []File{{"report.json", append(js, '\n')}}
	plots, err := r.plots()
	if err != nil {
		return nil, err
	}
	loopPlots, err := r.loopPlots()
	if err != nil {
		return nil, err
	}
	plots = append(plots, loopPlots...)
	files = append(files, plots...)
	files = append(files, File{"report.md", r.markdown(plots)})
	return files, nil
}

// CSVName is the run's per-frame CSV file name, e.g. run-144hz-lerp.csv
// or run-vrr48-144-lerp.csv.
func (run *Run) CSVName() string {
	if run.vrr.On() {
		return fmt.Sprintf("run-vrr%s-%s-%s.csv", fmtNum(run.vrr.Min), fmtNum(run.vrr.Max), run.Interp)
	}
	return fmt.Sprintf("run-%shz-%s.csv", fmtNum(run.DisplayHz), run.Interp)
}

// VRRRun names a run on a variable-refresh display, for CSVName.
func VRRRun(v headless.VRR, mode string) *Run { return &Run{DisplayHz: v.Max, Interp: mode, vrr: v} }

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// markdown is report.md: what was run, a summary of every rate and mode,
// then a table per rate and mode, and the plots.
func (r *Result) markdown(plots []File) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# sandbox compare: %s\n\n", r.Scene)
	fmt.Fprintf(&b, "%d ticks at %g Hz physics in every run; display jitter %g (seed %d)", r.Ticks, r.PhysicsHz, r.Jitter, r.Seed)
	if r.HitchEvery > 0 {
		fmt.Fprintf(&b, ", a %g s hitch every %d frames", r.HitchSeconds, r.HitchEvery)
	}
	if r.VRRRenderMs != nil {
		from := "uniform from the seed"
		if r.VRRRenderFrom != "" {
			from = "each frame's from the trace " + mdCell(r.VRRRenderFrom)
		}
		fmt.Fprintf(&b, "; the variable-refresh displays render each frame in %s to %s ms (%s) and present it when rendered, within their range", fig(r.VRRRenderMs[0]), fig(r.VRRRenderMs[1]), from)
	}
	fmt.Fprintf(&b, ".\n\nPhysics is independent of the display: the state hash at all %d checkpoint ticks and at the end (%s) is the same in every run.\n\n",
		r.Checkpoints, r.StateHash)
	r.summary(&b)
	b.WriteString("**Visual error** is the distance from the drawn centre to the exact trajectory at the frame's display time delayed by one step " +
		"(what interpolation is meant to show), in metres and in steps of travel; **present error** the same against the exact trajectory at the display time itself " +
		"(what extrapolation aims at). **Judder** is the standard deviation of the drawn velocity's " +
		"departure from the true one from frame to frame, over the true speed: 0 is perfectly even motion, 1 is as uneven as the motion itself. " +
		"**Streaks** count frames that draw a teleported body between its old and new place (with the teleport flag honoured / ignored). " +
		fmt.Sprintf("The figures hold for steady motion: each body is measured only over its steady frames (moving at %g m/s or more, its velocity changing by at most %g%% of its speed a step: "+
			"no impact, stop, bounce or teleport), and a body with fewer than %d of them is not measured. "+
			"p99 figures come from a log-bucket histogram and are within 1/128 of the exact nearest rank; figures below float noise (1e-9 m or rad, 1e-6 steps) show as 0.\n\n",
			MinSteadySpeed, 100*SteadyTolerance, MinSteadyFrames))
	r.latencyMarkdown(&b)
	for _, run := range r.Runs {
		h := run.StepsPerFrame
		fmt.Fprintf(&b, "## %s, %s\n\n", run.Label(), run.Interp)
		fmt.Fprintf(&b, "%d frames, %s to %s ms apart; steps per frame 0/1/2/3+: %d / %d / %d / %d; the step count changes in %.0f%% of frames; dropped %s s",
			run.Frames, fig(1000*run.FrameSecondsMin), fig(1000*run.FrameSecondsMax), h[0], h[1], h[2], h[3], 100*run.Alternation, fig(run.DroppedSeconds))
		if run.VRR != "" {
			fmt.Fprintf(&b, "; %d repeated frames while a slow one rendered", run.VRRRepeats)
		}
		if run.CSV != "" {
			fmt.Fprintf(&b, "; [per-frame CSV](%s)", run.CSV)
		}
		b.WriteString("\n\n")
		b.WriteString("| body | steady frames | speed m/s | error mean m | error p99 m | error mean (steps) | error p99 (steps) | present error mean (steps) | present error p99 (steps) | angle error mean rad | angle error p99 rad | judder | streaks (flag / ignored) |\n")
		b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, m := range run.Bodies {
			if !m.Measured {
				fmt.Fprintf(&b, "| %s | %d of %d | not measured: never steady for %d frames | | | | | | | | | | %d / %d |\n", mdCell(m.Name), m.SteadyFrames, m.Frames,
					MinSteadyFrames, m.TeleportStreaks, m.TeleportStreaksFlagIgnored)
				continue
			}
			fmt.Fprintf(&b, "| %s | %d of %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d / %d |\n", mdCell(m.Name), m.SteadyFrames, m.Frames, fig(m.Speed),
				fig(m.ErrorMean), fig(m.ErrorP99), fig(m.ErrorMeanSteps), fig(m.ErrorP99Steps), fig(m.PresentErrorMeanSteps), fig(m.PresentErrorP99Steps),
				fig(m.AngleErrorMean), fig(m.AngleErrorP99), fig(m.Judder), m.TeleportStreaks, m.TeleportStreaksFlagIgnored)
		}
		b.WriteByte('\n')
	}
	r.loopsMarkdown(&b)
	r.moversMarkdown(&b)
	b.WriteString("## Plots\n\n")
	for _, p := range plots {
		fmt.Fprintf(&b, "![%s](%s)\n\n", strings.TrimSuffix(p.Name, ".png"), p.Name)
	}
	return b.Bytes()
}

// fig is a figure to three significant digits, without an exponent where
// one is not needed.
func fig(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

func mdCell(s string) string { return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s) }
