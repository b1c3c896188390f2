package sweep

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"sandbox/internal/outdir"
	"sandbox/internal/report"
)

// tally adds up trials and tunnels over the settings a plot does not show.
type tally struct{ tunnelled, trials int }

func (t tally) rate() float64 {
	if t.trials == 0 {
		return math.NaN()
	}
	return float64(t.tunnelled) / float64(t.trials)
}

func indexOf(vs []float64, v float64) int {
	for i, x := range vs {
		if x == v {
			return i
		}
	}
	return -1
}

// writePlots draws one heat map per physics rate and CCD setting (speed
// across, thickness up, colour = tunnel rate over every spin and shape) and
// one plot of tunnel rate against speed per thickness.
func writePlots(d *outdir.Dir, r *Result) error {
	g := r.Grid
	speeds := make([]string, len(g.Speeds))
	for i, v := range g.Speeds {
		speeds[i] = num(v)
	}
	thick := make([]string, len(g.Thickness))
	for i, v := range g.Thickness {
		thick[i] = fmt.Sprintf("%g mm", v*1000)
	}
	for _, hz := range g.Hz {
		for _, ccd := range g.CCD {
			cells := make([][]tally, len(g.Thickness))
			for i := range cells {
				cells[i] = make([]tally, len(g.Speeds))
			}
			for _, c := range r.Cells {
				if c.Hz == hz && c.CCD == ccd {
					t := &cells[indexOf(g.Thickness, c.Thickness)][indexOf(g.Speeds, c.Speed)]
					t.tunnelled += c.Tunnelled
					t.trials += c.Trials
				}
			}
			values := make([][]float64, len(cells))
			for i, row := range cells {
				values[i] = make([]float64, len(row))
				for j, t := range row {
					values[i][j] = t.rate()
				}
			}
			title := fmt.Sprintf("Tunnel rate at %g Hz physics, CCD %s, over every spin and shape", hz, onOff(ccd))
			if r.Partial {
				title += " (partial)"
			}
			hm := report.HeatMap{
				Title: title, XLabel: "speed (m/s)", YLabel: "slab thickness",
				XTicks: speeds, YTicks: thick, Values: values, Min: 0, Max: 1, Percent: true,
				Label: func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) },
			}
			w := vg.Points(math.Max(360, 70*float64(len(speeds))+160))
			h := vg.Points(math.Max(260, 40*float64(len(thick))+110))
			if err := report.SavePNG(d, HeatMapFile(hz, ccd), w, h, hm.Figure()); err != nil {
				return err
			}
		}
	}
	return rateVsSpeed(d, r)
}

// rateVsSpeed plots tunnel rate against speed, one line per thickness, CCD
// off solid and CCD on dashed, each point over every rate, spin and shape.
func rateVsSpeed(d *outdir.Dir, r *Result) error {
	g := r.Grid
	title := "Tunnel rate against speed (solid: CCD off, dashed: CCD on)"
	if r.Partial {
		title += " (partial)"
	}
	p := report.NewPlot(title, "speed (m/s)", "tunnel rate (over every rate, spin and shape)")
	if len(g.Speeds) > 1 {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	p.Y.Min, p.Y.Max = 0, 1.05
	// Bottom right, lifted clear of the CCD-on lines along zero.
	p.Legend.Top = false
	p.Legend.YOffs = vg.Points(60)
	p.Legend.XOffs = -vg.Points(10)
	p.Add(plotter.NewGrid())
	for _, ccd := range []bool{false, true} {
		if !hasCCD(g.CCD, ccd) {
			continue
		}
		for ti, th := range g.Thickness {
			sums := make([]tally, len(g.Speeds))
			for _, c := range r.Cells {
				if c.CCD == ccd && c.Thickness == th {
					t := &sums[indexOf(g.Speeds, c.Speed)]
					t.tunnelled += c.Tunnelled
					t.trials += c.Trials
				}
			}
			var xys plotter.XYs
			for si, v := range g.Speeds {
				if rt := sums[si].rate(); !math.IsNaN(rt) {
					xys = append(xys, plotter.XY{X: v, Y: rt})
				}
			}
			if len(xys) == 0 {
				continue
			}
			// -speeds may come in any order; a line goes left to right.
			sort.Slice(xys, func(i, j int) bool { return xys[i].X < xys[j].X })
			name := "" // one legend entry per thickness: the colour
			if !ccd || !hasCCD(g.CCD, false) {
				name = fmt.Sprintf("%g mm slab", th*1000)
			}
			if err := report.AddLines(p, report.Series{Name: name, XYs: xys, Dashed: ccd, Points: true, Colour: ti}); err != nil {
				return err
			}
		}
	}
	return report.SavePNG(d, RateVsSpeedPNG, vg.Points(640), vg.Points(400), report.Single(p))
}

func hasCCD(list []bool, ccd bool) bool {
	for _, c := range list {
		if c == ccd {
			return true
		}
	}
	return false
}
