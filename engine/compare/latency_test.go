package compare

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/latency"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// The goal: the glider, 4000 random inputs, at 60 and 144 Hz and on
// a 48-144 Hz VRR display rendering in 5-15 ms. Latency falls from 60 to
// 144 Hz, lerp is slower than off by about one physics step, the inputs
// leave physics as it is, and the VRR frames stay within its range.
func TestCompareLatencyGlider(t *testing.T) {
	sc := mustScene(t, "glider")
	vrr := headless.VRR{Min: 48, Max: 144}
	c := Config{Scene: sc, Rates: []float64{60, 144}, VRR: []headless.VRR{vrr}, RenderMin: 0.005, RenderMax: 0.015,
		Modes: []interp.Mode{interp.Off, interp.Lerp}, Ticks: DefaultTicks(sc), Seed: 1, Inputs: 4000, InputsAt: latency.Random}
	res := mustCompare(t, c)
	plain := c
	plain.Inputs = 0
	if h := mustCompare(t, plain).StateHash; h != res.StateHash {
		t.Fatalf("state hash %s with the inputs, %s without", res.StateHash, h)
	}
	step := 1000 / sc.PhysicsHz
	mean := map[string]float64{}
	for _, run := range res.Runs {
		l, s := run.InputLatency, run.InputLatencySplit
		if l == nil || l.Inputs != 4000 || l.Unshown != 0 {
			t.Fatalf("%s %s: latency %+v, want 4000 inputs shown", run.Label(), run.Interp, l)
		}
		if math.Abs(s.StepWait+s.FrameWait+s.InterpDelay-l.Mean) > 1e-9 {
			t.Errorf("%s %s: parts %+v do not add up to the mean %v", run.Label(), run.Interp, s, l.Mean)
		}
		if !(l.P50 <= l.P99 && l.P99 <= l.Max) || l.Mean < step {
			t.Errorf("%s %s: figures out of order or below one step: %+v", run.Label(), run.Interp, l.Stats)
		}
		mean[run.Label()+" "+run.Interp] = l.Mean
	}
	if !(mean["144 Hz off"] < mean["60 Hz off"]) || !(mean["144 Hz lerp"] < mean["60 Hz lerp"]) {
		t.Errorf("latency does not fall from 60 to 144 Hz: %v", mean)
	}
	for _, d := range []string{"60 Hz", "144 Hz", vrr.String()} {
		if gap := mean[d+" lerp"] - mean[d+" off"]; math.Abs(gap-step) > 0.1*step {
			t.Errorf("%s: lerp is %.2f ms slower than off, want about one step (%.2f ms)", d, gap, step)
		}
	}
	v := res.runOn(vrr.String(), "off")
	if v.FrameSecondsMin < 1/144.0-1e-12 || v.FrameSecondsMax > 1/48.0+1e-12 || v.VRRRepeats != 0 {
		t.Errorf("vrr frames %v to %v s apart with %d repeats; want within [1/144, 1/48] and none", v.FrameSecondsMin, v.FrameSecondsMax, v.VRRRepeats)
	}
	files, err := res.Files()
	if err != nil {
		t.Fatal(err)
	}
	var md, js []byte
	png := false
	for _, f := range files {
		switch f.Name {
		case "report.md":
			md = f.Data
		case "report.json":
			js = f.Data
		case LatencyPlot:
			png = bytes.HasPrefix(f.Data, []byte("\x89PNG"))
		}
	}
	if !png || !strings.Contains(string(md), "| vrr:48-144 | lerp | 4000 of 4000 |") {
		t.Errorf("latency.png written: %v; report.md:\n%s", png, md)
	}
	var back struct {
		Runs []struct {
			InputLatency *struct{ Mean, P50, P99, Max float64 } `json:"input_latency_ms"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(js, &back); err != nil || len(back.Runs) != 6 || back.Runs[5].InputLatency == nil || back.Runs[5].InputLatency.Max == 0 {
		t.Errorf("report.json runs' input_latency_ms: %v %+v", err, back)
	}
}

func TestCompareLatencyRefused(t *testing.T) {
	sc := mustScene(t, "glider")
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Inputs = -1 }, "-inputs -1"},
		{func(c *Config) { c.Inputs, c.Ticks = 10, 3 }, "-inputs"},
		{func(c *Config) { c.VRR = []headless.VRR{{Min: 48, Max: 144}, {Min: 48, Max: 144}} }, "-rates: vrr:48-144 given twice"},
		{func(c *Config) { c.VRR, c.RenderMin, c.RenderMax = []headless.VRR{{Min: 48, Max: 144}}, 0.02, 0.01 }, "-render-ms"},
		{func(c *Config) {
			c.Rates, c.VRR, c.Loops = nil, []headless.VRR{{Min: 48, Max: 144}}, []loop.Policy{loop.Fixed}
		}, "-loops"},
	} {
		cfg := Config{Scene: sc, Rates: []float64{60}, Modes: []interp.Mode{interp.Off}, Ticks: 600, RenderMin: 0.005, RenderMax: 0.015}
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}

// Physics that differs on a VRR display is caught as at a fixed rate, and
// the error names the display.
func TestCompareCatchesVRRDependentPhysics(t *testing.T) {
	sc := mustScene(t, "glider")
	c := Config{Scene: sc, Rates: []float64{60}, VRR: []headless.VRR{{Min: 48, Max: 144}}, RenderMin: 0.005, RenderMax: 0.015,
		Modes: []interp.Mode{interp.Lerp}, Ticks: 300}
	c.tamper = func(s *session.Session, hz float64) {
		if hz == 144 { // the VRR run's
			d := physics.DefaultBodyDef()
			d.Name, d.Center, d.Velocity = "nudge", mgl64.Vec3{0, 10, 0}, mgl64.Vec3{0, 0, 1}
			s.Queue(physics.Input{Kind: physics.InputFire, Fire: d})
		}
	}
	_, err := Compare(c)
	var hm *HashMismatchError
	if !errors.As(err, &hm) || hm.Tick != 60 || !strings.HasSuffix(err.Error(), "at vrr:48-144") {
		t.Fatalf("error %v; want a hash mismatch at tick 60 naming vrr:48-144", err)
	}
}
