package loop

import (
	"math"
	"testing"
)

const step60 = 1.0 / 60.0

func mustNew(t testing.TB, cfg Config) *Loop {
	t.Helper()
	l, err := New(cfg)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	return l
}

func cfgWith(maxSteps int, clamp float64) Config {
	return Config{StepSeconds: step60, MaxStepsPerFrame: maxSteps, MaxFrameSeconds: clamp}
}

func TestNewRefusesBadConfig(t *testing.T) {
	bad := []Config{
		{StepSeconds: 0, MaxStepsPerFrame: 8, MaxFrameSeconds: 0.25},
		{StepSeconds: -step60, MaxStepsPerFrame: 8, MaxFrameSeconds: 0.25},
		{StepSeconds: math.NaN(), MaxStepsPerFrame: 8, MaxFrameSeconds: 0.25},
		{StepSeconds: math.Inf(1), MaxStepsPerFrame: 8, MaxFrameSeconds: 0.25},
		{StepSeconds: step60, MaxStepsPerFrame: 0, MaxFrameSeconds: 0.25},
		{StepSeconds: step60, MaxStepsPerFrame: -3, MaxFrameSeconds: 0.25},
		{StepSeconds: step60, MaxStepsPerFrame: 8, MaxFrameSeconds: -0.1},
		{StepSeconds: step60, MaxStepsPerFrame: 8, MaxFrameSeconds: math.NaN()},
	}
	for _, c := range bad {
		if l, err := New(c); err == nil || l != nil {
			t.Errorf("New(%+v) = %v, %v; want an error", c, l, err)
		}
	}
	good := []Config{
		DefaultConfig(),
		{StepSeconds: 1e-6, MaxStepsPerFrame: 1, MaxFrameSeconds: 0},
		{StepSeconds: 1, MaxStepsPerFrame: math.MaxInt, MaxFrameSeconds: math.Inf(1)},
	}
	for _, c := range good {
		if _, err := New(c); err != nil {
			t.Errorf("New(%+v): %v", c, err)
		}
	}
	d := DefaultConfig()
	if d.StepSeconds != step60 || d.MaxStepsPerFrame != 8 || d.MaxFrameSeconds != 0.25 {
		t.Errorf("DefaultConfig() = %+v", d)
	}
}

// TestAdvanceTable runs the frame sequences of the foundation issue.
func TestAdvanceTable(t *testing.T) {
	alternating := make([]float64, 90)
	for i := range alternating {
		alternating[i] = []float64{0.0166, 0.033, 0.008}[i%3]
	}
	cases := []struct {
		name   string
		cfg    Config
		frames []float64
		// Expectations over the whole sequence; steps < 0 means "floor of
		// the total fed seconds over the step".
		steps      int
		lastAlpha  float64 // checked to 1e-9 when >= 0
		dropped    bool    // some time must be dropped (else none may be)
		maxInFrame int     // no frame may run more steps
	}{
		{"alternating 16.6/33/8 ms", cfgWith(8, 0.25), alternating, -1, -1, false, 8},
		{"one 16.6 ms frame", cfgWith(8, 0.25), []float64{0.0166}, 0, 0.996, false, 0},
		{"one 50 ms frame", cfgWith(8, 0.25), []float64{0.05}, 3, 0, false, 3},
		{"one 1 s frame, cap 5", cfgWith(5, 0.25), []float64{1}, 5, 0, true, 5},
		{"one 1 s frame, cap 5, no clamp", cfgWith(5, 0), []float64{1}, 5, 0, true, 5},
		{"exact steps", cfgWith(8, 0.25), []float64{step60, step60, 2 * step60}, 4, 0, false, 2},
		{"clamp only", cfgWith(100, 0.1), []float64{0.5}, 6, -1, true, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := mustNew(t, c.cfg)
			var fed, dropped float64
			steps, calls := 0, 0
			var last Frame
			for i, s := range c.frames {
				f, err := l.Advance(s, func(tick uint64) bool {
					if tick != uint64(calls) {
						t.Fatalf("callback tick %d, want %d", tick, calls)
					}
					calls++
					return true
				})
				if err != nil {
					t.Fatalf("frame %d: %v", i, err)
				}
				if f.Alpha < 0 || f.Alpha >= 1 {
					t.Fatalf("frame %d: alpha %v not in [0,1)", i, f.Alpha)
				}
				if f.Steps > c.maxInFrame {
					t.Fatalf("frame %d: %d steps, want <= %d", i, f.Steps, c.maxInFrame)
				}
				fed += s
				steps += f.Steps
				dropped += f.DroppedSeconds() + f.DiscardedSeconds
				last = f
			}
			want := c.steps
			if want < 0 {
				want = int(math.Floor(fed / step60))
			}
			if steps != want || calls != want || l.Tick() != uint64(want) {
				t.Errorf("steps %d, callbacks %d, tick %d; want %d", steps, calls, l.Tick(), want)
			}
			if c.lastAlpha >= 0 && math.Abs(last.Alpha-c.lastAlpha) > 1e-9 {
				t.Errorf("last alpha %v, want %v", last.Alpha, c.lastAlpha)
			}
			if c.dropped != (dropped > 0) {
				t.Errorf("dropped %v s, want dropped=%v", dropped, c.dropped)
			}
			if got := float64(steps)*step60 + last.Accumulator + dropped; math.Abs(got-fed) > 1e-12 {
				t.Errorf("stepped+kept+dropped = %v, fed %v", got, fed)
			}
		})
	}
}

