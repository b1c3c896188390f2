package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A window session recorded under Xvfb, with a shot fired from the camera,
// replays headless on other displays with every hash equal; and the window
// writes -trace lines with its measured frame seconds.
func TestWindowRecordingReplaysHeadless(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	rec, trace := filepath.Join(dir, "w.jsonl"), filepath.Join(dir, "t.jsonl")
	if _, stderr, code := sandbox(t, "-scene", "range", "-frames", "90", "-fire-at-frame", "20", "-vsync=false",
		"-record", rec, "-trace", trace); code != 0 {
		t.Fatalf("window run: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"name":"user-shot-1"`) || !strings.Contains(string(data), `"t":"end"`) {
		t.Fatalf("the recording lacks the shot or its end line:\n%.600s", data)
	}
	for _, hz := range []string{"60", "144", "37"} {
		stdout, stderr, code := sandbox(t, "-headless", "-replay", rec, "-display-hz", hz, "-jitter", "0.3")
		if code != 0 || !strings.Contains(stdout, "equal to the recording") {
			t.Fatalf("replay at %s Hz: exit %d, %q %q", hz, code, stdout, stderr)
		}
	}
	lines := strings.Split(strings.TrimSpace(readFile(t, trace)), "\n")
	if len(lines) != 90 || !strings.Contains(lines[0], `"frame_seconds":`) || !strings.Contains(lines[89], `"user-shot-1"`) {
		t.Fatalf("window trace: %d lines (want 90), last %.200s", len(lines), lines[len(lines)-1])
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A tampered recording fails at the tick whose hash differs (exit 1); a
// corrupt one is refused naming the file and line (exit 2).
func TestReplayCommandFailures(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "teleport", "-ticks", "300", "-record", rec); code != 0 {
		t.Fatalf("record: exit %d %s", code, stderr)
	}
	data := readFile(t, rec)
	// Move the teleport target of the scene's event at tick 120 in the
	// embedded scene: the replay's state first differs at tick 180.
	bad := strings.Replace(data, `{"tick":120,"teleport":{"body":"glider","center":[-5,0.5,0]`, `{"tick":120,"teleport":{"body":"glider","center":[-5,0.5,0.25]`, 1)
	if bad == data {
		t.Fatal("no teleport at tick 120 to tamper with")
	}
	tampered := filepath.Join(dir, "tampered.jsonl")
	os.WriteFile(tampered, []byte(bad), 0o644)
	_, stderr, code := sandbox(t, "-headless", "-replay", tampered)
	if code != 1 || !strings.Contains(stderr, "at tick 180") || !strings.Contains(stderr, "glider (center") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("tampered replay: exit %d, stderr %q; want exit 1 naming tick 180 and the glider's centre", code, stderr)
	}

	lines := strings.Split(data, "\n")
	lines[3] = lines[3][:len(lines[3])/2]
	corrupt := filepath.Join(dir, "corrupt.jsonl")
	os.WriteFile(corrupt, []byte(strings.Join(lines, "\n")), 0o644)
	wantUsageError(t, []string{"-headless", "-replay", corrupt}, corrupt+":4:")
	truncated := filepath.Join(dir, "truncated.jsonl")
	os.WriteFile(truncated, []byte(strings.Join(strings.Split(data, "\n")[:3], "\n")+"\n"), 0o644)
	wantUsageError(t, []string{"-headless", "-replay", truncated}, truncated+":4:", "truncated")
	version := filepath.Join(dir, "v2.jsonl")
	os.WriteFile(version, []byte(regexp.MustCompile(`"sandbox_record":1`).ReplaceAllString(data, `"sandbox_record":9`)), 0o644)
	wantUsageError(t, []string{"-headless", "-replay", version}, version+":1:", "version 9")
	wantUsageError(t, []string{"-headless", "-replay", filepath.Join(dir, "none.jsonl")}, "none.jsonl")
	wantUsageError(t, []string{"-headless", "-replay", rec, "-ticks", "10"}, "-ticks", "-replay")
	wantUsageError(t, []string{"-headless", "-replay", rec, "-record", filepath.Join(dir, "x.jsonl")}, "-record", "-replay")
	wantUsageError(t, []string{"-headless", "-scene", "drop", "-record", rec, "-report", rec}, "-record", "-report")
}
