package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -physics-hz and -substeps out of range, or with -replay (whose
// recording holds its rate), are refused with one line and exit 2.
func TestRateFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		args  []string
		names []string
	}{
		{[]string{"-headless", "-ticks", "5", "-physics-hz", "0"}, []string{"-physics-hz", "0", "1..1000"}},
		{[]string{"-headless", "-ticks", "5", "-physics-hz", "1001"}, []string{"-physics-hz", "1001"}},
		{[]string{"-headless", "-ticks", "5", "-physics-hz", "NaN"}, []string{"-physics-hz", "NaN"}},
		{[]string{"-headless", "-ticks", "5", "-physics-hz", "fast"}, []string{"-physics-hz", "fast"}},
		{[]string{"-headless", "-ticks", "5", "-substeps", "0"}, []string{"-substeps", "0", "1..32"}},
		{[]string{"-headless", "-ticks", "5", "-substeps", "33"}, []string{"-substeps", "33"}},
		{[]string{"-physics-hz", "-5"}, []string{"-physics-hz", "-5"}},
		{[]string{"-headless", "-replay", "rec.jsonl", "-physics-hz", "120"}, []string{"-physics-hz", "-replay"}},
		{[]string{"-headless", "-replay", "rec.jsonl", "-substeps", "2"}, []string{"-substeps", "-replay"}},
	} {
		wantUsageError(t, c.args, c.names...)
	}
}

// The flags override the scene's rate for the whole run: the report says
// so, the recording's header carries it, and replaying the recording
// (without the flags) runs at that rate to the same state; without the
// flags the scene's own rate and state are as before.
func TestRateFlagsReportAndRecording(t *testing.T) {
	dir := t.TempDir()
	plain, fast, again := filepath.Join(dir, "plain.json"), filepath.Join(dir, "fast.json"), filepath.Join(dir, "again.json")
	rec := filepath.Join(dir, "rec.jsonl")
	run := func(args ...string) {
		t.Helper()
		if _, stderr, code := sandbox(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	substeps := func(path string) int {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			Substeps int `json:"substeps"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		return r.Substeps
	}
	run("-headless", "-scene", "range", "-ticks", "240", "-report", plain)
	run("-headless", "-scene", "range", "-ticks", "240", "-physics-hz", "120", "-substeps", "2", "-report", fast, "-record", rec)
	run("-headless", "-replay", rec, "-display-hz", "75", "-report", again)
	p, f, a := readReport(t, plain), readReport(t, fast), readReport(t, again)
	if p.PhysicsHz != 60 || substeps(plain) != 4 {
		t.Errorf("without the flags: %g Hz, %d substeps; want the scene's 60 and 4", p.PhysicsHz, substeps(plain))
	}
	if f.PhysicsHz != 120 || substeps(fast) != 2 || f.StateHash == p.StateHash {
		t.Errorf("-physics-hz 120 -substeps 2: report %g Hz, %d substeps, state %s (at 60 Hz %s)", f.PhysicsHz, substeps(fast), f.StateHash, p.StateHash)
	}
	if a.PhysicsHz != 120 || substeps(again) != 2 || a.StateHash != f.StateHash || a.Ticks != 240 {
		t.Errorf("replay: %g Hz, %d substeps, %d ticks, state %s; want the recorded run's 120, 2, 240, %s", a.PhysicsHz, substeps(again), a.Ticks, a.StateHash, f.StateHash)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(string(data), "\n")
	if !strings.Contains(head, `"physics_hz":120`) || !strings.Contains(head, `"substeps":2`) {
		t.Errorf("the recording's header does not carry the rate: %.200s", head)
	}
}
