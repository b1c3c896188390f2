//go:build cgo

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// traceLine is what these tests read of a -trace line.
type traceLine struct {
	FrameSeconds float64 `json:"frame_seconds"`
	Steps        int     `json:"steps"`
	Tick         uint64  `json:"tick"`
}

func readTraceLines(t *testing.T, path string) []traceLine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []traceLine
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var tl traceLine
		if err := json.Unmarshal([]byte(l), &tl); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, tl)
	}
	return out
}

// csvSteps is the steps column of a frames-KIND.csv.
func csvSteps(t *testing.T, path string) []int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i == 0 {
			continue // header: frame,frame_seconds,steps,...
		}
		n, err := strconv.Atoi(strings.Split(l, ",")[2])
		if err != nil {
			t.Fatalf("%s line %d: %v", path, i+1, err)
		}
		out = append(out, n)
	}
	return out
}

// A trace written by a real window (measured frame seconds) is read back by
// `sandbox frames`: the same frames, and the same steps in every frame,
// through the same loop and scene.
func TestWindowTraceReadByFrames(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	trace, stats := filepath.Join(dir, "win.jsonl"), filepath.Join(dir, "s.json")
	if _, stderr, code := sandbox(t, "-scene", "drop", "-frames", "40", "-vsync=false", "-window-size", "320x200",
		"-trace", trace, "-stats", stats); code != 0 {
		t.Fatalf("window: exit %d: %s", code, stderr)
	}
	lines := readTraceLines(t, trace)
	s := readStats(t, stats)
	if len(lines) != 40 || s.Frames != 40 || lines[39].Tick != s.Ticks {
		t.Fatalf("window trace: %d lines, last tick %d; stats %d frames, %d ticks", len(lines), lines[len(lines)-1].Tick, s.Frames, s.Ticks)
	}
	out := filepath.Join(dir, "fr")
	if _, stderr, code := sandbox(t, "frames", "-trace", trace, "-scene", "drop", "-out", out); code != 0 {
		t.Fatalf("frames: exit %d: %s", code, stderr)
	}
	tr := readFramesJSON(t, out).Traces[0]
	if tr.Frames != 40 || tr.Ticks != s.Ticks {
		t.Fatalf("frames read %d frames, %d ticks; the window ran 40 frames, %d ticks", tr.Frames, tr.Ticks, s.Ticks)
	}
	steps := csvSteps(t, filepath.Join(out, "frames-win.csv"))
	for i, l := range lines {
		if steps[i] != l.Steps {
			t.Fatalf("frame %d: frames ran %d steps, the window %d", i+1, steps[i], l.Steps)
		}
	}
}

// -frames-from: a hitchy headless trace is the window's clock frame by
// frame. The window's own trace repeats every frame's seconds and steps,
// the run ends with the trace's last frame, and the state is the headless
// run's (the drop scene has no input but its script).
func TestWindowFramesFrom(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	src, rep := filepath.Join(dir, "hitchy.jsonl"), filepath.Join(dir, "r.json")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "drop", "-display-hz", "144", "-jitter", "0.3",
		"-hitch-every", "9", "-hitch-seconds", "0.2", "-seconds", "0.5", "-trace", src, "-report", rep); code != 0 {
		t.Fatalf("headless: exit %d: %s", code, stderr)
	}
	want := readTraceLines(t, src)
	h := readReport(t, rep)
	again, stats := filepath.Join(dir, "again.jsonl"), filepath.Join(dir, "s.json")
	if _, stderr, code := sandbox(t, "-scene", "drop", "-frames-from", src, "-vsync=false", "-window-size", "320x200",
		"-trace", again, "-stats", stats); code != 0 {
		t.Fatalf("window -frames-from: exit %d: %s", code, stderr)
	}
	got := readTraceLines(t, again)
	if len(got) != len(want) {
		t.Fatalf("the window ran %d frames of a %d-frame trace", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("frame %d: window %+v, trace %+v", i+1, got[i], want[i])
		}
	}
	s := readStats(t, stats)
	if s.Frames != h.Frames || int(s.Ticks) != h.Ticks || s.DroppedSeconds != h.DroppedSeconds || h.DroppedSeconds <= 0 {
		t.Fatalf("window: %d frames, %d ticks, %v s dropped; headless: %d frames, %d ticks, %v s dropped (want > 0)",
			s.Frames, s.Ticks, s.DroppedSeconds, h.Frames, h.Ticks, h.DroppedSeconds)
	}
	if s.Bodies[0].Center != h.Bodies[0].Center {
		t.Fatalf("window ends with the cube at %v, headless at %v", s.Bodies[0].Center, h.Bodies[0].Center)
	}
}
