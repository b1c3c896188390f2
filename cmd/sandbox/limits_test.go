package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Bounds checked once, before anything runs (issue 33), and inputs read in
// bounded memory.

// TestCompareWorkBoundsFirst: a compare whose runs would take more display
// frames than a headless run may is refused at once (exit 2, naming
// -rates), before the reference run, and its folder is never made.
func TestCompareWorkBoundsFirst(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cmp")
	start := time.Now()
	wantUsageError(t, []string{"compare", "-scene", "glider", "-rates", "60,100000", "-ticks", "1000000", "-out", out}, "-rates 100000", "display frames")
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refused after %v: the bound must be checked before running", d)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("-out was created before the bounds were checked")
	}
}

// TestSweepOneSpeedLimit: the sweep's speed and spin limits are the
// world's: the largest accepted runs (it failed inside the physics), one
// above is refused before anything runs, naming the flag.
func TestSweepOneSpeedLimit(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sweep", "-speeds", "100000", "-thickness", "0.01", "-hz", "60", "-spin", "0,10000",
		"-shape", "cube,plate", "-trials", "8", "-out", filepath.Join(dir, "max")}
	if _, stderr, code := sandbox(t, args...); code != 0 {
		t.Fatalf("-speeds 100000 -spin 10000: exit %d: %s", code, stderr)
	}
	wantUsageError(t, []string{"sweep", "-speeds", "100001", "-out", filepath.Join(dir, "a")}, "-speeds 100001", "100000")
	wantUsageError(t, []string{"sweep", "-spin", "10001", "-out", filepath.Join(dir, "b")}, "-spin 10001", "10000")
}

// TestFramesRefusesOverflowingTrace: a frame of 1e308 s is refused at input
// (file and line, exit 2) instead of failing to write +Inf into JSON after
// the run.
func TestFramesRefusesOverflowingTrace(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "huge.jsonl")
	os.WriteFile(trace, []byte("{\"frame_seconds\":0.016}\n{\"frame_seconds\":1e308}\n{\"frame_seconds\":1e308}\n"), 0o644)
	out := filepath.Join(dir, "fr")
	wantUsageError(t, []string{"frames", "-trace", trace, "-out", out}, "-trace", "huge.jsonl", "line 2", "frame_seconds")
	if _, err := os.Stat(out); err == nil {
		t.Error("-out was created before the trace was checked")
	}
}

// TestFramesStreamsItsTrace: a 100 MB trace (fat lines, as a window trace
// of many bodies) is read as a stream: the process's peak memory stays far
// below the file's size (it held the whole file, and every frame's record
// twice over).
func TestFramesStreamsItsTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 100 MB trace")
	}
	dir := t.TempDir()
	trace := filepath.Join(dir, "fat.jsonl")
	f, err := os.Create(trace)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	pad := strings.Repeat("x", 5000)
	for i := range 20000 {
		fmt.Fprintf(w, "{\"frame\":%d,\"frame_seconds\":0.016666666666666666,\"pad\":%q}\n", i+1, pad)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	cmd := exec.Command(binary, "frames", "-trace", trace, "-scene", "drop", "-out", filepath.Join(dir, "fr"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB on Linux
	if peak > 64<<10 {
		t.Fatalf("peak memory %d MiB reading a 100 MB trace: it is not streamed", peak>>10)
	}
	t.Logf("peak memory %d MiB", peak>>10)
}