// TestOneSecondFrameCap5 checks the split of dropped time: the clamp cuts
// 0.75 s, the cap drops the rest of the clamped 0.25 s.
func TestOneSecondFrameCap5(t *testing.T) {
	l := mustNew(t, cfgWith(5, 0.25))
	f, err := l.Advance(1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Steps != 5 || f.Alpha != 0 || f.Accumulator != 0 || l.Alpha() != 0 {
		t.Fatalf("frame %+v: want 5 steps, alpha 0, empty accumulator", f)
	}
	if math.Abs(f.ClampedSeconds-0.75) > 1e-15 || math.Abs(f.CappedSeconds-(0.25-5*step60)) > 1e-15 {
		t.Fatalf("clamped %v capped %v; want 0.75 and %v", f.ClampedSeconds, f.CappedSeconds, 0.25-5*step60)
	}
}

// TestSpiralOfDeath feeds each frame twice the step time of the steps the
// previous frame ran, as if each step cost two steps of wall time.
func TestSpiralOfDeath(t *testing.T) {
	cases := []struct {
		name   string
		cap    int
		frames int
	}{
		{"no cap", math.MaxInt, 40},
		{"cap 5", 5, 1000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := mustNew(t, Config{StepSeconds: step60, MaxStepsPerFrame: c.cap, MaxFrameSeconds: 0})
			frame := step60
			var history []int
			dropped := 0.0
			for i := 0; i < c.frames; i++ {
				f, err := l.Advance(frame, nil)
				if err != nil {
					t.Fatal(err)
				}
				history = append(history, f.Steps)
				dropped += f.DroppedSeconds() + f.DiscardedSeconds
				if f.Steps > c.cap {
					t.Fatalf("frame %d: %d steps over cap %d", i, f.Steps, c.cap)
				}
				if f.Steps > 1000 {
					break
				}
				frame = 2 * step60 * float64(f.Steps)
			}
			if c.cap == math.MaxInt {
				for i, want := range []int{1, 2, 4, 8, 16} {
					if history[i] != want {
						t.Fatalf("steps per frame %v, want 1, 2, 4, 8, 16 first", history)
					}
				}
				if history[len(history)-1] <= 1000 {
					t.Fatalf("steps per frame %v never passed 1000 in %d frames", history, c.frames)
				}
				return
			}
			if len(history) != c.frames || dropped <= 0 {
				t.Fatalf("%d frames, dropped %v s: the cap must hold every frame and drop time", len(history), dropped)
			}
		})
	}
}

