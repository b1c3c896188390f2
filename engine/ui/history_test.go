package ui

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"sandbox/engine/frames"
	"sandbox/engine/interp"
)

func TestNewHistoryRefusesBadArguments(t *testing.T) {
	if _, err := NewHistory(1, nil, nil); err == nil {
		t.Error("capacity 1 accepted")
	}
	if _, err := NewHistory(16, make([]string, MaxStages+1), nil); err == nil {
		t.Errorf("%d stage names accepted", MaxStages+1)
	}
	if _, err := NewHistory(16, nil, make([]string, MaxStages+1)); err == nil {
		t.Errorf("%d solver names accepted", MaxStages+1)
	}
	if _, err := NewHistory(16, make([]string, MaxStages), make([]string, MaxStages)); err != nil {
		t.Errorf("%d stage names refused: %v", MaxStages, err)
	}
}

// ringValues reads a series the way ImPlot does: count points starting at
// offset, wrapping at count.
func ringValues(xs, ys *float64, count, offset int32) (x, y []float64) {
	xa := unsafe.Slice(xs, count)
	ya := unsafe.Slice(ys, count)
	for i := int32(0); i < count; i++ {
		j := (offset + i) % count
		x = append(x, xa[j])
		y = append(y, ya[j])
	}
	return x, y
}

func TestHistoryRingKeepsNewestInOrder(t *testing.T) {
	cases := []struct {
		capacity, pushes int
	}{
		{4, 0}, {4, 3}, {4, 4}, {4, 5}, {4, 11}, {5, 100},
	}
	for _, c := range cases {
		h, err := NewHistory(c.capacity, []string{"s"}, []string{"p", "q"})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < c.pushes; i++ {
			var st [MaxStages]int64
			st[0] = int64(i) * 1000
			var so [MaxStages]int64
			so[1] = int64(i) * 2000
			if err := h.Push(Sample{Time: float64(i), FrameSeconds: float64(i) / 1000, Steps: i, StageNanos: st, SolverNanos: so}); err != nil {
				t.Fatal(err)
			}
		}
		want := min(c.pushes, c.capacity)
		if h.Len() != want {
			t.Errorf("cap %d, %d pushes: Len %d, want %d", c.capacity, c.pushes, h.Len(), want)
		}
		xs, ys, n, off := h.series(h.frameMS)
		if int(n) != want {
			t.Errorf("cap %d, %d pushes: series count %d, want %d", c.capacity, c.pushes, n, want)
		}
		if n == 0 {
			continue
		}
		x, y := ringValues(xs, ys, n, off)
		first := c.pushes - want
		for i := range x {
			if x[i] != float64(first+i) || math.Abs(y[i]-float64(first+i)) > 1e-12 {
				t.Errorf("cap %d, %d pushes: point %d = (%v, %v), want (%d, %d ms)", c.capacity, c.pushes, i, x[i], y[i], first+i, first+i)
			}
		}
		_, st, _, _ := h.series(h.stageUS[0])
		_, sv := ringValues(xs, st, n, off)
		if sv[len(sv)-1] != float64(c.pushes-1) {
			t.Errorf("stage us newest = %v, want %d", sv[len(sv)-1], c.pushes-1)
		}
		_, so, _, _ := h.series(h.solverUS[1])
		if _, pv := ringValues(xs, so, n, off); pv[len(pv)-1] != float64(2*(c.pushes-1)) {
			t.Errorf("solver us newest = %v, want %d", pv[len(pv)-1], 2*(c.pushes-1))
		}
		if _, _, steps, _, _, ok := h.Latest(); !ok || steps != c.pushes-1 {
			t.Errorf("Latest steps %d ok %v, want %d", steps, ok, c.pushes-1)
		}
	}
}

func TestHistoryRefusesTimeGoingBack(t *testing.T) {
	h, _ := NewHistory(8, nil, nil)
	if err := h.Push(Sample{Time: 2}); err != nil {
		t.Fatal(err)
	}
	if err := h.Push(Sample{Time: 1}); err == nil {
		t.Error("earlier sample accepted")
	}
	if err := h.Push(Sample{Time: math.NaN()}); err == nil {
		t.Error("NaN time accepted")
	}
	if err := h.Push(Sample{Time: 2}); err != nil {
		t.Errorf("equal time refused: %v", err)
	}
	if h.Len() != 2 {
		t.Errorf("Len %d after refusals, want 2", h.Len())
	}
	h.Clear()
	if h.Len() != 0 {
		t.Errorf("Len %d after Clear", h.Len())
	}
	if err := h.Push(Sample{Time: 0}); err != nil {
		t.Errorf("push after Clear refused: %v", err)
	}
}

