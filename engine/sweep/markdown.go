package sweep

import (
	"fmt"
	"strings"

	"sandbox/internal/report"
)

// Markdown renders sweep.md: what was run, a summary, and one table row per
// (speed, thickness, rate, spin, shape) with the CCD-on and CCD-off tunnel
// rates side by side.
func Markdown(r *Result) string {
	g := r.Grid
	var b strings.Builder
	b.WriteString("# Tunnel sweep\n\n")
	if r.Partial {
		fmt.Fprintf(&b, "**PARTIAL: stopped after %d of %d cells.** Cells not run are shown as -.\n\n", len(r.Cells), r.Total)
	}
	fmt.Fprintf(&b, "%d cells x %d trials: speeds %s m/s, thickness %s m, physics %s Hz, spin %s rad/s, shapes %s, CCD %s; "+
		"projectile %g m wide, seed %d.\n\n",
		r.Total, g.Trials, list(g.Speeds), list(g.Thickness), list(g.Hz), list(g.Spin), shapes(g.Shapes), ccds(g.CCD), g.Size, g.Seed)
	b.WriteString("Each cell fires its trials one at a time at a slab, from start offsets spread evenly over one step's travel ")
	fmt.Fprintf(&b, "and tilted up to %d degrees. After each trial (the shot's flight past the slab plus %d settling steps) ", MaxTiltDegrees, SettleSteps)
	b.WriteString("its centre is judged: beyond the far face = tunnelled, inside = embedded, else stopped. ")
	b.WriteString("Penetration is the deepest overlap with the slab at the end of any step, in mm.\n\n")

	var on, off summary
	for _, c := range r.Cells {
		if c.CCD {
			on.add(c)
		} else {
			off.add(c)
		}
	}
	t := report.Table{Header: []string{"CCD", "cells", "cells with tunnels", "tunnelled", "embedded", "trials", "tunnel rate"}, Right: []int{1, 2, 3, 4, 5, 6}}
	for _, s := range []struct {
		name string
		s    summary
	}{{"on", on}, {"off", off}} {
		if s.s.cells > 0 {
			t.Add(s.name, fmt.Sprint(s.s.cells), fmt.Sprint(s.s.tunnelCells), fmt.Sprint(s.s.tunnelled), fmt.Sprint(s.s.embedded),
				fmt.Sprint(s.s.trials), rate(float64(s.s.tunnelled)/float64(s.s.trials)))
		}
	}
	b.WriteString(t.String())
	b.WriteString("\n")
	if bad := r.CCDTunnels(); len(bad) > 0 {
		fmt.Fprintf(&b, "**%d CCD-on cells tunnelled**, first: %s.\n\n", len(bad), bad[0].Cell)
	}

	// Side by side: index the finished cells by their settings without CCD.
	type key struct {
		speed, thickness, hz, spin float64
		shape                      Shape
	}
	byKey := map[key]*[2]*CellResult{} // [0] CCD on, [1] CCD off
	var order []key
	for i := range r.Cells {
		c := &r.Cells[i]
		k := key{c.Speed, c.Thickness, c.Hz, c.Spin, c.Shape}
		pair, ok := byKey[k]
		if !ok {
			pair = &[2]*CellResult{}
			byKey[k] = pair
			order = append(order, k) // cell order, so the table follows it
		}
		if c.CCD {
			pair[0] = c
		} else {
			pair[1] = c
		}
	}
	cells := report.Table{
		Header: []string{"speed m/s", "thickness m", "physics Hz", "spin rad/s", "shape",
			"tunnel rate, CCD on", "tunnel rate, CCD off", "embedded on / off", "penetration mm on / off"},
		Right: []int{0, 1, 2, 3, 5, 6, 7, 8},
	}
	for _, k := range order {
		p := byKey[k]
		cells.Add(num(k.speed), num(k.thickness), num(k.hz), num(k.spin), string(k.shape),
			cellRate(p[0]), cellRate(p[1]),
			cellField(p[0], func(c *CellResult) string { return fmt.Sprint(c.Embedded) })+" / "+cellField(p[1], func(c *CellResult) string { return fmt.Sprint(c.Embedded) }),
			cellField(p[0], penetration)+" / "+cellField(p[1], penetration))
	}
	b.WriteString(cells.String())
	return b.String()
}

type summary struct{ cells, tunnelCells, tunnelled, embedded, trials int }

func (s *summary) add(c CellResult) {
	s.cells++
	s.tunnelled += c.Tunnelled
	s.embedded += c.Embedded
	s.trials += c.Trials
	if c.Tunnelled > 0 {
		s.tunnelCells++
	}
}

func rate(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

func cellRate(c *CellResult) string {
	if c == nil {
		return "-"
	}
	return fmt.Sprintf("%s (%d/%d)", rate(c.TunnelRate), c.Tunnelled, c.Trials)
}

func cellField(c *CellResult, f func(*CellResult) string) string {
	if c == nil {
		return "-"
	}
	return f(c)
}

func penetration(c *CellResult) string { return fmt.Sprintf("%.3g", 1000*c.WorstPenetration) }

func list(vs []float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = num(v)
	}
	return strings.Join(s, ",")
}

func shapes(ss []Shape) string {
	s := make([]string, len(ss))
	for i, v := range ss {
		s[i] = string(v)
	}
	return strings.Join(s, ",")
}

func ccds(cs []bool) string {
	s := make([]string, len(cs))
	for i, v := range cs {
		s[i] = onOff(v)
	}
	return strings.Join(s, ",")
}
