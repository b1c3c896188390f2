package latency

import "sandbox/engine/interp"

// Frame is what the bookkeeping needs of one presented frame.
type Frame struct {
	Index uint64 // the frame's number
	// Time is the display time the loop ran the frame for (the time it
	// was handed up to), Present the time the display showed it: the
	// next frame's start, when a vsync'd or variable-refresh display
	// flips it (docs/latency.md). s.
	Time, Present float64
	Tick          uint64  // the tick after the frame's steps: the current state
	Steps         int     // steps the frame ran, ending on Tick
	Alpha         float64 // the loop's blend after the frame, in [0, 1)
}

// Result is one input's path from arrival to screen. Times are display
// seconds; the parts add up to Latency.
type Result struct {
	Arrival float64 `json:"arrival"`
	// Boundary is the display time of the step boundary the input was
	// applied at, and Tick the tick that step produced: the first state
	// with the input's effect.
	Boundary float64 `json:"boundary"`
	Tick     uint64  `json:"tick"`
	// Frame is the first frame whose drawn state includes Tick, presented
	// at Shown.
	Frame uint64  `json:"frame"`
	Shown float64 `json:"shown"`
	// StepWait is Boundary - Arrival; FrameWait from Boundary to the first
	// frame whose current state is Tick or later (the step's own length
	// included: its result is due a step after its boundary); InterpDelay
	// from that frame to Frame, which is zero when nothing lags.
	StepWait    float64 `json:"step_wait"`
	FrameWait   float64 `json:"frame_wait"`
	InterpDelay float64 `json:"interp_delay"`
}

// Latency is the time from arrival to the present of the frame that first
// showed the input, s.
func (r Result) Latency() float64 { return r.Shown - r.Arrival }

// Lag is how many ticks behind the current state mode draws in full: lerp
// and slerp blend the tick before towards the current one, so the current
// tick is on screen whole only once it is the tick before; off and
// extrapolate draw the current tick (extrapolation guesses past it, but
// cannot show a step that has not run).
func Lag(m interp.Mode) uint64 {
	if m == interp.Lerp || m == interp.Slerp {
		return 1
	}
	return 0
}

// boundarySlack absorbs float rounding between a display time summed frame
// by frame and a boundary computed from the accumulator: an input on a
// boundary is applied at it.
const boundarySlack = 1e-9

// Tracker follows inputs through a run. Feed it every frame in order.
type Tracker struct {
	step     float64
	lag      uint64
	arrivals []float64 // ascending
	next     int       // first arrival not yet applied
	boundary float64   // the last boundary seen: boundaries never go back
	waiting  []Result  // applied, not yet shown; ascending ticks
	offAt    []float64 // per waiting input: when its tick was first current (0: not yet)
	done     []Result
	held     *Frame // run, to be presented when the next one starts
}

// NewTracker follows arrivals (display seconds, ascending) on a loop of
// stepSeconds whose drawn state lags lag ticks behind the current one.
func NewTracker(stepSeconds float64, lag uint64, arrivals []float64) *Tracker {
	return &Tracker{step: stepSeconds, lag: lag, arrivals: arrivals}
}

// Ran is the loop's frame f run for display time now: the frame held
// before it is presented now (a vsync'd or variable-refresh display flips a
// frame as the next one starts), and f is held in its place. A nil f is a
// frame no display shows (a run's cut last frame).
func (t *Tracker) Ran(now float64, f *Frame) {
	if t.held != nil {
		t.held.Present = now
		t.Frame(*t.held)
	}
	t.held = nil
	if f != nil {
		h := *f
		t.held = &h
	}
}

// Frame applies the inputs whose boundary the frame's steps passed and
// closes those the frame shows.
func (t *Tracker) Frame(f Frame) {
	// The steps run in f end on f.Tick, with Alpha of a step left over at
	// f.Time: the step producing tick k started at Time - (Alpha + Tick -
	// k + 1) steps.
	first := f.Tick - uint64(f.Steps)
	for k := first + 1; k <= f.Tick; k++ {
		b := max(t.boundary, f.Time-(f.Alpha+float64(f.Tick-k+1))*t.step)
		t.boundary = b
		for t.next < len(t.arrivals) && t.arrivals[t.next] <= b+boundarySlack {
			a := t.arrivals[t.next]
			b := max(a, b)
			t.waiting = append(t.waiting, Result{Arrival: a, Boundary: b, Tick: k, StepWait: b - a})
			t.offAt = append(t.offAt, -1)
			t.next++
		}
	}
	n := 0
	for i := range t.waiting {
		r := &t.waiting[i]
		if t.offAt[i] < 0 && f.Tick >= r.Tick {
			t.offAt[i] = f.Present
		}
		if f.Tick >= r.Tick+t.lag {
			r.Frame, r.Shown = f.Index, f.Present
			r.FrameWait = t.offAt[i] - r.Boundary
			r.InterpDelay = f.Present - t.offAt[i]
			t.done = append(t.done, *r)
			n++
		}
	}
	// Ticks only grow, so the shown are the first n.
	t.waiting = append(t.waiting[:0], t.waiting[n:]...)
	t.offAt = append(t.offAt[:0], t.offAt[n:]...)
}

// Done is every input shown so far, in arrival order.
func (t *Tracker) Done() []Result { return t.done }

// Unshown counts the inputs not yet shown: not arrived, or applied but not
// yet drawn, when the run ended.
func (t *Tracker) Unshown() int { return len(t.arrivals) - len(t.done) }
