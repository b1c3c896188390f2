package headless

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"sandbox/engine/loop"
	"sandbox/engine/scene"
)

// The report names the loop and catch-up, and carries the springs, what
// catch-up slow deferred and the steps' summed dt.
func TestReportLoopAndSprings(t *testing.T) {
	sc, err := scene.Builtin("springs")
	if err != nil {
		t.Fatal(err)
	}
	run := func(p loop.Policy, c loop.CatchUp, d DisplayDef) *Report {
		rep, err := Run(Options{Scene: sc, Display: d, Ticks: 120, Policy: p, CatchUp: c})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	fixed := run(loop.Fixed, loop.Drop, DisplayDef{Hz: 60})
	if fixed.Loop != "fixed" || fixed.CatchUp != "drop" || len(fixed.Springs) != 4 || fixed.Springs[3].Name != "spring-4" || fixed.PhysicsSeconds != 2 {
		t.Fatalf("fixed: loop %q catch-up %q, %d springs, %v physics s", fixed.Loop, fixed.CatchUp, len(fixed.Springs), fixed.PhysicsSeconds)
	}
	v := run(loop.Variable, loop.Drop, DisplayDef{Hz: 144})
	if v.Loop != "variable" || math.Abs(v.PhysicsSeconds-120.0/144) > 1e-12 || v.StateHash == fixed.StateHash {
		t.Fatalf("variable at 144 Hz: loop %q, %v physics s, hash %s", v.Loop, v.PhysicsSeconds, v.StateHash)
	}
	slow := run(loop.Fixed, loop.Slow, DisplayDef{Hz: 60, HitchEvery: 10, HitchSeconds: 0.3})
	if slow.CatchUp != "slow" || slow.DroppedSeconds != 0 || !(slow.SlowedSeconds > 0) || slow.StateHash != fixed.StateHash {
		t.Fatalf("slow: dropped %v, slowed %v, hash %s (fixed %s)", slow.DroppedSeconds, slow.SlowedSeconds, slow.StateHash, fixed.StateHash)
	}
}

// A trace line carries the step's dt when the loop's dt varies, and the
// loop's name when it is not the fixed step; the fixed loop's lines are as
// they were.
func TestTraceStepDT(t *testing.T) {
	sc, err := scene.Builtin("drop")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    loop.Policy
		want bool
	}{{loop.Fixed, false}, {loop.Variable, true}} {
		var buf bytes.Buffer
		if _, err := Run(Options{Scene: sc, Display: DisplayDef{Hz: 144}, Ticks: 5, Policy: c.p, Trace: &buf}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(buf.String(), `"step_dt":0.006944444444444444`); got != c.want {
			t.Errorf("%v: step_dt in the trace %v, want %v:\n%.300s", c.p, got, c.want, buf.String())
		}
		if got := strings.Contains(buf.String(), `"loop":"variable/drop"`); got != c.want {
			t.Errorf("%v: the loop named in the trace %v, want %v:\n%.300s", c.p, got, c.want, buf.String())
		}
	}
}
