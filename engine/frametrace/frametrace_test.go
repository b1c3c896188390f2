package frametrace

import (
	"math"
	"testing"

	"sandbox/engine/loop"
	"sandbox/engine/scene"
)

const h60 = 1.0 / 60

func steady(period float64, n int) []float64 {
	t := make([]float64, n)
	for i := range t {
		t[i] = period
	}
	return t
}

// loopOnly advances a bare loop.Loop with no physics behind it: the loop
// policy alone, which these tests check.
func loopOnly(t *testing.T, cfg loop.Config) Advance {
	l, err := loop.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return func(sec float64) (Frame, error) {
		f, err := l.Advance(sec, nil)
		return Frame{Steps: f.Steps, Alpha: f.Alpha, Accumulator: f.Accumulator,
			Clamped: f.ClampedSeconds, Capped: f.CappedSeconds}, err
	}
}

func simulate(t *testing.T, trace []float64, cfg loop.Config, cost float64) ([]Frame, Summary) {
	t.Helper()
	frames, err := Simulate(trace, cost, loopOnly(t, cfg))
	if err != nil {
		t.Fatal(err)
	}
	return frames, Summarize(frames, cfg)
}

// TestDoublingModel runs the feedback model with nothing but the steps'
// cost in a frame (the next frame's time is steps x cost), each step
// costing two steps of wall time, through the real loop with its default
// cap of 8: the steps double 1, 2, 4, 8 and then the cap holds them at 8,
// dropping time every frame. On a 60 Hz trace (the display's own frame added) the cap holds too.
func TestDoublingModel(t *testing.T) {
	cfg := loop.DefaultConfig()
	trace := make([]float64, 100)
	trace[0] = h60 // one step's worth to start; after that only the feedback
	frames, s := simulate(t, trace, cfg, 2*h60)
	for i, want := range []int{1, 2, 4, 8, 8, 8} {
		if frames[i].Steps != want {
			t.Fatalf("frame %d ran %d steps; want 1, 2, 4, 8, 8, 8 first", i, frames[i].Steps)
		}
	}
	if s.MaxSteps != 8 || s.DroppedSeconds <= 0 || !s.Spiralled {
		t.Fatalf("max steps %d, dropped %v s, spiralled %v: want the cap of 8 to hold while time is dropped", s.MaxSteps, s.DroppedSeconds, s.Spiralled)
	}
	_, s = simulate(t, steady(h60, 600), cfg, 2*h60)
	if s.MaxSteps != 8 || s.DroppedSeconds <= 0 || !s.Spiralled || s.StepsHistogram[8] < 590 {
		t.Fatalf("60 Hz trace at cost 2h: max %d steps, dropped %v, spiralled %v, histogram %v", s.MaxSteps, s.DroppedSeconds, s.Spiralled, s.StepsHistogram)
	}
	// Without the cost the same trace runs one step a frame and drops nothing.
	_, s = simulate(t, steady(h60, 600), cfg, 0)
	if s.MaxSteps != 1 || s.DroppedSeconds != 0 || s.Spiralled || s.StepsHistogram[1] != 600 {
		t.Fatalf("60 Hz at no cost: %+v", s)
	}
}

