package ui

import (
	"errors"
	"fmt"
	"math"
)

// MaxStages is how many physics stage timings a History can hold.
const MaxStages = 8

// PlotSeconds is how much history the panel's plots show.
const PlotSeconds = 5.0

// DefaultHistoryCapacity holds 5 s of frames at up to about 800 frames per
// second; faster (uncapped) runs show a shorter span in the same plots.
const DefaultHistoryCapacity = 4096

// Sample is one display frame's numbers, as the app measured them.
type Sample struct {
	// Time is the app's clock at the frame, in seconds; it only grows.
	Time float64
	// FrameSeconds is the measured presentation period of this frame, s.
	FrameSeconds float64
	// Steps is how many fixed physics steps ran in this frame, 0..cap.
	Steps int
	// Alpha is the interpolation factor after the frame, in [0, 1).
	Alpha float64
	// AccumulatorSeconds is the loop's accumulator after the frame, s.
	AccumulatorSeconds float64
	// DroppedSeconds is the time dropped this frame (clamp + step cap +
	// discarded), s; positive means physics fell behind real time.
	DroppedSeconds float64
	// StageNanos holds the last step's stage timings, ns, in the order of
	// the stage names given to NewHistory (unused entries are ignored).
	StageNanos [MaxStages]int64
	// SolverNanos breaks one of those stages, the solver, down by pass,
	// ns, in the order of the solver names given to NewHistory.
	SolverNanos [MaxStages]int64
}

// History keeps the last frames' numbers for the panel's plots in ring
// buffers allocated once by NewHistory; Push never allocates. Values are
// stored already in the units the plots show (milliseconds,
// microseconds), as float64 so ImPlot can read the slices in place.
type History struct {
	capacity int
	head     int // next slot to write
	count    int // valid samples, <= capacity

	time     []float64 // s
	frameMS  []float64
	steps    []float64
	alpha    []float64
	accMS    []float64
	dropMS   []float64
	stageUS  [MaxStages][]float64
	stages   []string // fixed stage names, len <= MaxStages
	solverUS [MaxStages][]float64
	solver   []string // fixed solver pass names, len <= MaxStages
	lastTime float64
}

// NewHistory allocates ring buffers of capacity frames (at least 2) for
// the given physics stage names and solver pass names (at most MaxStages
// each; names are shown as plot legends, and either list may be empty).
func NewHistory(capacity int, stageNames, solverNames []string) (*History, error) {
	if capacity < 2 {
		return nil, fmt.Errorf("ui: history capacity %d: want at least 2", capacity)
	}
	if len(stageNames) > MaxStages {
		return nil, fmt.Errorf("ui: %d stage names: at most %d", len(stageNames), MaxStages)
	}
	if len(solverNames) > MaxStages {
		return nil, fmt.Errorf("ui: %d solver names: at most %d", len(solverNames), MaxStages)
	}
	h := &History{
		capacity: capacity,
		time:     make([]float64, capacity),
		frameMS:  make([]float64, capacity),
		steps:    make([]float64, capacity),
		alpha:    make([]float64, capacity),
		accMS:    make([]float64, capacity),
		dropMS:   make([]float64, capacity),
		stages:   append([]string(nil), stageNames...),
		solver:   append([]string(nil), solverNames...),
		lastTime: math.Inf(-1),
	}
	for i := range h.stages {
		h.stageUS[i] = make([]float64, capacity)
	}
	for i := range h.solver {
		h.solverUS[i] = make([]float64, capacity)
	}
	return h, nil
}

// errTimeBackwards is returned by Push for a sample older than the last.
var errTimeBackwards = errors.New("ui: history sample time went backwards")

// Push records one frame, overwriting the oldest when full. A sample whose
// Time is NaN or earlier than the previous one is refused, because the
// plots assume time only grows.
func (h *History) Push(s Sample) error {
	if math.IsNaN(s.Time) || s.Time < h.lastTime {
		return errTimeBackwards
	}
	h.lastTime = s.Time
	i := h.head
	h.time[i] = s.Time
	h.frameMS[i] = s.FrameSeconds * 1e3
	h.steps[i] = float64(s.Steps)
	h.alpha[i] = s.Alpha
	h.accMS[i] = s.AccumulatorSeconds * 1e3
	h.dropMS[i] = s.DroppedSeconds * 1e3
	for k := range h.stages {
		h.stageUS[k][i] = float64(s.StageNanos[k]) * 1e-3
	}
	for k := range h.solver {
		h.solverUS[k][i] = float64(s.SolverNanos[k]) * 1e-3
	}
	h.head++
	if h.head == h.capacity {
		h.head = 0
	}
	if h.count < h.capacity {
		h.count++
	}
	return nil
}

