package compare

// Plot windows: a tenth of a second, so that single frames and steps can
// be seen, starting after the first second, past any start-up; a run
// shorter than that is plotted from its start.
const (
	plotStart  = 1.0 // s of display time
	plotLength = 0.1 // s
)

// plotRow is what the plots show of one frame: the loop's numbers and the
// first traced body's drawn and exact x.
type plotRow struct {
	time, alpha  float64
	steps        int
	ok           bool
	drawn, exact float64
}

// plotRows keeps the frames of both candidate windows while a run goes,
// and nothing else: at most the display rate times twice plotLength rows.
type plotRows struct {
	early, late []plotRow
	last        float64 // display time of the last frame
}

func (p *plotRows) add(r *row) {
	x := plotRow{time: r.time, alpha: r.alpha, steps: r.steps}
	if len(r.bodies) > 0 && r.bodies[0].ok {
		x.ok, x.drawn, x.exact = true, r.bodies[0].drawn[0], r.bodies[0].exact[0]
	}
	if r.time <= plotLength {
		p.early = append(p.early, x)
	}
	if r.time >= plotStart && r.time <= plotStart+plotLength {
		p.late = append(p.late, x)
	}
	p.last = r.time
}

// window is the rows the plots show: the late window when the run reached
// its end, else the early one.
func (p *plotRows) window() []plotRow {
	if p.last < plotStart+plotLength {
		return p.early
	}
	return p.late
}