// TestMarginHandChecked checks the margin C* = h - d_mean/min(N, M/h)
// against cases worked by hand.
func TestMarginHandChecked(t *testing.T) {
	cases := []struct {
		name  string
		trace []float64
		cfg   loop.Config
		want  float64
	}{
		// s_max = 8: (1/60)(1 - 1/8) = 7/480 s = 14.583 ms.
		{"60 Hz on 60 Hz, N 8", steady(h60, 60), loop.DefaultConfig(), 7.0 / 480},
		// A 30 Hz display owes 2 steps a frame: 1/60 - (1/30)/8 = 1/80 s = 12.5 ms.
		{"30 Hz on 60 Hz, N 8", steady(1.0/30, 30), loop.DefaultConfig(), 1.0 / 80},
		// The clamp binds: M/h = 0.1*60 = 6 < N = 20: 1/60 - (1/60)/6 = 1/72 s.
		{"clamp 0.1 s, N 20", steady(h60, 60), loop.Config{StepSeconds: h60, MaxStepsPerFrame: 20, MaxFrameSeconds: 0.1}, 1.0 / 72},
		// Nine 60 Hz frames and one of 1 s, clamped to 0.25 s: mean
		// (9/60 + 0.25)/10 = 0.04 s, so 1/60 - 0.04/8 = 1/60 - 1/200.
		{"a clamped stall", append(steady(h60, 9), 1), loop.DefaultConfig(), 1.0/60 - 1.0/200},
		// Frames longer than 8 steps already outrun the loop: below 0.
		{"10 Hz on 60 Hz, N 4", steady(0.1, 10), loop.Config{StepSeconds: h60, MaxStepsPerFrame: 4, MaxFrameSeconds: 0.25}, h60 - 0.1/4},
	}
	for _, c := range cases {
		if got := Margin(c.trace, c.cfg); math.Abs(got-c.want) > 1e-15 {
			t.Errorf("%s: margin %v s, want %v s", c.name, got, c.want)
		}
	}
}

// TestMarginPredictsTheSpiral runs the real loop under the feedback model
// just below and just above the margin: below, hitches are worked off and
// nothing is capped once settled; above, the loop is pinned at the cap.
func TestMarginPredictsTheSpiral(t *testing.T) {
	for _, period := range []float64{h60, 1.0 / 144, 1.0 / 30} {
		trace := steady(period, 3000)
		cfg := loop.DefaultConfig()
		m := Margin(trace, cfg)
		frames, below := simulate(t, trace, cfg, 0.95*m)
		for i, f := range frames[len(frames)/2:] {
			if f.Capped > 0 {
				t.Fatalf("period %v, cost 0.95 C*: frame %d capped", period, len(frames)/2+i)
			}
		}
		_, above := simulate(t, trace, cfg, 1.05*m)
		if below.Spiralled || !above.Spiralled {
			t.Errorf("period %v, C* %.4g ms: spiralled below %v, above %v", period, 1000*m, below.Spiralled, above.Spiralled)
		}
	}
}

func TestSummaryRuns(t *testing.T) {
	// 144 Hz on 60 Hz physics: steps 0 and 1, never two, never dropped.
	trace := steady(1.0/144, 1440)
	frames, s := simulate(t, trace, loop.DefaultConfig(), 0)
	if s.MaxSteps != 1 || s.LongestMultiStepRun != 0 || s.LongestZeroStepRun != 2 || s.DroppedSeconds != 0 {
		t.Fatalf("%+v", s)
	}
	// 10 s of 144 Hz is 600 steps, less the last one if rounding leaves the
	// accumulator a hair short; what is lost is exactly what is still owed.
	if acc := frames[len(frames)-1].Accumulator; s.Ticks < 599 || s.Ticks > 600 || math.Abs(s.LostSeconds-acc) > 1e-9 {
		t.Fatalf("ticks %d, lost %v, accumulator %v", s.Ticks, s.LostSeconds, acc)
	}
	// A stall of 250 ms: one frame of 8 capped steps, the rest dropped.
	trace, _ = Synthetic("stall", SyntheticDef{Seconds: 2})
	_, s = simulate(t, trace, loop.DefaultConfig(), 0)
	if s.MaxSteps != 8 || s.CappedFrames != 1 || math.Abs(s.CappedSeconds-(0.25-8*h60)) > 1e-12 || s.Spiralled {
		t.Fatalf("stall: %+v", s)
	}
}

// TestPlotShowsDroppedTime (issue 32 #13): the background trace's one 8 s
// frame drops 7.87 s, and the plot's dropped-time line reaches it.
func TestPlotShowsDroppedTime(t *testing.T) {
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	trace, err := Synthetic("background", SyntheticDef{Seconds: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Analyze("background", "synthetic", trace, sc, false, 0, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	peak := 0.0
	for _, p := range rep.plot.droppedMs.xys {
		peak = max(peak, p.Y)
	}
	if rep.DroppedSeconds < 7.8 || peak < 7800 {
		t.Fatalf("dropped %.3f s in all; the plot's dropped line peaks at %.0f ms", rep.DroppedSeconds, peak)
	}
}
