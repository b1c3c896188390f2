package report

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// HeatMap is a grid of values over two categorical axes, drawn as coloured
// cells with each value written in its cell and a colour bar beside.
type HeatMap struct {
	Title, XLabel, YLabel string
	XTicks, YTicks        []string    // one label per column, per row
	Values                [][]float64 // Values[row][col]; NaN = no data (drawn grey, labelled "-")
	Min, Max              float64     // the colour scale's range
	// Percent labels the colour bar 0% to 100% (for Min 0, Max 1).
	Percent bool
	// Label writes a value into its cell.
	Label func(v float64) string
}

// grid adapts HeatMap to plotter.GridXYZ with columns and rows at 0, 1, 2...
type grid struct{ h *HeatMap }

func (g grid) Dims() (c, r int)   { return len(g.h.XTicks), len(g.h.YTicks) }
func (g grid) Z(c, r int) float64 { return g.h.Values[r][c] }
func (g grid) X(c int) float64    { return float64(c) }
func (g grid) Y(r int) float64    { return float64(r) }

// Figure draws the heat map with its colour bar to the right. The
// blue-to-red scale (Moreland's smooth diverging map) reads as "fine" to
// "bad" and stays legible in grey print.
func (h *HeatMap) Figure() Figure {
	return func(c draw.Canvas) {
		c = margin(c)
		cmap := moreland.SmoothBlueRed()
		cmap.SetMin(h.Min)
		cmap.SetMax(h.Max)

		p := NewPlot(h.Title, h.XLabel, h.YLabel)
		hm := plotter.NewHeatMap(grid{h}, cmap.Palette(256))
		hm.Min, hm.Max = h.Min, h.Max
		hm.NaN = color.Gray{Y: 200}
		p.Add(hm)
		var xys plotter.XYLabels
		for r := range h.YTicks {
			for col := range h.XTicks {
				v := h.Values[r][col]
				text := "-"
				if !math.IsNaN(v) {
					text = h.Label(v)
				}
				xys.XYs = append(xys.XYs, plotter.XY{X: float64(col), Y: float64(r)})
				xys.Labels = append(xys.Labels, text)
			}
		}
		if labels, err := plotter.NewLabels(xys); err == nil {
			for i := range labels.TextStyle {
				labels.TextStyle[i].Color = textOn(cmap, h.Values[i/len(h.XTicks)][i%len(h.XTicks)])
				labels.TextStyle[i].XAlign = draw.XCenter
				labels.TextStyle[i].YAlign = draw.YCenter
				labels.TextStyle[i].Font.Size = vg.Points(10)
			}
			p.Add(labels)
		}
		p.X.Tick.Marker = NominalTicks(h.XTicks)
		p.Y.Tick.Marker = NominalTicks(h.YTicks)
		p.X.Min, p.X.Max = -0.5, float64(len(h.XTicks))-0.5
		p.Y.Min, p.Y.Max = -0.5, float64(len(h.YTicks))-0.5
		p.X.Padding, p.Y.Padding = 0, 0

		bar := plot.New()
		bar.Add(&plotter.ColorBar{ColorMap: cmap, Vertical: true})
		if h.Percent {
			bar.Y.Tick.Marker = percentTicks{}
		}
		bar.HideX()
		bar.Y.Padding = 0
		bar.Title.Text = " "
		bar.Title.TextStyle.Font.Size = vg.Points(13)

		barW := vg.Points(60)
		main := draw.Crop(c, 0, -barW-vg.Points(14), 0, 0)
		side := draw.Crop(c, c.Max.X-c.Min.X-barW, 0, vg.Points(22), -vg.Points(28))
		p.Draw(main)
		bar.Draw(side)
	}
}

// percentTicks labels a 0..1 colour bar in percent, every 20.
type percentTicks struct{}

func (percentTicks) Ticks(min, max float64) []plot.Tick {
	var t []plot.Tick
	for i := 0; i <= 5; i++ {
		v := float64(i) / 5
		if v >= min && v <= max {
			t = append(t, plot.Tick{Value: v, Label: fmt.Sprintf("%d%%", 20*i)})
		}
	}
	return t
}

// textOn picks black or white, whichever reads better on v's colour.
func textOn(cmap palette.ColorMap, v float64) color.Color {
	c, err := cmap.At(math.Max(cmap.Min(), math.Min(cmap.Max(), v)))
	if math.IsNaN(v) || err != nil {
		return color.Black
	}
	r, g, b, _ := c.RGBA()
	// Rec. 709 luma on 16-bit channels.
	if 0.2126*float64(r)+0.7152*float64(g)+0.0722*float64(b) < 0.45*0xffff {
		return color.White
	}
	return color.Black
}
