package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"sandbox/internal/outdir"
)

// DPI is the resolution of every PNG: 96, so a plot's size in points is
// close to its size on a screen.
const DPI = 96

// Figure draws onto a canvas: one plot, a stack of plots, a heat map with its
// colour bar.
type Figure func(c draw.Canvas)

// SavePNG draws fig on a w x h canvas (white background) and writes it as
// PNG file name of d.
func SavePNG(d *outdir.Dir, name string, w, h vg.Length, fig Figure) error {
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI), vgimg.UseBackgroundColor(color.White))
	fig(draw.New(img))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return d.WriteFile(name, buf.Bytes())
}

// Single draws one plot on the whole canvas, less a small margin.
func Single(p *plot.Plot) Figure {
	return func(c draw.Canvas) { p.Draw(margin(c)) }
}

// margin keeps titles and the last tick label off the image's edge.
func margin(c draw.Canvas) draw.Canvas {
	return draw.Crop(c, vg.Points(4), -vg.Points(8), vg.Points(4), -vg.Points(6))
}

// Stack draws plots one above the other, their data areas aligned so that
// plots sharing an x axis (a time series of several quantities) line up.
func Stack(plots ...*plot.Plot) Figure {
	return func(c draw.Canvas) {
		rows := make([][]*plot.Plot, len(plots))
		for i, p := range plots {
			rows[i] = []*plot.Plot{p}
		}
		tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadTop: 4, PadBottom: 4, PadLeft: 4, PadRight: 8, PadY: 6}
		canvases := plot.Align(rows, tiles, c)
		for i, p := range plots {
			p.Draw(canvases[i][0])
		}
	}
}

// NewPlot is a plot with the house style: title, axis labels, a light grid.
func NewPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.Top = true
	return p
}

// Colours for series, in order: distinct, and readable on white
// (Okabe and Ito's colour-blind-safe set, without its yellow).
var Colours = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{0, 0, 0, 255},       // black
}

// Colour returns series i's colour (cycling).
func Colour(i int) color.Color { return Colours[i%len(Colours)] }

// NominalTicks labels the whole numbers 0..len(labels)-1 of an axis with
// labels: for grids whose columns are categories (speeds, thicknesses).
func NominalTicks(labels []string) plot.ConstantTicks {
	t := make(plot.ConstantTicks, len(labels))
	for i, l := range labels {
		t[i] = plot.Tick{Value: float64(i), Label: l}
	}
	return t
}

// PlainTicks are gonum's default ticks labelled in the shortest form
// ("500", not "500.00").
type PlainTicks struct{}

// Ticks implements plot.Ticker.
func (PlainTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = strconv.FormatFloat(t.Value, 'g', 6, 64)
		}
	}
	return ticks
}

// RoundTicks put the major ticks at round values (multiples of 1, 2 or 5
// times a power of ten: 0, 50, 100, ...), about five to an axis, with
// four minor ticks between; gonum's defaults can start at an odd value (25,
// 125, 225) when the axis does.
type RoundTicks struct{}

// Ticks implements plot.Ticker.
func (RoundTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return PlainTicks{}.Ticks(lo, hi)
	}
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/5)))
	for _, m := range []float64{1, 2, 5, 10} {
		if (hi-lo)/(m*step) <= 7 {
			step *= m
			break
		}
	}
	minor := step / 5
	if step/math.Pow(10, math.Floor(math.Log10(step))) == 2 {
		minor = step / 4
	}
	var ticks []plot.Tick
	for k := math.Ceil(lo / minor); k*minor <= hi; k++ {
		v := k * minor
		label := ""
		if r := math.Round(v / step); math.Abs(v-r*step) < minor/2 {
			v = r * step
			label = strconv.FormatFloat(v, 'g', 6, 64)
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
	}
	return ticks
}
