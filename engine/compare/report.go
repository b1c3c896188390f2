package compare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// File is one output of a compare: its name inside the output folder and
// its bytes.
type File struct {
	Name string
	Data []byte
}

// Files renders every output: report.md, report.json, one CSV per run and
// the PNG plots.
func (r *Result) Files() ([]File, error) {
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	files := []File{{"report.json", append(js, '\n')}}
	for _, run := range r.Runs {
		files = append(files, File{run.CSVName(), run.csv(r.Bodies)})
	}
	plots, err := r.plots()
	if err != nil {
		return nil, err
	}
	files = append(files, plots...)
	files = append(files, File{"report.md", r.markdown(plots)})
	return files, nil
}

// CSVName is the run's per-frame CSV file name, e.g. run-144hz-lerp.csv.
func (run *Run) CSVName() string {
	return fmt.Sprintf("run-%shz-%s.csv", fmtNum(run.DisplayHz), run.Interp)
}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// csv writes one line per frame: the loop's numbers, then for each traced
// body the drawn and exact centres and the errors.
func (run *Run) csv(bodies []string) []byte {
	var b bytes.Buffer
	b.WriteString("frame,time,frame_seconds,steps,alpha,tick")
	for _, n := range bodies {
		n = strings.NewReplacer(",", "_", "\n", "_", "\"", "_").Replace(n)
		for _, f := range []string{"drawn_x", "drawn_y", "drawn_z", "exact_x", "exact_y", "exact_z", "error", "angle_error"} {
			b.WriteString("," + n + "." + f)
		}
	}
	b.WriteByte('\n')
	num := func(v float64) { b.WriteByte(','); b.WriteString(fmtNum(v)) }
	for _, r := range run.rows {
		fmt.Fprintf(&b, "%d,%s,%s,%d,%s,%d", r.frame, fmtNum(r.time), fmtNum(r.frameSeconds), r.steps, fmtNum(r.alpha), r.tick)
		for _, br := range r.bodies {
			if !br.ok {
				b.WriteString(",,,,,,,,")
				continue
			}
			for _, v := range br.drawn {
				num(v)
			}
			for _, v := range br.exact {
				num(v)
			}
			num(br.err)
			num(br.angleErr)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// markdown is report.md: what was run, a table per rate and mode, the plots.
func (r *Result) markdown(plots []File) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# sandbox compare: %s\n\n", r.Scene)
	fmt.Fprintf(&b, "%d ticks at %g Hz physics in every run; display jitter %g (seed %d)", r.Ticks, r.PhysicsHz, r.Jitter, r.Seed)
	if r.HitchEvery > 0 {
		fmt.Fprintf(&b, ", a %g s hitch every %d frames", r.HitchSeconds, r.HitchEvery)
	}
	fmt.Fprintf(&b, ".\n\nPhysics is independent of the display: the state hash at all %d checkpoint ticks and at the end (%s) is the same in every run.\n\n",
		r.Checkpoints, r.StateHash)
	b.WriteString("**Visual error** is the distance from the drawn centre to the exact trajectory at the frame's display time delayed by one step " +
		"(what interpolation is meant to show), in metres and in steps of travel. **Judder** is the standard deviation of the drawn velocity's " +
		"departure from the true one from frame to frame, over the true speed: 0 is perfectly even motion, 1 is as uneven as the motion itself. " +
		"**Streaks** count frames that draw a teleported body between its old and new place (with the teleport flag honoured / ignored).\n\n")
	for _, run := range r.Runs {
		h := run.StepsPerFrame
		fmt.Fprintf(&b, "## %g Hz, %s\n\n", run.DisplayHz, run.Interp)
		fmt.Fprintf(&b, "%d frames; steps per frame 0/1/2/3+: %d / %d / %d / %d; the step count changes in %.0f%% of frames; dropped %.3g s; [per-frame CSV](%s)\n\n",
			run.Frames, h[0], h[1], h[2], h[3], 100*run.Alternation, run.DroppedSeconds, run.CSVName())
		b.WriteString("| body | speed m/s | error mean m | error p99 m | error mean (steps) | error p99 (steps) | angle error mean rad | angle error p99 rad | judder | streaks (flag / ignored) |\n")
		b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
		for _, m := range run.Bodies {
			fmt.Fprintf(&b, "| %s | %.3g | %.3g | %.3g | %.3g | %.3g | %.3g | %.3g | %.3g | %d / %d |\n", mdCell(m.Name), m.Speed,
				m.ErrorMean, m.ErrorP99, m.ErrorMeanSteps, m.ErrorP99Steps, m.AngleErrorMean, m.AngleErrorP99, m.Judder,
				m.TeleportStreaks, m.TeleportStreaksFlagIgnored)
		}
		b.WriteByte('\n')
	}
	b.WriteString("## Plots\n\n")
	for _, p := range plots {
		fmt.Fprintf(&b, "![%s](%s)\n\n", strings.TrimSuffix(p.Name, ".png"), p.Name)
	}
	return b.Bytes()
}

func mdCell(s string) string { return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s) }
