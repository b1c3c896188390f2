package headless

import (
	"math"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/latency"
	"sandbox/engine/session"
)

// A headless run with synthetic inputs reports their latency, leaves the
// state as it is without them, and on a VRR display reports its range and
// keeps its frames in it.
func TestRunInputsOnVRR(t *testing.T) {
	sc := mustScene(t, "glider")
	o := Options{Scene: sc, Ticks: 600, Interp: interp.Lerp,
		Display: DisplayDef{Hz: 144, VRR: VRR{Min: 48, Max: 144}, RenderMin: 0.005, RenderMax: 0.015, Seed: 2},
		Inputs:  500, InputsAt: latency.Uniform}
	var shortest, longest float64 = 1, 0
	o.OnFrame = func(f *session.Frame, _ float64) error {
		if !(f.Stopped && f.DiscardedSeconds > 0) {
			shortest, longest = min(shortest, f.FrameSeconds), max(longest, f.FrameSeconds)
		}
		return nil
	}
	rep, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	l, s := rep.InputLatency, rep.InputLatencySplit
	if l == nil || l.Inputs != 500 || l.Unshown != 0 || math.Abs(s.StepWait+s.FrameWait+s.InterpDelay-l.Mean) > 1e-9 {
		t.Fatalf("input latency %+v split %+v", l, s)
	}
	if rep.VRR != "vrr:48-144" || rep.RenderMs == nil || *rep.RenderMs != [2]float64{5, 15} {
		t.Errorf("vrr %q render %v", rep.VRR, rep.RenderMs)
	}
	if shortest < 1/144.0-1e-12 || longest > 1/48.0+1e-12 {
		t.Errorf("frames %v to %v s apart, want within [1/144, 1/48]", shortest, longest)
	}
	o.Inputs, o.OnFrame = 0, nil
	plain, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if plain.StateHash != rep.StateHash || plain.InputLatency != nil {
		t.Errorf("without inputs: hash %s (with: %s), latency %+v", plain.StateHash, rep.StateHash, plain.InputLatency)
	}
}
