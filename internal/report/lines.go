package report

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series is one line of a line plot.
type Series struct {
	Name   string
	XYs    plotter.XYs
	Dashed bool
	Points bool // mark each point too
	Colour int  // index into Colours
}

// AddLines adds each series to p as a line (and, if asked, points), with a
// legend entry when it has a name.
func AddLines(p *plot.Plot, series ...Series) error {
	for _, s := range series {
		l, err := plotter.NewLine(s.XYs)
		if err != nil {
			return err
		}
		l.Color = Colour(s.Colour)
		l.Width = vg.Points(1.5)
		if s.Dashed {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		p.Add(l)
		var thumb []plot.Thumbnailer = []plot.Thumbnailer{l}
		if s.Points {
			sc, err := plotter.NewScatter(s.XYs)
			if err != nil {
				return err
			}
			sc.Color = Colour(s.Colour)
			sc.Shape = draw.CircleGlyph{}
			sc.Radius = vg.Points(2.5)
			p.Add(sc)
			thumb = append(thumb, sc)
		}
		if s.Name != "" {
			p.Legend.Add(s.Name, thumb...)
		}
	}
	return nil
}
