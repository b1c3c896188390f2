package compare

import (
	"bytes"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// LoopPlotNames are the plots the loop experiment adds for the given
// policies: spring_<loop>.png each, and the hash divergence.
func LoopPlotNames(loops []string) []string {
	if len(loops) == 0 {
		return nil
	}
	var names []string
	for _, l := range loops {
		names = append(names, "spring_"+l+".png")
	}
	return append(names, "hash_divergence.png")
}

// loopsMarkdown is report.md's loop experiment section: one table of
// every loop and rate.
func (r *Result) loopsMarkdown(b *bytes.Buffer) {
	if len(r.Loops) == 0 {
		return
	}
	b.WriteString("## Loop policies\n\n")
	b.WriteString("Every loop at every rate covers the same simulated time")
	if r.HitchEvery > 0 {
		fmt.Fprintf(b, ", with a %g s hitch every %d frames, and again without hitches as the reference of the spring deviation", r.HitchSeconds, r.HitchEvery)
	}
	b.WriteString(". **Spring deviation** is the largest difference of a spring's extension with and without the hitches at equal simulated times, " +
		"over the reference's largest extension; **energy drift** the spring bodies' largest energy departure over their start's; " +
		"**stack drift** the largest sideways drift of a body that started resting on another. " +
		"A figure of 1.8e+308 stands for a spring that blew up past float64.\n\n")
	b.WriteString("| loop | equal across rates | first divergent tick | display Hz | ticks | simulated s | state hash | spring deviation | energy drift | stack drift m | tunnels | dropped s | slowed s |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, l := range r.Loops {
		div := "none"
		if l.FirstDivergentTick != nil {
			div = fmt.Sprint(*l.FirstDivergentTick)
		}
		for _, rt := range l.Rates {
			fmt.Fprintf(b, "| %s | %v | %s | %g | %d | %s | %s | %s | %s | %s | %d | %s | %s |\n", l.Loop, l.EqualAcrossRates, div,
				rt.DisplayHz, rt.Ticks, fig(rt.SimulatedSeconds), rt.StateHash, fig(rt.SpringAmplitudeDeviation), fig(rt.SpringEnergyDrift),
				fig(rt.StackDriftM), rt.Tunnels, fig(rt.DroppedSeconds), fig(rt.SlowedSeconds))
		}
	}
	b.WriteByte('\n')
}

// loopPlots renders spring_<loop>.png per loop (when the scene has
// springs) and hash_divergence.png.
func (r *Result) loopPlots() ([]File, error) {
	if len(r.Loops) == 0 {
		return nil, nil
	}
	var out []File
	for _, l := range r.Loops {
		data, err := r.plotSpring(l)
		if err != nil {
			return nil, fmt.Errorf("plot spring_%s.png: %w", l.Loop, err)
		}
		out = append(out, File{"spring_" + l.Loop + ".png", data})
	}
	data, err := r.plotDivergence()
	if err != nil {
		return nil, fmt.Errorf("plot hash_divergence.png: %w", err)
	}
	return append(out, File{"hash_divergence.png", data}), nil
}

// plotSpring draws, for each rate, the springs' extension over simulated
// time without the hitches (left) and with them (right), on the same
// scale: the reference's range with a margin, so that a spring that blows
// up leaves the frame instead of flattening the others.
func (r *Result) plotSpring(l *LoopResult) ([]byte, error) {
	var grid [][]*plot.Plot
	for _, rt := range l.Rates {
		ref := rt.ref
		if ref == nil {
			ref = rt.hitched
		}
		lim := 0.0
		for _, x := range ref.ext {
			lim = math.Max(lim, math.Abs(x))
		}
		if !(lim > 0) || math.IsInf(lim, 0) {
			lim = 1
		}
		row := []*plot.Plot{}
		for k, tr := range []*loopTrace{rt.ref, rt.hitched} {
			p := plot.New()
			what := "without hitches (reference)"
			if k == 1 {
				what = "with hitches"
				if r.HitchEvery > 0 {
					what = fmt.Sprintf("with a %g s hitch every %d frames", r.HitchSeconds, r.HitchEvery)
				}
			}
			p.Title.Text = fmt.Sprintf("%s loop, %g Hz display: %s (first %g s)", l.Loop, rt.DisplayHz, what, math.Min(springPlotSeconds, r.simulatedSeconds()))
			p.X.Label.Text = "simulated time (s)"
			p.Y.Label.Text = "spring extension (m)"
			p.Legend.Top = true
			if tr == nil {
				p.Title.Text = fmt.Sprintf("%s loop, %g Hz: no hitches given (-hitch-every)", l.Loop, rt.DisplayHz)
				row = append(row, p)
				continue
			}
			for s := 0; s < tr.springs; s++ {
				pts := make(plotter.XYs, 0, len(tr.times))
				for i, t := range tr.times {
					y := tr.ext[i*tr.springs+s]
					if math.IsNaN(y) || math.IsInf(y, 0) || t > springPlotSeconds {
						break
					}
					// Clamped just past the frame: gonum clips lines at the
					// edge, but a value of 1e30 breaks its arithmetic.
					y = math.Max(-3*lim, math.Min(3*lim, y))
					pts = append(pts, plotter.XY{X: t, Y: y})
				}
				if len(pts) < 2 {
					continue
				}
				ln, err := plotter.NewLine(pts)
				if err != nil {
					return nil, err
				}
				ln.Color = plotutil.Color(s)
				ln.Width = vg.Points(1.2)
				p.Add(ln)
				p.Legend.Add(fmt.Sprintf("spring %d (%g N/m)", s+1, r.springStiffness(s)), ln)
			}
			// After the lines, which widen the axes to their data: the
			// reference's range, with room above for the legend.
			p.Y.Min, p.Y.Max = -1.5*lim, 2.8*lim
			p.X.Min, p.X.Max = 0, math.Min(springPlotSeconds, r.simulatedSeconds())
			row = append(row, p)
		}
		grid = append(grid, row)
	}
	return renderGrid(grid, 12*vg.Inch, vg.Length(len(l.Rates))*3.4*vg.Inch)
}

// springPlotSeconds is the simulated time the spring plots show: the
// stiff springs swing at tens of hertz, and 10 s of them is a solid band.
const springPlotSeconds = 3.0

// simulatedSeconds is the time every loop run covers, s.
func (r *Result) simulatedSeconds() float64 { return float64(r.Ticks) / r.PhysicsHz }

// springStiffness is spring s's k as the scene gives it (set by Compare).
func (r *Result) springStiffness(s int) float64 {
	if s < len(r.springK) {
		return r.springK[s]
	}
	return 0
}

// plotDivergence draws, per loop, how many rates' state hashes differ from
// the first rate's at each tick.
func (r *Result) plotDivergence() ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: state hash against the %g Hz run, per loop", r.Scene, r.Loops[0].Rates[0].DisplayHz)
	p.X.Label.Text = "tick (physics steps run)"
	p.Y.Label.Text = "rates whose hash differs (count)"
	p.Legend.Top, p.Legend.Left = true, true
	top := 1.0
	for i, l := range r.Loops {
		first := l.Rates[0].hitched
		n := len(first.hashes)
		for _, rt := range l.Rates[1:] {
			n = max(n, len(rt.hitched.hashes))
		}
		pts := make(plotter.XYs, 0, n)
		for k := 0; k < n; k++ {
			d := 0
			for _, rt := range l.Rates[1:] {
				h := rt.hitched.hashes
				if k >= len(h) || k >= len(first.hashes) || h[k] != first.hashes[k] {
					d++
				}
			}
			// Offset a little per loop so that equal lines do not hide each other.
			pts = append(pts, plotter.XY{X: float64(k + 1), Y: float64(d) + 0.03*float64(i)})
			top = math.Max(top, float64(d))
		}
		if len(pts) < 2 {
			continue
		}
		ln, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		ln.StepStyle = plotter.PostStep
		ln.Color = plotutil.Color(i)
		ln.Width = vg.Points(2)
		p.Add(ln)
		p.Legend.Add(l.Loop, ln)
	}
	p.Y.Min, p.Y.Max = -0.2, top+0.8
	grid := [][]*plot.Plot{{p}}
	return renderGrid(grid, 8*vg.Inch, 3.5*vg.Inch)
}