// Test24HoursAt144Hz runs a day of 144 Hz frames (12,441,600 of them) at
// 60 Hz physics: the float64 accumulator must not drift.
func Test24HoursAt144Hz(t *testing.T) {
	const display = 144.0
	const frames = 24 * 3600 * 144
	l := mustNew(t, DefaultConfig())
	dt := 1 / display
	for i := 0; i < frames; i++ {
		f, err := l.Advance(dt, nil)
		if err != nil || !(f.Alpha >= 0 && f.Alpha < 1) || f.Steps > 1 {
			t.Fatalf("frame %d: %+v, %v", i, f, err)
		}
	}
	// frames/144 s at 60 Hz is frames*60/144 steps, an exact integer here.
	want := uint64(frames * 60 / 144)
	if got := l.Tick(); got+1 < want || got > want+1 {
		t.Fatalf("tick %d after 24 h, want %d +- 1", got, want)
	}
	if l.Time() != float64(l.Tick())*step60 {
		t.Fatalf("Time() %v is not Tick*step", l.Time())
	}
}

func TestBadFrameSecondsChangeNothing(t *testing.T) {
	l := mustNew(t, DefaultConfig())
	if _, err := l.Advance(0.025, nil); err != nil {
		t.Fatal(err)
	}
	tick, acc, alpha := l.Tick(), l.Accumulator(), l.Alpha()
	for _, s := range []float64{-0.001, math.NaN(), math.Inf(1), math.Inf(-1)} {
		called := false
		f, err := l.Advance(s, func(uint64) bool { called = true; return true })
		if err == nil || called {
			t.Errorf("Advance(%v): err %v, called %v; want an error and no step", s, err, called)
		}
		if f.Steps != 0 || l.Tick() != tick || l.Accumulator() != acc || l.Alpha() != alpha {
			t.Errorf("Advance(%v) changed state: %+v", s, f)
		}
	}
	if err := l.SetTimeScale(2); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Advance(math.MaxFloat64, nil); err == nil {
		t.Error("a frame that the time scale pushes to +Inf must be refused")
	}
}

func TestTimeScale(t *testing.T) {
	l := mustNew(t, DefaultConfig())
	for _, s := range []float64{0, 0.049, 2.01, -1, math.NaN(), math.Inf(1)} {
		if err := l.SetTimeScale(s); err == nil {
			t.Errorf("SetTimeScale(%v) accepted", s)
		}
	}
	if l.TimeScale() != 1 {
		t.Fatalf("refused scales changed the scale to %v", l.TimeScale())
	}
	if err := l.SetTimeScale(0.5); err != nil {
		t.Fatal(err)
	}
	f, _ := l.Advance(2*step60, nil) // half speed: one step
	if f.Steps != 1 || f.Accumulator != 0 {
		t.Fatalf("at scale 0.5, a 2-step frame gave %+v", f)
	}
	if err := l.SetTimeScale(0.05); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 19; i++ {
		if f, _ := l.Advance(step60, nil); f.Steps != 0 {
			t.Fatalf("at scale 0.05, frame %d ran a step", i)
		}
	}
	if f, _ := l.Advance(step60*1.0001, nil); f.Steps != 1 {
		t.Fatalf("at scale 0.05, the 20th frame must run a step: %+v", f)
	}
	// The clamp applies to scaled time: at 2x a 0.2 s frame is 0.4 s.
	l = mustNew(t, cfgWith(100, 0.25))
	_ = l.SetTimeScale(2)
	f, _ = l.Advance(0.2, nil)
	if math.Abs(f.ClampedSeconds-0.15) > 1e-15 || f.Steps != 15 {
		t.Fatalf("at 2x a 0.2 s frame: %+v, want 15 steps and 0.15 s clamped", f)
	}
}

