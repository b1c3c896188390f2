package frametrace

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"sandbox/internal/outdir"
	"sandbox/internal/report"
)

// maxPlotPoints bounds the points of one line: longer traces are drawn as
// the largest value of each of this many buckets, so a hitch never vanishes
// between two drawn points.
const maxPlotPoints = 4000

// decimated is one plotted line built a frame at a time: (frame number,
// value) points, or for a long trace the largest value of each bucket of
// frames. The x axis counts frames rather than seconds so that a feedback
// run, whose frames last longer, lines up with the trace it came from.
type decimated struct {
	bucket int
	xys    plotter.XYs
}

func (d *decimated) add(i int, v float64) {
	if i%d.bucket == 0 {
		d.xys = append(d.xys, plotter.XY{X: float64(i + 1), Y: v})
		return
	}
	last := &d.xys[len(d.xys)-1]
	last.Y = max(last.Y, v)
}

// plotSeries are one run's lines: frame time, dropped time, steps and the
// accumulator.
type plotSeries struct{ frameMs, droppedMs, steps, accMs decimated }

func newPlotSeries(n int) *plotSeries {
	b := max(1, (n+maxPlotPoints-1)/maxPlotPoints)
	return &plotSeries{decimated{bucket: b}, decimated{bucket: b}, decimated{bucket: b}, decimated{bucket: b}}
}

func (p *plotSeries) add(i int, f Frame) {
	p.frameMs.add(i, 1000*f.Seconds)
	p.droppedMs.add(i, 1000*f.Dropped())
	p.steps.add(i, float64(f.Steps))
	p.accMs.add(i, 1000*f.Accumulator)
}

// writePlots draws trace t's time series (frame time, time dropped, steps
// per frame, accumulator, one above the other) and its steps
// histogram; with a feedback run, that run is drawn beside the trace's own
// in a second colour.
func writePlots(d *outdir.Dir, r *Report, t *TraceReport) error {
	type run struct {
		name   string
		lines  *plotSeries
		colour int
	}
	runs := []run{{"trace", t.plot, 0}}
	if t.Cost != nil {
		runs = append(runs, run{fmt.Sprintf("step cost %g ms", t.Cost.StepCostMs), t.costPlot, 1})
	}
	panels := []struct {
		y    string
		line func(*plotSeries) *decimated
	}{
		{"frame time (ms)", func(p *plotSeries) *decimated { return &p.frameMs }},
		// The time the loop threw away (clamped + capped) in each frame: a
		// return from the background is one frame that drops seconds.
		{"dropped (ms)", func(p *plotSeries) *decimated { return &p.droppedMs }},
		{"steps", func(p *plotSeries) *decimated { return &p.steps }},
		{"accumulator (ms)", func(p *plotSeries) *decimated { return &p.accMs }},
	}
	var plots []*plot.Plot
	for i, pn := range panels {
		title := ""
		if i == 0 {
			title = fmt.Sprintf("%s: %g Hz physics, cap %d steps, clamp %g s; dropped %.3f s in all", t.Name, r.PhysicsHz, r.MaxStepsPerFrame, r.MaxFrameSeconds, t.DroppedSeconds)
			if t.Cost != nil {
				title += fmt.Sprintf(" (%.3f s at %g ms/step)", t.Cost.DroppedSeconds, t.Cost.StepCostMs)
			}
		}
		xl := ""
		if i == len(panels)-1 {
			xl = "frame"
		}
		p := report.NewPlot(title, xl, pn.y)
		p.Add(plotter.NewGrid())
		p.Y.Min = 0
		p.Y.Tick.Marker = report.PlainTicks{}
		p.X.Tick.Marker = report.RoundTicks{}
		for _, rn := range runs {
			name := ""
			if i == 0 && len(runs) > 1 {
				name = rn.name
			}
			if err := report.AddLines(p, report.Series{Name: name, XYs: pn.line(rn.lines).xys, Colour: rn.colour}); err != nil {
				return err
			}
		}
		switch i {
		case 0:
			p.Y.Max *= 1.35 // headroom for the legend
		case 1:
			p.Y.Max = max(p.Y.Max*1.15, 1) // a trace that drops nothing: 0 on a 0..1 ms axis
		case 2:
			p.Y.Max = float64(r.MaxStepsPerFrame) + 0.5
		case 3:
			p.Y.Max = 1000 * r.StepSeconds // the accumulator stays below one step
		}
		plots = append(plots, p)
	}
	if err := report.SavePNG(d, TimePlotFile(t.Name), vg.Points(720), vg.Points(680), report.Stack(plots...)); err != nil {
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
	return report.SavePNG(d, HistogramFile(t.Name), vg.Points(480), vg.Points(320), report.Single(p))
}
