package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sandbox/engine/frames"
)

type framesJSON struct {
	Scene  string `json:"scene"`
	Traces []struct {
		Name           string  `json:"name"`
		Frames         int     `json:"frames"`
		DroppedSeconds float64 `json:"dropped_seconds"`
		MaxSteps       int     `json:"max_steps_in_a_frame"`
		Ticks          uint64  `json:"ticks"`
		StateHash      string  `json:"state_hash"`
		SpiralMarginMs float64 `json:"spiral_margin_ms"`
		StepsHistogram []int   `json:"steps_histogram"`
		Cost           *struct {
			MaxSteps       int     `json:"max_steps_in_a_frame"`
			DroppedSeconds float64 `json:"dropped_seconds"`
			Spiralled      bool    `json:"spiralled"`
		} `json:"step_cost"`
		Present *frames.PresentSummary `json:"present"` // a window trace's
	} `json:"traces"`
}

func readFramesJSON(t *testing.T, dir string) framesJSON {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "frames.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r framesJSON
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFramesSynthetic: a stall and a steady 60 Hz trace through the drop
// scene's loop, and a step cost of 40 ms (more than the 16.7 ms step), which
// must spiral into the cap.
func TestFramesSynthetic(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fr")
	stdout, stderr, code := sandbox(t, "frames", "-synthetic", "stall,60hz", "-seconds", "2", "-scene", "drop", "-step-cost-ms", "40", "-out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "stall: 120 frames") {
		t.Fatalf("stdout %q", stdout)
	}
	r := readFramesJSON(t, out)
	if r.Scene != "drop" || len(r.Traces) != 2 || r.Traces[0].Name != "stall" {
		t.Fatalf("%+v", r)
	}
	st := r.Traces[0]
	if st.MaxSteps != 8 || st.DroppedSeconds <= 0 || st.StepsHistogram[8] != 1 || st.Cost == nil || !st.Cost.Spiralled || st.Cost.MaxSteps != 8 {
		t.Fatalf("stall: %+v cost %+v", st, st.Cost)
	}
	for _, name := range []string{"frames.md", "frames-stall.csv", "frames-stall-cost.csv", "frames-60hz.csv", "frames-stall.png", "steps-stall.png", "frames-60hz.png", "steps-60hz.png"} {
		if fi, err := os.Stat(filepath.Join(out, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(out, "frames-stall.csv"))
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if lines[0] != "frame,frame_seconds,steps,alpha,accumulator,dropped" || len(lines) != 121 {
		t.Fatalf("CSV header %q, %d lines", lines[0], len(lines))
	}
}

// TestFramesReadsHeadlessTrace writes a jittery, hitchy headless trace and
// reads it back: frames, ticks, dropped time and the physics state after the
// run agree with the run's report (the same frame seconds through the same
// loop and scene).
// (A window run's trace: TestWindowTraceReadByFrames.)
func TestFramesReadsHeadlessTrace(t *testing.T) {
	dir := t.TempDir()
	trace, rep := filepath.Join(dir, "run.jsonl"), filepath.Join(dir, "r.json")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "drop", "-display-hz", "144", "-jitter", "0.3",
		"-hitch-every", "50", "-hitch-seconds", "0.3", "-seconds", "3", "-trace", trace, "-report", rep); code != 0 {
		t.Fatalf("headless: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "fr")
	if _, stderr, code := sandbox(t, "frames", "-trace", trace, "-scene", "drop", "-out", out); code != 0 {
		t.Fatalf("frames: exit %d: %s", code, stderr)
	}
	h := readReport(t, rep)
	r := readFramesJSON(t, out)
	tr := r.Traces[0]
	if tr.Name != "run" || tr.Frames != h.Frames || int(tr.Ticks) != h.Ticks || tr.MaxSteps != h.MaxSteps ||
		tr.DroppedSeconds != h.DroppedSeconds || h.DroppedSeconds <= 0 || tr.StateHash != h.StateHash {
		t.Fatalf("frames saw %+v; the headless run reported %+v", tr, h)
	}
}

func TestFramesBadFlags(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "never")
	badTrace := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(badTrace, []byte("{\"frame_seconds\":0.01}\n{\"frame_seconds\":-2}\n"), 0o644)
	cases := []struct {
		args  []string
		names []string
	}{
		{[]string{}, []string{"-trace", "-synthetic"}},
		{[]string{"-synthetic", "60hz", "-trace", badTrace}, []string{"-trace", "-synthetic"}},
		{[]string{"-synthetic", "60hz,30hz"}, []string{"-synthetic", "30hz"}},
		{[]string{"-synthetic", "stall,stall"}, []string{"-synthetic", "twice"}},
		{[]string{"-synthetic", "60hz", "-jitter", "1"}, []string{"-jitter"}},
		{[]string{"-synthetic", "60hz", "-seconds", "0"}, []string{"-seconds"}},
		{[]string{"-synthetic", "60hz", "-step-cost-ms", "-1"}, []string{"-step-cost-ms"}},
		{[]string{"-synthetic", "60hz", "-step-cost-ms", "NaN"}, []string{"-step-cost-ms"}},
		{[]string{"-synthetic", "60hz", "-scene", "nosuch"}, []string{"nosuch"}},
		{[]string{"-trace", filepath.Join(dir, "missing.jsonl")}, []string{"-trace", "missing.jsonl"}},
		{[]string{"-trace", badTrace}, []string{"-trace", "line 2"}},
		{[]string{"-trace", badTrace, "-seconds", "5"}, []string{"-seconds"}},
		{[]string{"-trace", dir}, []string{"-trace", "directory"}},
	}
	for _, c := range cases {
		wantUsageError(t, append([]string{"frames", "-out", out}, c.args...), c.names...)
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: -out was created before the input was checked", c.args)
		}
	}
	wantUsageError(t, []string{"frames", "-synthetic", "60hz"}, "-out")

	// A trace named like an output, in the -out folder, with -force: refused,
	// and the trace is left as it was.
	own := filepath.Join(dir, "own")
	os.Mkdir(own, 0o755)
	trace := filepath.Join(own, "frames.json")
	os.WriteFile(trace, []byte("{\"frame_seconds\":0.01}\n"), 0o644)
	wantUsageError(t, []string{"frames", "-trace", trace, "-out", own, "-force"}, "-trace", "same file")
	if b, _ := os.ReadFile(trace); string(b) != "{\"frame_seconds\":0.01}\n" {
		t.Fatalf("the trace was changed: %q", b)
	}
}