// Len reports how many frames are stored.
func (h *History) Len() int { return h.count }

// Capacity reports the ring size in frames.
func (h *History) Capacity() int { return h.capacity }

// StageNames returns the stage names given to NewHistory.
func (h *History) StageNames() []string { return h.stages }

// SolverNames returns the solver pass names given to NewHistory.
func (h *History) SolverNames() []string { return h.solver }

// Clear forgets every sample (after a scene reset, say), keeping the
// buffers.
func (h *History) Clear() {
	h.head, h.count = 0, 0
	h.lastTime = math.Inf(-1)
}

// index returns the ring slot of the k-th newest sample (k = 0: newest).
func (h *History) index(k int) int {
	i := h.head - 1 - k
	if i < 0 {
		i += h.capacity
	}
	return i
}

// Latest returns the newest sample's time, frame ms, steps, alpha and
// accumulator ms; ok is false when the history is empty.
func (h *History) Latest() (t, frameMS float64, steps int, alpha, accMS float64, ok bool) {
	if h.count == 0 {
		return 0, 0, 0, 0, 0, false
	}
	i := h.index(0)
	return h.time[i], h.frameMS[i], int(h.steps[i]), h.alpha[i], h.accMS[i], true
}

// Presentation measures the display over the frames of the last window
// seconds (ending at the newest frame): the mean presentation rate in Hz
// (1 / mean frame period) and the frame-period jitter, the standard
// deviation of the period in seconds. Both are 0 with fewer than 2 frames.
func (h *History) Presentation(window float64) (hz, jitter float64) {
	if h.count < 2 {
		return 0, 0
	}
	newest := h.time[h.index(0)]
	var n int
	var sum, sumSq float64
	for k := 0; k < h.count; k++ {
		i := h.index(k)
		if newest-h.time[i] > window && n >= 2 {
			break
		}
		p := h.frameMS[i] * 1e-3
		sum += p
		sumSq += p * p
		n++
	}
	mean := sum / float64(n)
	if mean <= 0 {
		return 0, 0
	}
	variance := sumSq/float64(n) - mean*mean
	if variance < 0 {
		variance = 0 // rounding when every period is equal
	}
	return 1 / mean, math.Sqrt(variance)
}

// DroppedWithin sums the time dropped over the frames of the last window
// seconds, in seconds. The panel's "physics behind" banner shows it.
func (h *History) DroppedWithin(window float64) float64 {
	if h.count == 0 {
		return 0
	}
	newest := h.time[h.index(0)]
	var ms float64
	for k := 0; k < h.count; k++ {
		i := h.index(k)
		if newest-h.time[i] > window {
			break
		}
		ms += h.dropMS[i]
	}
	return ms * 1e-3
}

// maxWithin returns the largest value of y over the frames of the last
// window seconds (0 when empty), for the plots' fixed, zero-based y axes.
func (h *History) maxWithin(y []float64, window float64) float64 {
	if h.count == 0 {
		return 0
	}
	newest := h.time[h.index(0)]
	m := 0.0
	for k := 0; k < h.count; k++ {
		i := h.index(k)
		if newest-h.time[i] > window {
			break
		}
		if y[i] > m {
			m = y[i]
		}
	}
	return m
}

// series describes one ring buffer as ImPlot wants it: the x and y arrays,
// the number of points and the offset of the oldest point (ImPlot reads
// a ring by wrapping at count from that offset).
func (h *History) series(y []float64) (xs, ys *float64, count, offset int32) {
	if h.count == 0 {
		return nil, nil, 0, 0
	}
	off := 0
	if h.count == h.capacity {
		off = h.head
	}
	return &h.time[0], &y[0], int32(h.count), int32(off)
}
