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

// plotLatency tiles one plot per display of the inputs' latency
// distribution (the fraction of inputs shown within x ms), one line per
// interpolation mode.
func (r *Result) plotLatency() ([]byte, error) {
	rates := r.rates()
	grid := make([][]*plot.Plot, len(rates))
	hi := 0.0
	for _, run := range r.Runs {
		for _, v := range run.latencies {
			hi = max(hi, v)
		}
	}
	for i, d := range rates {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("%s at %s: input-to-screen latency", r.Scene, d)
		p.X.Label.Text = "latency (ms)"
		p.Y.Label.Text = "inputs shown within"
		p.Legend.Top, p.Legend.Left = false, false
		p.Legend.XOffs = -vg.Millimeter * 2
		p.Legend.YOffs = -vg.Millimeter * 12
		k := 0
		for _, run := range r.Runs {
			if run.Label() != d || len(run.latencies) == 0 {
				continue
			}
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
			l.Color = plotutil.Color(k)
			l.Width = vg.Points(2)
			p.Add(l)
			p.Legend.Add(fmt.Sprintf("%s (mean %.1f ms)", run.Interp, run.InputLatency.Mean), l)
			k++
		}
		p.X.Min, p.X.Max = 0, hi*1.02
		p.Y.Min, p.Y.Max = 0, 1
		grid[i] = []*plot.Plot{p}
	}
	return renderGrid(grid, 8*vg.Inch, vg.Length(len(rates))*2.6*vg.Inch)
}
