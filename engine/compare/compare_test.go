package compare

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

func mustScene(t testing.TB, name string) *scene.Scene {
	t.Helper()
	sc, err := scene.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func mustCompare(t testing.TB, c Config) *Result {
	t.Helper()
	res, err := Compare(c)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func body(t testing.TB, r *Result, hz float64, mode string) *BodyMetrics {
	t.Helper()
	run := r.run(hz, mode)
	if run == nil || len(run.Bodies) == 0 {
		t.Fatalf("no %g Hz %s run with a traced body", hz, mode)
	}
	return run.Bodies[0]
}

// The glider at 60, 144 and 240 Hz: physics identical at every rate, lerp
// draws it within 1% of a step of the exact path, and with interpolation
// off it judders at least five times as much as with lerp at 144 Hz.
func TestCompareGlider(t *testing.T) {
	sc := mustScene(t, "glider")
	res := mustCompare(t, Config{Scene: sc, Rates: []float64{60, 144, 240}, Modes: interp.Modes(), Ticks: DefaultTicks(sc)})
	if len(res.Runs) != 12 || res.Checkpoints != 10 || len(res.Bodies) != 1 || res.Bodies[0] != "glider" {
		t.Fatalf("%d runs, %d checkpoints, bodies %v; want 12, 10, [glider]", len(res.Runs), res.Checkpoints, res.Bodies)
	}
	for _, run := range res.Runs {
		if run.StateHash != res.StateHash {
			t.Fatalf("%g Hz %s: hash %s, want %s", run.DisplayHz, run.Interp, run.StateHash, res.StateHash)
		}
	}
	for _, hz := range []float64{60, 144, 240} {
		l := body(t, res, hz, "lerp")
		if l.StepTravel != 0.1 && math.Abs(l.StepTravel-0.1) > 1e-9 {
			t.Fatalf("%g Hz: step travel %v m, want 6 m/s / 60 Hz = 0.1 m", hz, l.StepTravel)
		}
		if l.ErrorP99Steps >= 0.01 || l.ErrorMeanSteps >= 0.01 {
			t.Errorf("%g Hz lerp: visual error mean %v, p99 %v steps; want under 0.01", hz, l.ErrorMeanSteps, l.ErrorP99Steps)
		}
		if off := body(t, res, hz, "off"); hz > 60 && off.ErrorMeanSteps < 0.2 {
			t.Errorf("%g Hz off: visual error %v steps; drawing curr should lag by a good part of a step", hz, off.ErrorMeanSteps)
		}
	}
	off, lerp := body(t, res, 144, "off"), body(t, res, 144, "lerp")
	if !(off.Judder >= 5*lerp.Judder) || off.Judder < 0.1 {
		t.Fatalf("144 Hz judder: off %v, lerp %v; want off >= 5x lerp and clearly visible", off.Judder, lerp.Judder)
	}
	h := res.run(144, "lerp").StepsPerFrame
	if h[0] == 0 || h[1] == 0 || h[2] != 0 || h[0]+h[1] != res.run(144, "lerp").Frames {
		t.Fatalf("144 Hz steps per frame %v: want frames of 0 and 1 steps only", h)
	}
	if a := res.run(144, "lerp").Alternation; a < 0.5 {
		t.Fatalf("144 Hz alternation %v: the 0,1,0,0,1 pattern changes in most frames", a)
	}
	if h := res.run(60, "lerp").StepsPerFrame; h[1] != res.run(60, "lerp").Frames {
		t.Fatalf("60 Hz steps per frame %v: want one step in every frame", h)
	}
}

// The exact trajectory each run measures against is the glider's closed
// form x0 + v t, one step late, at every frame's display time: read back
// from the streamed CSV, which holds every frame.
func TestExactTrajectoryIsClosedForm(t *testing.T) {
	sc := mustScene(t, "glider")
	files := map[string]*bytes.Buffer{}
	c := Config{Scene: sc, Rates: []float64{144}, Modes: []interp.Mode{interp.Lerp}, Ticks: 600,
		Open: func(name string) (io.WriteCloser, error) {
			files[name] = &bytes.Buffer{}
			return nopCloser{files[name]}, nil
		}}
	res := mustCompare(t, c)
	csv := files[res.Runs[0].CSV]
	if csv == nil {
		t.Fatalf("no CSV %q among %d files", res.Runs[0].CSV, len(files))
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if uint64(len(lines)) != res.Runs[0].Frames+1 {
		t.Fatalf("%d CSV lines for %d frames, want a header and one per frame", len(lines), res.Runs[0].Frames)
	}
	head := strings.Split(lines[0], ",")
	col := slices.Index(head, "glider.exact_x")
	x0, v := sc.Bodies[0].Center, sc.Bodies[0].Velocity
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		tick, _ := strconv.ParseFloat(f[5], 64)
		alpha, _ := strconv.ParseFloat(f[4], 64)
		if tick == 0 {
			continue
		}
		x, err := strconv.ParseFloat(f[col], 64)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if want := x0[0] + v[0]*(tick-1+alpha)/60; math.Abs(x-want) > 1e-9 {
			t.Fatalf("tick %v alpha %v: exact x %v, closed form %v", tick, alpha, x, want)
		}
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// A periodically teleported body is never drawn between its old and new
// place with the teleport flag honoured; ignoring the flag would draw it so.
func TestCompareTeleportStreaks(t *testing.T) {
	sc := mustScene(t, "blink")
	res := mustCompare(t, Config{Scene: sc, Rates: []float64{60, 144, 240}, Modes: []interp.Mode{interp.Lerp, interp.Off}, Ticks: 600})
	for _, run := range res.Runs {
		b := run.Bodies[0]
		if b.TeleportStreaks != 0 {
			t.Errorf("%g Hz %s: %d streak frames with the flag honoured", run.DisplayHz, run.Interp, b.TeleportStreaks)
		}
	}
	for _, hz := range []float64{144, 240} {
		if n := body(t, res, hz, "lerp").TeleportStreaksFlagIgnored; n == 0 {
			t.Errorf("%g Hz lerp: no streak frames counted with the flag ignored: the count cannot tell", hz)
		}
	}
}

// On the spinning body slerp follows the exact constant-rate rotation and
// nlerp (the lerp mode) departs from it a little; both are reported.
func TestCompareSlerpAgainstNlerp(t *testing.T) {
	sc := mustScene(t, "spinner")
	res := mustCompare(t, Config{Scene: sc, Rates: []float64{144}, Modes: []interp.Mode{interp.Lerp, interp.Slerp}, Ticks: 600})
	nl, sl := body(t, res, 144, "lerp"), body(t, res, 144, "slerp")
	if !(sl.AngleErrorP99 < 1e-9) || !(nl.AngleErrorP99 > 1e-6) || nl.AngleErrorP99 > 1e-3 {
		t.Fatalf("angle error p99: slerp %v rad, nlerp %v rad; want slerp ~0 and nlerp small but measurable", sl.AngleErrorP99, nl.AngleErrorP99)
	}
}

// A run whose physics differs at one rate fails naming the first
// checkpoint tick that differs.
func TestCompareCatchesDisplayDependentPhysics(t *testing.T) {
	sc := mustScene(t, "glider")
	c := Config{Scene: sc, Rates: []float64{60, 144}, Modes: []interp.Mode{interp.Lerp}, Ticks: 300}
	c.tamper = func(s *session.Session, hz float64) {
		if hz == 144 {
			// A nudge queued at 144 Hz only, applied at tick 0.
			d := physics.DefaultBodyDef()
			d.Name, d.Center, d.Velocity = "nudge", mgl64.Vec3{0, 10, 0}, mgl64.Vec3{0, 0, 1}
			s.Queue(physics.Input{Kind: physics.InputFire, Fire: d})
		}
	}
	_, err := Compare(c)
	var hm *HashMismatchError
	if !errors.As(err, &hm) || hm.Tick != 60 || hm.RateB != 144 {
		t.Fatalf("error %v; want a hash mismatch at tick 60 at 144 Hz", err)
	}
}

func TestConfigRefused(t *testing.T) {
	sc := mustScene(t, "glider")
	ok := Config{Scene: sc, Rates: []float64{60}, Modes: []interp.Mode{interp.Lerp}, Ticks: 10}
	for _, c := range []struct {
		edit func(*Config)
		flag string
	}{
		{func(c *Config) { c.Rates = nil }, "-rates"},
		{func(c *Config) { c.Rates = []float64{60, 0} }, "-rates 0"},
		{func(c *Config) { c.Rates = []float64{60, 60} }, "-rates"},
		{func(c *Config) { c.Modes = nil }, "-interp"},
		{func(c *Config) { c.Ticks = 0 }, "-ticks"},
		{func(c *Config) { c.Jitter = 1 }, "-jitter"},
		{func(c *Config) { c.Bodies = []string{"nobody"} }, "-body"},
	} {
		cfg := ok
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || !containsFlag(err.Error(), c.flag) {
			t.Errorf("error %v, want one naming %s", err, c.flag)
		}
	}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
}

func containsFlag(s, f string) bool { return strings.Contains(s, f) }

// The budget: a 10 s glider at three rates and four modes, report
// files and plots included, in well under 5 s on one core.
func BenchmarkCompareGlider(b *testing.B) {
	sc := mustScene(b, "glider")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		res := mustCompare(b, Config{Scene: sc, Rates: []float64{60, 144, 240}, Modes: interp.Modes(), Ticks: DefaultTicks(sc)})
		if _, err := res.Files(); err != nil {
			b.Fatal(err)
		}
	}
}

// Judder is a ratio to the speed: the glider at 12 m/s judders exactly as
// much as at 6 m/s (the frames and steps are the same, every move twice
// as long), and at 144 Hz with interpolation off it is the README's 1.18
// (frames of 0, 1, 0, 0, 1 steps: the on-screen speed varies by more than
// the speed itself).
func TestJudderDoesNotDependOnSpeed(t *testing.T) {
	slow := mustScene(t, "glider")
	fast := mustScene(t, "glider")
	fast.Bodies[0].Velocity = fast.Bodies[0].Velocity.Mul(2)
	judder := func(sc *scene.Scene) float64 {
		res := mustCompare(t, Config{Scene: sc, Rates: []float64{144}, Modes: []interp.Mode{interp.Off}, Ticks: 600})
		return body(t, res, 144, "off").Judder
	}
	j6, j12 := judder(slow), judder(fast)
	if math.Abs(j6-j12) > 1e-9*j6 {
		t.Errorf("144 Hz off: judder %v at 6 m/s, %v at 12 m/s; a ratio to the speed cannot change with it", j6, j12)
	}
	if math.Abs(j6-1.1830) > 5e-4 {
		t.Errorf("144 Hz off: judder %v, want 1.1830", j6)
	}
}

// A CSV that cannot be written stops the compare with an error naming it,
// and the engine closes nothing it could not finish: only the runs that
// completed had their CSV closed.
func TestCompareCSVWriteErrorStops(t *testing.T) {
	sc := mustScene(t, "glider")
	var closed []string
	c := Config{Scene: sc, Rates: []float64{60, 144}, Modes: []interp.Mode{interp.Lerp}, Ticks: 6000,
		Open: func(name string) (io.WriteCloser, error) {
			if strings.Contains(name, "144") {
				return &failingCSV{name: name, closed: &closed, left: 100_000}, nil
			}
			return &failingCSV{name: name, closed: &closed, left: math.MaxInt}, nil
		}}
	_, err := Compare(c)
	if err == nil || !strings.Contains(err.Error(), "run-144hz-lerp.csv") || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("error %v; want one naming run-144hz-lerp.csv and the write error", err)
	}
	if len(closed) != 1 || closed[0] != "run-60hz-lerp.csv" {
		t.Fatalf("closed %v; want only the finished run-60hz-lerp.csv", closed)
	}
}

// failingCSV takes left bytes, then fails every write.
type failingCSV struct {
	name   string
	closed *[]string
	left   int
}

func (f *failingCSV) Write(p []byte) (int, error) {
	if len(p) > f.left {
		return 0, errors.New("disk full")
	}
	f.left -= len(p)
	return len(p), nil
}

func (f *failingCSV) Close() error { *f.closed = append(*f.closed, f.name); return nil }