func TestPresentationRateAndJitter(t *testing.T) {
	cases := []struct {
		name       string
		periods    []float64 // repeated
		wantHz     float64
		wantJitter float64
	}{
		{"steady 60", []float64{1.0 / 60}, 60, 0},
		{"steady 144", []float64{1.0 / 144}, 144, 0},
		{"10/20 ms alternating", []float64{0.010, 0.020}, 1 / 0.015, 0.005},
		{"0,2 stutter at 60", []float64{0.008, 0.025}, 1 / 0.0165, 0.0085},
	}
	for _, c := range cases {
		h, _ := NewHistory(4096, nil, nil)
		now := 0.0
		for i := 0; i < 600; i++ {
			p := c.periods[i%len(c.periods)]
			now += p
			h.Push(Sample{Time: now, FrameSeconds: p})
		}
		hz, jitter := h.Presentation(1)
		// A 1 s window may hold an odd number of frames of a two-period
		// pattern, so the mean is only within a percent of the pattern's.
		if math.Abs(hz-c.wantHz) > 0.01*c.wantHz || math.Abs(jitter-c.wantJitter) > 2e-5 {
			t.Errorf("%s: %v Hz, jitter %v s; want %v Hz, %v s", c.name, hz, jitter, c.wantHz, c.wantJitter)
		}
	}
	h, _ := NewHistory(16, nil, nil)
	if hz, j := h.Presentation(1); hz != 0 || j != 0 {
		t.Errorf("empty history: %v Hz, %v", hz, j)
	}
}

func TestDroppedWithinWindow(t *testing.T) {
	h, _ := NewHistory(64, nil, nil)
	// Frames at t = 0.0 .. 3.0 s every 0.25 s; time dropped at 0.5 s and 2.75 s.
	for i := 0; i <= 12; i++ {
		d := 0.0
		switch i {
		case 2:
			d = 0.2
		case 11:
			d = 0.03
		}
		h.Push(Sample{Time: float64(i) * 0.25, FrameSeconds: 0.25, DroppedSeconds: d})
	}
	if got := h.DroppedWithin(1); math.Abs(got-0.03) > 1e-12 {
		t.Errorf("last 1 s: %v, want 0.03", got)
	}
	if got := h.DroppedWithin(3); math.Abs(got-0.23) > 1e-12 {
		t.Errorf("last 3 s: %v, want 0.23", got)
	}
	h.Push(Sample{Time: 4.5, FrameSeconds: 1.5})
	if got := h.DroppedWithin(1); got != 0 {
		t.Errorf("after a clean second: %v, want 0", got)
	}
	if got := h.maxWithin(h.frameMS, 0.5); got != 1500 {
		t.Errorf("maxWithin = %v, want 1500 ms", got)
	}
}

func TestComboItemsFollowTheirTypes(t *testing.T) {
	want := "native\x0060 Hz\x00120 Hz\x00144 Hz\x00165 Hz\x00240 Hz\x00uncapped\x00"
	if rateItems != want {
		t.Fatalf("rate combo %q, want %q", rateItems, want)
	}
	if n := strings.Count(interpItems, "\x00"); n != len(interp.Modes()) {
		t.Fatalf("interpolation combo has %d entries for %d modes", n, len(interp.Modes()))
	}
}

func TestClampStateKeepsRanges(t *testing.T) {
	s := DefaultPanelState()
	s.TimeScale = 0
	s.ShotSpeed = 1e9
	s.ShotSize = float32(math.NaN())
	s.Rate = 42
	s.Interp = 200
	s.Scenes = []string{"a"}
	s.Scene = 3
	clampState(&s)
	if s.TimeScale != MinTimeScale || s.ShotSpeed != MaxShotSpeed || s.ShotSize != MinShotSize ||
		s.Rate != frames.Native || s.Interp != interp.Lerp || s.Scene != 0 {
		t.Errorf("clamped state %+v", s)
	}
	d := DefaultPanelState()
	before := d
	clampState(&d)
	if d.TimeScale != before.TimeScale || d.ShotSpeed != before.ShotSpeed || d.ShotSize != before.ShotSize {
		t.Errorf("defaults changed by clamping: %+v", d)
	}
}

func TestAxisTop(t *testing.T) {
	for in, want := range map[float64]float64{0: 1, -3: 1, 10: 11.5} {
		if got := axisTop(in); math.Abs(got-want) > 1e-12 {
			t.Errorf("axisTop(%v) = %v, want %v", in, got, want)
		}
	}
	if axisTop(math.NaN()) != 1 {
		t.Error("axisTop(NaN)")
	}
}

// A narrow plot strip shows fewer, readable plots instead of three with
// clipped titles (issue 10: at 800x500 titles were cut and legends hid
// the curves).
func TestPlotCount(t *testing.T) {
	for _, c := range []struct {
		w      float32
		stages bool
		want   int
	}{{864, true, 3}, {864, false, 2}, {600, true, 2}, {384, true, 1}, {100, true, 1}} {
		if got := plotCount(c.w, c.stages); got != c.want {
			t.Errorf("plotCount(%g, %v) = %d, want %d", c.w, c.stages, got, c.want)
		}
	}
}
