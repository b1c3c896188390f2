package frames

import (
	"math"
	"slices"
)

// maxInputsInFlight bounds the inputs followed between arrival and present:
// a paused session holds its queued inputs until it steps again.
const maxInputsInFlight = 256

// LatencySummary describes the latencies of the last inputs, from arrival
// to the present of the first frame showing their effect, ms. Zero before
// the first input is shown.
type LatencySummary struct {
	Inputs uint64  `json:"inputs"` // inputs shown since creation
	Count  int     `json:"count"`  // inputs in the window the figures cover
	Last   float64 `json:"last"`
	Mean   float64 `json:"mean"`
	P50    float64 `json:"p50"`
	P99    float64 `json:"p99"`
	Max    float64 `json:"max"`
}

// applied is an input applied in the step from tick to tick+1, arrived at
// the clock reading arrival.
type applied struct {
	arrival int64
	tick    uint64
}

// InputLatency follows user inputs (shots, CCD switches, rate changes:
// whatever is queued for the next step) from the clock reading at their
// arrival, through the step that applied them, to the present of the first
// frame whose drawn state includes that step, and keeps the latencies of
// the last inputs. Inputs are applied in the order they were queued, all
// of them at the next step boundary, which is what lets it follow them by
// count alone.
type InputLatency struct {
	waiting []int64   // arrivals of inputs queued, not yet applied, oldest first
	applied []applied // applied, not yet shown, oldest first

	ring    []float64 // latencies, s; ring[head] is the oldest once full
	scratch []float64
	head, n int
	shown   uint64
	last    float64
}

// NewInputLatency keeps the latencies of the last capacity inputs (at least 1).
func NewInputLatency(capacity int) *InputLatency {
	capacity = max(capacity, 1)
	return &InputLatency{waiting: make([]int64, 0, maxInputsInFlight), applied: make([]applied, 0, maxInputsInFlight),
		ring: make([]float64, capacity), scratch: make([]float64, 0, capacity)}
}

// Queued tells it that the session now holds pending queued inputs: those
// beyond the ones already waiting arrived at nowNs (up to maxInputsInFlight
// are followed). Fewer than are waiting means the session dropped its queue
// (a new scene): the waiting ones go.
func (l *InputLatency) Queued(pending int, nowNs int64) {
	if pending < len(l.waiting) {
		l.waiting = l.waiting[:0]
	}
	for len(l.waiting) < min(pending, maxInputsInFlight) {
		l.waiting = append(l.waiting, nowNs)
	}
}

// Stepped tells it that a frame ran steps from firstTick on: the first of
// them applied every input waiting.
func (l *InputLatency) Stepped(firstTick uint64) {
	for _, a := range l.waiting {
		if len(l.applied) == maxInputsInFlight {
			l.applied = append(l.applied[:0], l.applied[1:]...)
		}
		l.applied = append(l.applied, applied{arrival: a, tick: firstTick})
	}
	l.waiting = l.waiting[:0]
}

// Presented tells it that a frame whose drawn state includes every step up
// to the one ending on drawnTick was presented at nowNs: each applied input
// whose step ended on or before drawnTick is shown, its latency recorded.
func (l *InputLatency) Presented(drawnTick uint64, nowNs int64) {
	kept := l.applied[:0]
	for _, a := range l.applied {
		if a.tick+1 > drawnTick {
			kept = append(kept, a)
			continue
		}
		l.add(float64(nowNs-a.arrival) * 1e-9)
	}
	l.applied = kept
}

// Forget drops every input followed (the session was replaced).
func (l *InputLatency) Forget() {
	l.waiting, l.applied = l.waiting[:0], l.applied[:0]
}

// InFlight is the number of inputs arrived but not yet shown.
func (l *InputLatency) InFlight() int { return len(l.waiting) + len(l.applied) }

func (l *InputLatency) add(seconds float64) {
	l.shown++
	l.last = seconds
	if l.n < len(l.ring) {
		l.ring[(l.head+l.n)%len(l.ring)] = seconds
		l.n++
		return
	}
	l.ring[l.head] = seconds
	l.head = (l.head + 1) % len(l.ring)
}

// Summary summarises the latencies in the window, O(n log n).
func (l *InputLatency) Summary() LatencySummary {
	if l.n == 0 {
		return LatencySummary{}
	}
	l.scratch = l.scratch[:0]
	sum := 0.0
	for i := range l.n {
		v := l.ring[(l.head+i)%len(l.ring)]
		l.scratch = append(l.scratch, v)
		sum += v
	}
	slices.Sort(l.scratch)
	ms := func(s float64) float64 { return math.Round(s*1e9) / 1e6 } // whole ns, in ms
	return LatencySummary{Inputs: l.shown, Count: l.n, Last: ms(l.last), Mean: ms(sum / float64(l.n)),
		P50: ms(l.scratch[percentileRank(l.n, 0.5)]), P99: ms(l.scratch[percentileRank(l.n, 0.99)]),
		Max: ms(l.scratch[l.n-1])}
}
