package compare

import (
	"encoding/json"
	"strings"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/scene"
)

func springsConfig(t *testing.T, loops ...loop.Policy) Config {
	t.Helper()
	sc, err := scene.Builtin("springs")
	if err != nil {
		t.Fatal(err)
	}
	return Config{Scene: sc, Rates: []float64{60, 144}, Modes: []interp.Mode{interp.Lerp},
		HitchEvery: 30, HitchSeconds: 0.05, Ticks: 600, Loops: loops}
}

// The texts' experiment: a spring under the fixed loop with a 50 ms stall
// every 30 frames follows its reference (no stalls) tick by tick at every
// rate; fed straight to the integrator (variable), the stall makes the
// stiff spring jump, and the rates disagree.
func TestLoopExperiment(t *testing.T) {
	res, err := Compare(springsConfig(t, loop.Fixed, loop.Variable, loop.SemiFixed))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Loops) != 3 {
		t.Fatalf("%d loops", len(res.Loops))
	}
	fixed, variable := res.Loops[0], res.Loops[1]
	if !fixed.EqualAcrossRates || fixed.FirstDivergentTick != nil {
		t.Fatalf("fixed: equal %v, first divergent tick %v", fixed.EqualAcrossRates, fixed.FirstDivergentTick)
	}
	for _, r := range fixed.Rates {
		if r.SpringAmplitudeDeviation >= 1e-9 || r.Ticks != 600 || r.StateHash != res.StateHash || r.Tunnels != 0 {
			t.Errorf("fixed at %g Hz: %+v (compare's hash %s)", r.DisplayHz, r, res.StateHash)
		}
		// Tick by tick: the hitched run's extensions are the reference's.
		h, ref := r.hitched, r.ref
		if len(h.ext) != len(ref.ext) {
			t.Fatalf("fixed at %g Hz: %d and %d samples", r.DisplayHz, len(h.ext), len(ref.ext))
		}
		for i := range h.ext {
			if h.ext[i] != ref.ext[i] {
				t.Fatalf("fixed at %g Hz: sample %d differs: %v against %v", r.DisplayHz, i, h.ext[i], ref.ext[i])
			}
		}
	}
	if variable.EqualAcrossRates || variable.FirstDivergentTick == nil {
		t.Fatalf("variable: equal %v across 60 and 144 Hz", variable.EqualAcrossRates)
	}
	for _, r := range variable.Rates {
		if !(r.SpringAmplitudeDeviation > 0.05) {
			t.Errorf("variable at %g Hz: spring deviation %v, want > 0.05", r.DisplayHz, r.SpringAmplitudeDeviation)
		}
		if r.SimulatedSeconds < 10-1e-9 {
			t.Errorf("variable at %g Hz: ran %v simulated s, want 10", r.DisplayHz, r.SimulatedSeconds)
		}
	}
	// report.json carries the list as the issue names it.
	files, err := res.Files()
	if err != nil {
		t.Fatal(err)
	}
	var js struct {
		Loops []map[string]any `json:"loops"`
	}
	var md string
	names := map[string]bool{}
	for _, f := range files {
		names[f.Name] = true
		switch f.Name {
		case "report.json":
			if err := json.Unmarshal(f.Data, &js); err != nil {
				t.Fatal(err)
			}
		case "report.md":
			md = string(f.Data)
		}
	}
	for _, n := range LoopPlotNames([]string{"fixed", "variable", "semi-fixed"}) {
		if !names[n] {
			t.Errorf("no %s", n)
		}
	}
	if len(js.Loops) != 3 || js.Loops[0]["first_divergent_tick"] != nil || js.Loops[1]["equal_across_rates"] != false {
		t.Fatalf("report.json loops: %v", js.Loops)
	}
	rate := js.Loops[1]["rates"].([]any)[0].(map[string]any)
	for _, k := range []string{"display_hz", "state_hash", "spring_amplitude_deviation", "spring_energy_drift", "stack_drift_m", "tunnels", "dropped_seconds", "slowed_seconds"} {
		if _, ok := rate[k]; !ok {
			t.Errorf("report.json loops[1].rates[0] has no %q", k)
		}
	}
	if !strings.Contains(md, "## Loop policies") || !strings.Contains(md, "![spring_variable](spring_variable.png)") {
		t.Error("report.md lacks the loop table or the spring plot")
	}
}

// Without -loops the report is today's: no "loops" key.
func TestNoLoopsNoLoopKey(t *testing.T) {
	c := springsConfig(t)
	c.Ticks = 60
	res, err := Compare(c)
	if err != nil {
		t.Fatal(err)
	}
	files, err := res.Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Name == "report.json" && strings.Contains(string(f.Data), `"loops"`) {
			t.Fatal("report.json has a loops key without -loops")
		}
		if strings.HasPrefix(f.Name, "spring_") {
			t.Fatalf("wrote %s without -loops", f.Name)
		}
	}
}

// The first divergent tick, and -loops refused twice over.
func TestLoopDivergenceAndValidate(t *testing.T) {
	c := springsConfig(t, loop.Fixed)
	c.Ticks = 60
	a := &loopTrace{hashes: []uint64{1, 2, 3}, hash: 3}
	b := &loopTrace{hashes: []uint64{1, 5, 3}, hash: 3}
	if tick, ok := divergence(a, b); ok || tick != 2 {
		t.Fatalf("divergence %d %v, want tick 2", tick, ok)
	}
	if _, ok := divergence(a, &loopTrace{hashes: []uint64{1, 2}}); ok {
		t.Fatal("runs of different lengths agree")
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	c.Loops = []loop.Policy{loop.Variable, loop.Variable}
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "-loops: variable given twice") {
		t.Fatalf("duplicate loop: %v", err)
	}
}
