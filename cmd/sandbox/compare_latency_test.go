package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The command: exit 0, input_latency_ms for every rate and mode in
// report.json, and the latency plot; bad VRR specs and latency flags are
// one line naming the flag, exit 2, before anything runs.
func TestCompareLatencyCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	if _, stderr, code := sandbox(t, "compare", "-scene", "glider", "-rates", "60,144,vrr:48-144", "-inputs-at", "random", "-out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Runs []struct {
			DisplayHz    float64 `json:"display_hz"`
			VRR          string  `json:"vrr"`
			Interp       string  `json:"interp"`
			InputLatency *struct {
				Inputs              int
				Mean, P50, P99, Max float64
			} `json:"input_latency_ms"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Runs) != 12 || rep.Runs[11].VRR != "vrr:48-144" {
		t.Fatalf("%d runs, the last on %q; want 12, the last on vrr:48-144", len(rep.Runs), rep.Runs[len(rep.Runs)-1].VRR)
	}
	for _, r := range rep.Runs {
		if l := r.InputLatency; l == nil || l.Inputs != 4000 || !(l.Mean > 0 && l.Max >= l.P99) {
			t.Errorf("%g Hz %s %s: input_latency_ms %+v", r.DisplayHz, r.VRR, r.Interp, l)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "latency.png")); err != nil {
		t.Error(err)
	}

	out := filepath.Join(t.TempDir(), "x")
	for _, bad := range []string{"vrr:144-48", "vrr:0-60", "vrr:abc"} {
		wantUsageError(t, []string{"compare", "-rates", "60," + bad, "-out", out}, "-rates", bad)
	}
	wantUsageError(t, []string{"compare", "-rates", "60", "-render-ms", "5-15", "-out", out}, "-render-ms")
	wantUsageError(t, []string{"compare", "-rates", "vrr:48-144", "-render-ms", "15-5", "-out", out}, "-render-ms")
	wantUsageError(t, []string{"compare", "-inputs", "50", "-out", out}, "-inputs", "-inputs-at")
	wantUsageError(t, []string{"compare", "-inputs-at", "often", "-out", out}, "-inputs-at", "often")
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a refused compare created its output folder: %v", err)
	}
}

// A headless run on a VRR display with synthetic inputs; the bad specs
// are one line naming the flag and exit 2.
func TestHeadlessVRRInputs(t *testing.T) {
	stdout, stderr, code := sandbox(t, "-headless", "-scene", "glider", "-ticks", "300", "-display", "vrr:48-144", "-inputs-at", "uniform", "-inputs", "100", "-report", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		VRR          string `json:"vrr"`
		InputLatency *struct {
			Inputs int
			Mean   float64
		} `json:"input_latency_ms"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || rep.VRR != "vrr:48-144" || rep.InputLatency == nil || rep.InputLatency.Inputs != 100 {
		t.Fatalf("report %+v, %v:\n%s", rep, err, stdout)
	}
	for _, bad := range []string{"vrr:144-48", "vrr:0-60", "vrr:abc"} {
		wantUsageError(t, []string{"-headless", "-scene", "glider", "-display", bad}, "-display", bad)
	}
	wantUsageError(t, []string{"-headless", "-scene", "glider", "-display", "vrr:48-144", "-display-hz", "60"}, "-display-hz")
	wantUsageError(t, []string{"-headless", "-scene", "glider", "-render-ms", "5-15"}, "-render-ms")
	wantUsageError(t, []string{"-headless", "-scene", "glider", "-display", "vrr:48-144", "-jitter", "0.1"}, "-jitter")
	wantUsageError(t, []string{"-headless", "-scene", "glider", "-inputs-at", "often"}, "-inputs-at")
	wantUsageError(t, []string{"-scene", "glider", "-display", "vrr:48-144", "-render-ms", "5-15"}, "-render-ms", "-headless")
	wantUsageError(t, []string{"-scene", "glider", "-display", "vrr:48-2000"}, "-display", "1000")
}

// -frames-from gives a VRR display its render times from a trace, in a
// headless run and in compare; without a vrr: display it is refused.
func TestVRRFramesFrom(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "t.jsonl")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "glider", "-display-hz", "90", "-jitter", "0.5", "-seconds", "1", "-trace", tr); code != 0 {
		t.Fatalf("trace: exit %d: %s", code, stderr)
	}
	stdout, stderr, code := sandbox(t, "-headless", "-scene", "glider", "-ticks", "120", "-display", "vrr:48-144", "-frames-from", tr, "-report", "-")
	var rep struct {
		RenderMs *[2]float64 `json:"render_ms"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &rep) != nil || rep.RenderMs == nil || !(rep.RenderMs[0] >= 1000/90.0*0.5-1e-9 && rep.RenderMs[1] <= 1000/90.0*1.5+1e-9) {
		t.Fatalf("exit %d (%s): render_ms %v, want within the trace's 5.6..16.7 ms", code, stderr, rep.RenderMs)
	}
	out := filepath.Join(dir, "c")
	if _, stderr, code := sandbox(t, "compare", "-scene", "glider", "-rates", "vrr:48-144", "-interp", "off", "-ticks", "120", "-frames-from", tr, "-out", out); code != 0 {
		t.Fatalf("compare: exit %d: %s", code, stderr)
	}
	wantUsageError(t, []string{"compare", "-rates", "60", "-frames-from", tr, "-out", filepath.Join(dir, "x")}, "-frames-from", "vrr:")
	wantUsageError(t, []string{"compare", "-rates", "vrr:48-144", "-frames-from", tr, "-render-ms", "1-2", "-out", filepath.Join(dir, "x")}, "-render-ms", "-frames-from")
	wantUsageError(t, []string{"-headless", "-frames-from", tr}, "-frames-from")
	wantUsageError(t, []string{"-headless", "-display", "vrr:48-144", "-frames-from", filepath.Join(dir, "nosuch")}, "-frames-from", "nosuch")
}
