package compare

// Plot windows: a tenth of a second, so that single frames and steps can
// be seen, starting after the first second, past any start-up; a run
// shorter than that is plotted from its start.
const (
	plotStart  = 1.0 // s of display time
	plotLength = 0.1 // s
)

// plotRow is what the plots show of one frame: the loop's numbers and the
// plotted body's drawn and exact coordinate.
type plotRow struct {
	time, alpha  float64
	steps        int
	ok           bool
	drawn, exact float64
}

// plotRows keeps the frames of both candidate windows while a run goes,
// and nothing else: at most the display rate times twice plotLength rows.
type plotRows struct {
	spec        plotSpec
	early, late []plotRow
	last        float64 // display time of the last frame
}

func (p *plotRows) add(r *row) {
	x := plotRow{time: r.time, alpha: r.alpha, steps: r.steps}
	if b := p.spec.Body; b < len(r.bodies) && r.bodies[b].ok {
		x.ok, x.drawn, x.exact = true, r.bodies[b].drawn[p.spec.Axis], r.bodies[b].exact[p.spec.Axis]
	}
	if r.time <= plotLength {
		p.early = append(p.early, x)
	}
	// A nanosecond of slack: display times summed in float64 fall a hair
	// short of the tick times the window starts on.
	if r.time >= p.spec.Start-1e-9 && r.time <= p.spec.Start+plotLength {
		p.late = append(p.late, x)
	}
	p.last = r.time
}

// window is the rows the plots show: the chosen window when the run
// reached its end, else the run's start.
func (p *plotRows) window() []plotRow {
	if p.last < p.spec.Start+plotLength {
		return p.early
	}
	return p.late
}
