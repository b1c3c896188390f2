package frametrace

import (
	"fmt"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"sandbox/internal/report"
)

// maxPlotPoints bounds the points of one line: longer traces are drawn as
// the largest value of each of this many buckets, so a hitch never vanishes
// between two drawn points.
const maxPlotPoints = 4000

// series turns frames into (frame number, value) points. The x axis counts
// frames rather than seconds so that a feedback run, whose frames last
// longer, lines up with the trace it came from.
func series(frames []Frame, value func(Frame) float64) plotter.XYs {
	bucket := max(1, (len(frames)+maxPlotPoints-1)/maxPlotPoints)
	var out plotter.XYs
	for i := 0; i < len(frames); i += bucket {
		best := value(frames[i])
		for _, f := range frames[i:min(i+bucket, len(frames))] {
			best = max(best, value(f))
		}
		out = append(out, plotter.XY{X: float64(i + 1), Y: best})
	}
	return out
}

// writePlots draws trace t's time series (frame time, steps per frame,
// accumulator, one above the other) and its steps histogram; with a
// feedback run, that run is drawn beside the trace's own in a second colour.
func writePlots(dir string, r *Report, t *TraceReport) error {
	type run struct {
		name   string
		frames []Frame
		colour int
	}
	runs := []run{{"trace", t.frames, 0}}
	if t.Cost != nil {
		runs = append(runs, run{fmt.Sprintf("step cost %g ms", t.Cost.StepCostMs), t.costFrames, 1})
	}
	panels := []struct {
		y     string
		value func(Frame) float64
	}{
		{"frame time (ms)", func(f Frame) float64 { return 1000 * f.Seconds }},
		{"steps", func(f Frame) float64 { return float64(f.Steps) }},
		{"accumulator (ms)", func(f Frame) float64 { return 1000 * f.Accumulator }},
	}
	var plots []*plot.Plot
	for i, pn := range panels {
		title := ""
		if i == 0 {
			title = fmt.Sprintf("%s: %g Hz physics, cap %d steps, clamp %g s", t.Name, r.PhysicsHz, r.MaxStepsPerFrame, r.MaxFrameSeconds)
		}
		xl := ""
		if i == len(panels)-1 {
			xl = "frame"
		}
		p := report.NewPlot(title, xl, pn.y)
		p.Add(plotter.NewGrid())
		p.Y.Min = 0
		p.Y.Tick.Marker = report.PlainTicks{}
		p.X.Tick.Marker = report.PlainTicks{}
		for _, rn := range runs {
			name := ""
			if i == 0 && len(runs) > 1 {
				name = rn.name
			}
			if err := report.AddLines(p, report.Series{Name: name, XYs: series(rn.frames, pn.value), Colour: rn.colour}); err != nil {
				return err
			}
		}
		switch i {
		case 0:
			p.Y.Max *= 1.35 // headroom for the legend
		case 1:
			p.Y.Max = float64(r.MaxStepsPerFrame) + 0.5
		case 2:
			p.Y.Max = 1000 * r.StepSeconds // the accumulator stays below one step
		}
		plots = append(plots, p)
	}
	if err := report.SavePNG(filepath.Join(dir, TimePlotFile(t.Name)), vg.Points(720), vg.Points(540), report.Stack(plots...)); err != nil {
		return err
	}

	p := report.NewPlot(fmt.Sprintf("%s: steps per frame", t.Name), "steps in the frame", "frames")
	p.Add(plotter.NewGrid())
	p.Y.Tick.Marker = report.PlainTicks{}
	p.Legend.Left = true
	hists := [][]int{t.StepsHistogram}
	if t.Cost != nil {
		hists = append(hists, t.Cost.StepsHistogram)
	}
	n := 0
	for _, h := range hists {
		n = max(n, len(h))
	}
	labels := make([]string, n)
	for k := range labels {
		labels[k] = fmt.Sprint(k)
	}
	for i, h := range hists {
		values := make([]float64, n)
		for k, c := range h {
			values[k] = float64(c)
		}
		b, err := plotter.NewBarChart(plotter.Values(values), vg.Points(12))
		if err != nil {
			return err
		}
		b.Color = report.Colour(runs[i].colour)
		b.LineStyle.Width = 0
		if len(hists) > 1 {
			b.Offset = vg.Points(float64(12*i) - 6)
			p.Legend.Add(runs[i].name, b)
		}
		p.Add(b)
		// Every count written over its bar: one 8-step frame among 600
		// one-step frames is the point of the plot, and too short to see.
		var xys plotter.XYLabels
		for k, v := range values {
			if v > 0 {
				xys.XYs = append(xys.XYs, plotter.XY{X: float64(k), Y: v})
				xys.Labels = append(xys.Labels, fmt.Sprint(int(v)))
			}
		}
		if len(xys.XYs) > 0 {
			l, err := plotter.NewLabels(xys)
			if err != nil {
				return err
			}
			for j := range l.TextStyle {
				l.TextStyle[j].XAlign = draw.XCenter
				l.TextStyle[j].Font.Size = vg.Points(9)
				l.TextStyle[j].Color = report.Colour(runs[i].colour)
			}
			l.Offset = vg.Point{X: b.Offset, Y: vg.Points(2)}
			p.Add(l)
		}
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.7, float64(n)-0.3
	p.Y.Max *= 1.15 // room for the counts over the tallest bar
	return report.SavePNG(filepath.Join(dir, HistogramFile(t.Name)), vg.Points(480), vg.Points(320), report.Single(p))
}
