package compare

import (
	"strings"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

func elevatorCompare(t *testing.T, perFrame bool) *Result {
	t.Helper()
	sc, err := scene.Builtin("elevator")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compare(Config{Scene: sc, Rates: []float64{60, 144}, Modes: []interp.Mode{interp.Lerp}, Ticks: 600, MoversPerFrame: perFrame})
	if err != nil {
		t.Fatalf("compare stopped: %v", err)
	}
	if res.Movers == nil || len(res.Movers.Rates) != 2 {
		t.Fatalf("movers section %+v, want one entry per rate", res.Movers)
	}
	return res
}

// -movers per-frame: the compare runs to its end, and its movers section
// shows the divergence and the misaligned frames at 144 Hz.
func TestCompareMoversPerFrame(t *testing.T) {
	res := elevatorCompare(t, true)
	m := res.Movers
	if m.Mode != "per-frame" || m.EqualAcrossRates || m.FirstDivergentTick == nil {
		t.Errorf("movers %+v: want per-frame, unequal, with a first divergent tick", m)
	}
	if m.Rates[1].DisplayHz != 144 || m.Rates[1].MisalignedFrames == 0 {
		t.Errorf("144 Hz: %+v, want misaligned frames", m.Rates[1])
	}
	files, err := res.Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Name == "report.md" && !strings.Contains(string(f.Data), "## Movers (-movers per-frame)") {
			t.Error("report.md has no movers section")
		}
		if f.Name == "report.json" && !strings.Contains(string(f.Data), `"first_divergent_tick": `) {
			t.Error("report.json has no first_divergent_tick")
		}
	}
}

// -movers step: no misaligned frame and the same state at every rate.
func TestCompareMoversStep(t *testing.T) {
	m := elevatorCompare(t, false).Movers
	if m.Mode != "step" || !m.EqualAcrossRates || m.FirstDivergentTick != nil {
		t.Errorf("movers %+v: want step, equal, no divergent tick", m)
	}
	for _, r := range m.Rates {
		if r.MisalignedFrames != 0 || r.RiderFrames == 0 || r.StateHash != m.Rates[0].StateHash {
			t.Errorf("%g Hz: %+v, want riders, 0 misaligned, the first rate's hash", r.DisplayHz, r)
		}
	}
}