func TestPauseAndSingleStep(t *testing.T) {
	l := mustNew(t, DefaultConfig())
	if _, err := l.Advance(1.5*step60, nil); err != nil {
		t.Fatal(err)
	}
	acc, alpha := l.Accumulator(), l.Alpha()
	if alpha < 0.49 || alpha > 0.51 {
		t.Fatalf("alpha %v, want 0.5", alpha)
	}
	l.SetPaused(true)
	if !l.Paused() {
		t.Fatal("Paused() false after SetPaused(true)")
	}
	for i := 0; i < 10; i++ {
		f, err := l.Advance(0.1, func(uint64) bool { t.Fatal("step while paused"); return true })
		if err != nil || f.Steps != 0 || f.Alpha != alpha || f.Accumulator != acc {
			t.Fatalf("paused frame %+v, %v: want 0 steps, alpha %v kept", f, err, alpha)
		}
	}
	l.RequestSingleStep()
	l.RequestSingleStep() // requests do not add up
	var ticks []uint64
	f, _ := l.Advance(0.1, func(tk uint64) bool { ticks = append(ticks, tk); return true })
	if f.Steps != 1 || len(ticks) != 1 || ticks[0] != 1 || l.Tick() != 2 || f.Alpha != alpha || l.Accumulator() != acc {
		t.Fatalf("single step: %+v ticks %v tick %d", f, ticks, l.Tick())
	}
	if f, _ := l.Advance(0.1, nil); f.Steps != 0 {
		t.Fatalf("second paused frame after one request ran %d steps", f.Steps)
	}
	// A request while running is forgotten.
	l.SetPaused(false)
	l.RequestSingleStep()
	if _, err := l.Advance(0, nil); err != nil {
		t.Fatal(err)
	}
	l.SetPaused(true)
	if f, _ := l.Advance(0.1, nil); f.Steps != 0 {
		t.Fatal("a request made while running stepped after pausing")
	}
	// Resuming picks up the frozen accumulator.
	l.SetPaused(false)
	if f, _ := l.Advance(0.5*step60+1e-12, nil); f.Steps != 1 || f.Alpha > 1e-9 {
		t.Fatalf("resumed frame %+v: want 1 step from the kept half step", f)
	}
}

func TestStopDiscards(t *testing.T) {
	l := mustNew(t, cfgWith(8, 0.25))
	var ticks []uint64
	f, err := l.Advance(5.5*step60, func(tk uint64) bool {
		ticks = append(ticks, tk)
		return tk < 2 // stop after the step from tick 2
	})
	if err != nil {
		t.Fatal(err)
	}
	if f.Steps != 3 || len(ticks) != 3 || l.Tick() != 3 || !f.Stopped {
		t.Fatalf("stop: %+v ticks %v tick %d; want 3 steps", f, ticks, l.Tick())
	}
	if f.Alpha != 0 || f.Accumulator != 0 || l.Alpha() != 0 || math.Abs(f.DiscardedSeconds-2.5*step60) > 1e-15 {
		t.Fatalf("stop: %+v; want alpha 0 and 2.5 steps discarded", f)
	}
	// The next frame starts fresh.
	f, _ = l.Advance(step60, func(tk uint64) bool { return true })
	if f.Steps != 1 || f.Stopped || l.Tick() != 4 {
		t.Fatalf("frame after stop: %+v", f)
	}
	// Stop on a single step while paused discards the frozen accumulator.
	_, _ = l.Advance(0.5*step60, nil)
	l.SetPaused(true)
	l.RequestSingleStep()
	f, _ = l.Advance(0, func(uint64) bool { return false })
	if f.Steps != 1 || !f.Stopped || f.Alpha != 0 || l.Accumulator() != 0 || f.DiscardedSeconds <= 0 {
		t.Fatalf("stopped single step: %+v", f)
	}
}

func TestTimeIsTickTimesStep(t *testing.T) {
	l := mustNew(t, Config{StepSeconds: 0.1, MaxStepsPerFrame: 8, MaxFrameSeconds: 0.25})
	for i := 0; i < 1000; i++ {
		_, _ = l.Advance(0.1, nil)
	}
	if l.Time() != float64(l.Tick())*0.1 {
		t.Fatalf("Time %v != Tick*step %v", l.Time(), float64(l.Tick())*0.1)
	}
	l.Reset()
	if l.Tick() != 0 || l.Accumulator() != 0 || l.Time() != 0 {
		t.Fatal("Reset did not return to tick 0")
	}
}
