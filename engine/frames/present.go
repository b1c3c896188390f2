package frames

import (
	"math"
	"slices"
)

// MissFactor is how much longer than its slot a present interval may be
// before the frame counts as having missed it: past 1.5 periods the swap
// came back nearer the slot after its own than its own.
const MissFactor = 1.5

// RunPresentIntervals is the window of a whole run's present timing: the
// intervals the window's -stats and `sandbox frames` summarise.
const RunPresentIntervals = 1 << 16

// PresentSummary describes the intervals between successive swap returns in
// a PresentTiming window, each judged against the period asked for when it
// ended. Zero when no interval has been recorded. Durations are in ms.
type PresentSummary struct {
	Intervals int `json:"intervals"` // intervals in the window
	// TargetHz is the rate the newest interval was asked for (the pacer's,
	// or the monitor's with vsync); 0 when nothing sets one (uncapped).
	TargetHz float64 `json:"target_hz"`
	// MeasuredHz is 1 / the mean interval.
	MeasuredHz float64 `json:"measured_hz"`
	// DeviationP50Ms and DeviationP99Ms are percentiles (nearest rank) of
	// |interval - period|: the period asked for, or for intervals with no
	// target the window's mean of those intervals.
	DeviationP50Ms float64 `json:"deviation_p50_ms"`
	DeviationP99Ms float64 `json:"deviation_p99_ms"`
	// Missed counts the intervals longer than MissFactor times their period
	// (same reference as the deviation): frames that missed their slot.
	Missed     int     `json:"missed"`
	MissFactor float64 `json:"miss_factor"`
}

// PresentTiming records when each present returned (SwapBuffers, as the
// program sees it) and summarises the intervals between them over a sliding
// window of the last Capacity intervals. Recording allocates nothing;
// Summary sorts a copy held in a scratch slice allocated once.
type PresentTiming struct {
	interval []float64 // s; interval[head] is the oldest once full
	period   []float64 // the period asked for when each interval ended, s; 0 = none
	scratch  []float64
	head, n  int

	last    int64
	hasLast bool
}

// NewPresentTiming returns present timing over the last capacity intervals
// (at least 1).
func NewPresentTiming(capacity int) *PresentTiming {
	capacity = max(capacity, 1)
	return &PresentTiming{interval: make([]float64, capacity), period: make([]float64, capacity),
		scratch: make([]float64, 0, capacity)}
}

// Swap records a present that returned at nowNs (monotonic nanoseconds) on
// a display asked to present at targetHz (0 = no rate asked for); from the
// second call on it records the interval since the previous one.
func (p *PresentTiming) Swap(nowNs int64, targetHz float64) {
	if p.hasLast {
		period := 0.0
		if targetHz > 0 && !math.IsInf(targetHz, 0) {
			period = 1 / targetHz
		}
		p.AddInterval(float64(nowNs-p.last)*1e-9, period)
	}
	p.last, p.hasLast = nowNs, true
}

// AddInterval records one interval, s, asked to last period s (0 = none).
func (p *PresentTiming) AddInterval(seconds, period float64) {
	i := (p.head + p.n) % len(p.interval)
	if p.n == len(p.interval) {
		i = p.head
		p.head = (p.head + 1) % len(p.interval)
	} else {
		p.n++
	}
	p.interval[i], p.period[i] = seconds, period
}

// Restart forgets the last present (after a pause in presenting, so that
// the gap is not recorded as an interval). The window is kept.
func (p *PresentTiming) Restart() { p.hasLast = false }

// Clear empties the window and forgets the last present.
func (p *PresentTiming) Clear() { p.head, p.n, p.hasLast = 0, 0, false }

// Len is the number of intervals in the window.
func (p *PresentTiming) Len() int { return p.n }

func (p *PresentTiming) at(i int) (interval, period float64) {
	k := (p.head + i) % len(p.interval)
	return p.interval[k], p.period[k]
}

// Summary summarises the window, O(n log n).
func (p *PresentTiming) Summary() PresentSummary {
	if p.n == 0 {
		return PresentSummary{}
	}
	sum, free, nFree := 0.0, 0.0, 0
	for i := range p.n {
		v, per := p.at(i)
		sum += v
		if per == 0 {
			free += v
			nFree++
		}
	}
	freeRef := 0.0
	if nFree > 0 {
		freeRef = free / float64(nFree)
	}
	out := PresentSummary{Intervals: p.n, MissFactor: MissFactor}
	if _, per := p.at(p.n - 1); per > 0 {
		out.TargetHz = 1 / per
	}
	if sum > 0 {
		out.MeasuredHz = float64(p.n) / sum
	}
	p.scratch = p.scratch[:0]
	for i := range p.n {
		v, per := p.at(i)
		if per == 0 {
			per = freeRef
		}
		p.scratch = append(p.scratch, math.Abs(v-per))
		if v > MissFactor*per {
			out.Missed++
		}
	}
	slices.Sort(p.scratch)
	out.DeviationP50Ms = 1e3 * p.scratch[percentileRank(p.n, 0.50)]
	out.DeviationP99Ms = 1e3 * p.scratch[percentileRank(p.n, 0.99)]
	return out
}
