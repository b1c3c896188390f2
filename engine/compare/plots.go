package compare

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// xModes are the modes the x(t) plot shows, when they were run: on and off
// (more lines on one plot hide each other).
var xModes = []string{"off", "lerp"}

// plots renders the PNGs: x(t) per rate with interpolation on and off,
// steps per frame and alpha over time, and the judder bar chart.
func (r *Result) plots() ([]File, error) {
	var out []File
	add := func(name string, data []byte, err error) error {
		if err != nil {
			return fmt.Errorf("plot %s: %w", name, err)
		}
		out = append(out, File{name, data})
		return nil
	}
	if len(r.Bodies) > 0 {
		data, err := r.plotX()
		if err := add("x_t.png", data, err); err != nil {
			return nil, err
		}
	}
	data, err := r.plotSteps()
	if err := add("steps_alpha.png", data, err); err != nil {
		return nil, err
	}
	if len(r.Bodies) > 0 {
		data, err := r.plotJudder()
		if err := add("judder.png", data, err); err != nil {
			return nil, err
		}
	}
	if r.Inputs > 0 {
		data, err := r.plotLatency()
		if err := add(LatencyPlot, data, err); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// rates lists the displays' labels (Run.Label) in run order, once each.
func (r *Result) rates() []string {
	var ds []string
	for _, run := range r.Runs {
		if l := run.Label(); len(ds) == 0 || ds[len(ds)-1] != l {
			ds = append(ds, l)
		}
	}
	return ds
}

// run is the fixed-rate run at hz in mode ("": any mode).
func (r *Result) run(hz float64, mode string) *Run {
	return r.runOn(displaySpec{hz: hz}.label(), mode)
}

// runOn is the run on the display labelled display in mode ("": any mode).
func (r *Result) runOn(display, mode string) *Run {
	for _, run := range r.Runs {
		if run.Label() == display && (mode == "" || run.Interp == mode) {
			return run
		}
	}
	return nil
}

// plotX tiles one plot per rate of the plotted body's drawn coordinate
// against display time, for each mode, over the exact trajectory.
func (r *Result) plotX() ([]byte, error) {
	rates := r.rates()
	grid := make([][]*plot.Plot, len(rates))
	for i, hz := range rates {
		p := plot.New()
		axis := string(rune('x' + r.Runs[0].plotAxis))
		p.Title.Text = fmt.Sprintf("%s at %s: drawn %s of %q", r.Scene, hz, axis, r.Bodies[r.Runs[0].plotBody])
		p.X.Label.Text = "display time (s)"
		p.X.Tick.Marker = timeTicks{}
		p.Y.Label.Text = axis + " (m)"
		p.Legend.Top, p.Legend.Left = true, true
		var exact plotter.XYs
		k := 0
		for _, run := range r.Runs {
			if run.Label() != hz || (r.hasXModes() && !slices.Contains(xModes, run.Interp)) {
				continue
			}
			var pts plotter.XYs
			for _, x := range run.plot {
				if x.ok {
					pts = append(pts, plotter.XY{X: x.time, Y: x.drawn})
					if exact == nil || len(exact) < len(pts) {
						exact = append(exact, plotter.XY{X: x.time, Y: x.exact})
					}
				}
			}
			if len(pts) == 0 {
				continue
			}
			l, err := plotter.NewLine(pts)
			if err != nil {
				return nil, err
			}
			// Held until the next frame: what the screen shows.
			l.StepStyle = plotter.PostStep
			l.Color = plotutil.Color(k)
			l.Width = vg.Points(2)
			p.Add(l)
			p.Legend.Add(run.Interp, l)
			k++
		}
		if len(exact) > 1 {
			l, err := plotter.NewLine(exact)
			if err != nil {
				return nil, err
			}
			l.Color = color.Gray{Y: 120}
			l.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
			p.Add(l)
			p.Legend.Add("exact, one step late", l)
		}
		grid[i] = []*plot.Plot{p}
	}
	return renderGrid(grid, 8*vg.Inch, vg.Length(len(rates))*2.6*vg.Inch)
}

// hasXModes reports whether both xModes were run.
func (r *Result) hasXModes() bool {
	n := 0
	for _, m := range xModes {
		if r.runOn(r.Runs[0].Label(), m) != nil {
			n++
		}
	}
	return n == len(xModes)
}

// plotSteps draws steps per frame and alpha over display time, one line
// per rate (they do not depend on the interpolation mode).
func (r *Result) plotSteps() ([]byte, error) {
	steps, alpha := plot.New(), plot.New()
	steps.Title.Text = fmt.Sprintf("%s: physics steps per display frame", r.Scene)
	steps.Y.Label.Text = "steps"
	alpha.Title.Text = "alpha (how far between the last two ticks the frame is drawn)"
	alpha.Y.Label.Text = "alpha"
	for _, p := range []*plot.Plot{steps, alpha} {
		p.X.Label.Text = "display time (s)"
		p.X.Tick.Marker = timeTicks{}
		p.Legend.Top = true
	}
	for i, hz := range r.rates() {
		run := r.runOn(hz, "")
		var s, a plotter.XYs
		for _, x := range run.plot {
			s = append(s, plotter.XY{X: x.time, Y: float64(x.steps) + 0.04*float64(i)})
			a = append(a, plotter.XY{X: x.time, Y: x.alpha})
		}
		if len(s) == 0 {
			continue
		}
		for _, pair := range []struct {
			p   *plot.Plot
			xys plotter.XYs
		}{{steps, s}, {alpha, a}} {
			l, sc, err := plotter.NewLinePoints(pair.xys)
			if err != nil {
				return nil, err
			}
			l.StepStyle = plotter.PostStep
			l.Color, sc.Color = plotutil.Color(i), plotutil.Color(i)
			sc.Shape = draw.CircleGlyph{}
			sc.Radius = vg.Points(1.8)
			pair.p.Add(l, sc)
			pair.p.Legend.Add(hz, l)
		}
	}
	steps.Y.Min, steps.Y.Max = -0.2, 3.4
	alpha.Y.Min, alpha.Y.Max = 0, 1.6 // room for the legend above alpha's [0, 1)
	return renderGrid([][]*plot.Plot{{steps}, {alpha}}, 8*vg.Inch, 5.5*vg.Inch)
}

// plotJudder is a bar chart of the summary's judder (the one traced
// body's when there is one): one group per interpolation mode, one bar per
// rate.
func (r *Result) plotJudder() ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: judder of %q (0 = even motion on screen)", r.Scene, r.Bodies[0])
	if len(r.Bodies) > 1 {
		p.Title.Text = fmt.Sprintf("%s: judder, mean over the %d measured bodies (0 = even motion)", r.Scene, r.Runs[0].Summary.Bodies)
	}
	p.Y.Label.Text = "judder (std of velocity error / speed)"
	p.Legend.Top = true
	var modes []string
	for _, run := range r.Runs {
		if run.Label() == r.Runs[0].Label() {
			modes = append(modes, run.Interp)
		}
	}
	rates := r.rates()
	w := vg.Points(14)
	for i, hz := range rates {
		vals := make(plotter.Values, len(modes))
		for j, m := range modes {
			if run := r.runOn(hz, m); run != nil {
				vals[j] = run.Summary.Judder
			}
		}
		b, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return nil, err
		}
		b.Color = plotutil.Color(i)
		b.LineStyle.Width = 0
		b.Offset = w * (vg.Length(i) - vg.Length(len(rates)-1)/2)
		p.Add(b)
		p.Legend.Add(hz, b)
	}
	p.NominalX(modes...)
	p.Y.Min = 0
	return renderGrid([][]*plot.Plot{{p}}, 7*vg.Inch, 4*vg.Inch)
}

// renderGrid draws the plots in a grid into one PNG of w x h.
func renderGrid(grid [][]*plot.Plot, w, h vg.Length) ([]byte, error) {
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(110))
	dc := draw.New(img)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	tiles := draw.Tiles{Rows: len(grid), Cols: len(grid[0]), PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 6,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 4}
	canvases := plot.Align(grid, tiles, dc)
	for i := range grid {
		for j, p := range grid[i] {
			if p != nil {
				p.Draw(canvases[i][j])
			}
		}
	}
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// timeTicks marks display time every 10 ms, labelled every 20 ms with two
// decimals (the default ticks label 1.05 s as "1.1" in a 0.1 s window).
type timeTicks struct{}

// Ticks implements plot.Ticker.
func (timeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for i := math.Ceil(lo * 100); i <= math.Floor(hi*100); i++ {
		t := plot.Tick{Value: i / 100}
		if int(i)%2 == 0 {
			t.Label = strconv.FormatFloat(i/100, 'f', 2, 64)
		}
		ts = append(ts, t)
	}
	return ts
}
