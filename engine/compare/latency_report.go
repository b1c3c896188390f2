package compare

import (
	"bytes"
	"fmt"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// LatencyPlot is the latency distribution plot's file name.
const LatencyPlot = "latency.png"

// latencyMarkdown is report.md's latency table, with -inputs-at.
func (r *Result) latencyMarkdown(b *bytes.Buffer) {
	if r.Inputs == 0 {
		return
	}
	b.WriteString("## Input latency\n\n")
	fmt.Fprintf(b, "%d synthetic inputs at %s display times (seed %d), the same on every display, each from its arrival to the present of the first frame "+
		"whose drawn state includes the tick that applied it (docs/latency.md). ms; the last three columns are the mean's parts.\n\n", r.Inputs, r.InputsAt, r.Seed)
	b.WriteString("| display | interp | inputs shown | mean | p50 | p99 | max | waiting for the step | waiting for the frame | interpolation delay |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, run := range r.Runs {
		l, s := run.InputLatency, run.InputLatencySplit
		if l == nil {
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %d of %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", run.Label(), run.Interp, l.Inputs, l.Inputs+l.Unshown,
			l.Mean, l.P50, l.P99, l.Max, s.StepWait, s.FrameWait, s.InterpDelay)
	}
	b.WriteByte('\n')
}

// plotLatency draws the inputs' latency distributions (the fraction of
// inputs shown within x ms) on one plot: a colour per display, a dash per
// interpolation mode, each mode thinner than the one before so that equal
// distributions (off and extrapolate, lerp and slerp) show through each
// other.
func (r *Result) plotLatency() ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: input-to-screen latency, %d inputs at %s times", r.Scene, r.Inputs, r.InputsAt)
	p.X.Label.Text = "latency (ms)"
	p.Y.Label.Text = "fraction of inputs shown within"
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	dashes := [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}, {vg.Points(8), vg.Points(2), vg.Points(2), vg.Points(2)}}
	var modes []string
	hi := 0.0
	for _, run := range r.Runs {
		if !slices.Contains(modes, run.Interp) {
			modes = append(modes, run.Interp)
		}
		for _, v := range run.latencies {
			hi = max(hi, v)
		}
	}
	for i, d := range r.rates() {
		for _, run := range r.Runs {
			if run.Label() != d || len(run.latencies) == 0 {
				continue
			}
			k := slices.Index(modes, run.Interp)
			v := slices.Clone(run.latencies)
			slices.Sort(v)
			pts := make(plotter.XYs, 0, len(v)+1)
			pts = append(pts, plotter.XY{X: v[0], Y: 0})
			for j, x := range v {
				pts = append(pts, plotter.XY{X: x, Y: float64(j+1) / float64(len(v))})
			}
			l, err := plotter.NewLine(pts)
			if err != nil {
				return nil, err
			}
			l.StepStyle = plotter.PostStep
			l.Color = plotutil.Color(i)
			l.Dashes = dashes[k%len(dashes)]
			l.Width = vg.Points(max(0.8, 3-0.7*float64(k)))
			p.Add(l)
			p.Legend.Add(fmt.Sprintf("%s %s: mean %.1f ms", d, run.Interp, run.InputLatency.Mean), l)
		}
	}
	p.X.Min, p.X.Max = 0, hi*1.05
	p.Y.Min, p.Y.Max = 0, 1
	p.Add(plotter.NewGrid())
	return renderGrid([][]*plot.Plot{{p}}, 8*vg.Inch, 5.5*vg.Inch)
}
