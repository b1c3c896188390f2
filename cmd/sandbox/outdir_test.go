package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The output-folder contract of compare, sweep and frames (internal/outdir):
// one run per folder, every output path checked before running, and an
// interrupted run that claims nothing complete.

func folderNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

type manifestJSON struct {
	Command  string `json:"command"`
	Complete bool   `json:"complete"`
	Note     string `json:"note"`
	Files    []struct {
		Name string `json:"name"`
	} `json:"files"`
}

func readManifest(t *testing.T, dir, command string) manifestJSON {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ".sandbox-"+command+".json"))
	if err != nil {
		t.Fatalf("no manifest: %v", err)
	}
	var m manifestJSON
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFramesForceLeavesOneRun (issue 32 #10): a second frames run with
// -force removes the files the first wrote and it does not, and keeps the
// user's own file.
func TestFramesForceLeavesOneRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fr")
	if _, stderr, code := sandbox(t, "frames", "-synthetic", "60hz,stall", "-seconds", "1", "-step-cost-ms", "5", "-out", out); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644)
	if _, stderr, code := sandbox(t, "frames", "-synthetic", "60hz", "-seconds", "1", "-out", out, "-force"); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	want := []string{".sandbox-frames.json", "frames-60hz.csv", "frames-60hz.png", "frames.json", "frames.md", "notes.txt", "steps-60hz.png"}
	if got := folderNames(t, out); !slices.Equal(got, want) {
		t.Fatalf("after -force the folder holds %v, want %v", got, want)
	}
	if m := readManifest(t, out, "frames"); !m.Complete || len(m.Files) != 5 {
		t.Fatalf("manifest %+v", m)
	}
}

// TestCompareForceLeavesOneRun: the same for compare (13 files, then 5).
func TestCompareForceLeavesOneRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cmp")
	if _, stderr, code := sandbox(t, "compare", "-scene", "glider", "-ticks", "60", "-rates", "60,144", "-out", out); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	if _, stderr, code := sandbox(t, "compare", "-scene", "glider", "-ticks", "60", "-rates", "60", "-interp", "lerp", "-out", out, "-force"); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	for _, n := range folderNames(t, out) {
		if strings.HasPrefix(n, "run-144hz") || n == "run-60hz-off.csv" {
			t.Errorf("%s of the first run is still there", n)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "run-60hz-lerp.csv")); err != nil {
		t.Fatal(err)
	}
}

// TestFolderAtAnOutputRefusedFirst (issue 33): with -force, a folder where
// report.json or sweep.json goes is refused before anything runs (exit 2,
// naming it), not after every run.
func TestFolderAtAnOutputRefusedFirst(t *testing.T) {
	dir := t.TempDir()
	cmp := filepath.Join(dir, "cmp")
	os.MkdirAll(filepath.Join(cmp, "report.json"), 0o755)
	args := []string{"compare", "-scene", "glider", "-ticks", "60", "-out", cmp, "-force"}
	wantUsageError(t, args, "-out", "report.json", "directory")
	if stdout, _, _ := sandbox(t, args...); stdout != "" {
		t.Fatalf("runs were made before the refusal: %q", stdout)
	}
	sw := filepath.Join(dir, "sw")
	os.MkdirAll(filepath.Join(sw, "sweep.json"), 0o755)
	wantUsageError(t, tinySweep(sw, "-force"), "-out", "sweep.json", "directory")
	if slices.Contains(folderNames(t, sw), "sweep.csv") {
		t.Fatal("the sweep ran before the refusal")
	}
	fr := filepath.Join(dir, "fr")
	os.MkdirAll(filepath.Join(fr, "frames-stall.png"), 0o755)
	wantUsageError(t, []string{"frames", "-synthetic", "stall", "-out", fr, "-force"}, "-out", "frames-stall.png", "directory")
	if slices.Contains(folderNames(t, fr), "frames-stall.csv") {
		t.Fatal("frames ran before the refusal")
	}
}

// holdsLock reports whether another process holds dir's flock.
func holdsLock(t *testing.T, dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return true
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}

// longCompare starts a compare that runs for many seconds into out, with
// its stdout's progress lines on lines.
func longCompare(t *testing.T, out string, stderr io.Writer) (*exec.Cmd, <-chan string) {
	t.Helper()
	cmd := exec.Command(binary, "compare", "-scene", "glider", "-ticks", "200000", "-rates", "60,144", "-out", out)
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return cmd, lines
}

// TestSecondCompareOnFolderRefused (issue 33): while one compare writes a
// new -out folder, a second one on the same folder is refused in one line
// (exit 2) instead of mixing its files in.
func TestSecondCompareOnFolderRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cmp")
	first, _ := longCompare(t, out, nil)
	deadline := time.Now().Add(time.Minute)
	for !holdsLock(t, out) {
		if time.Now().After(deadline) {
			t.Fatal("the first compare never took its folder")
		}
		time.Sleep(10 * time.Millisecond)
	}
	wantUsageError(t, []string{"compare", "-scene", "drop", "-ticks", "60", "-out", out}, "-out", "another sandbox command")
	wantUsageError(t, []string{"compare", "-scene", "drop", "-ticks", "60", "-out", out, "-force"}, "-out", "another sandbox command")
	first.Process.Kill()
}

// TestCompareInterruptClaimsNothing (issue 33): SIGINT during a compare
// leaves no report (which would claim the whole run), no temporary file,
// a manifest saying partial if it wrote anything, one stderr line, and
// exit 130.
func TestCompareInterruptClaimsNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cmp")
	var stderr strings.Builder
	cmd, lines := longCompare(t, out, &stderr)
	for l := range lines {
		if strings.HasPrefix(l, "compare: 1 of") {
			cmd.Process.Signal(os.Interrupt)
			break
		}
	}
	for range lines {
	}
	cmd.Wait()
	line := strings.TrimRight(stderr.String(), "\n")
	if code := cmd.ProcessState.ExitCode(); code != 130 || strings.Contains(line, "\n") ||
		!strings.HasPrefix(line, "sandbox: compare: interrupted by SIGINT") {
		t.Fatalf("exit %d, stderr %q; want 130 and one line", code, line)
	}
	for _, n := range []string{"report.json", "report.md"} {
		if _, err := os.Stat(filepath.Join(out, n)); err == nil {
			t.Errorf("%s was written by an interrupted compare", n)
		}
	}
	noTemporaries(t, out)
	// What it wrote before the signal (nothing, when the files are written
	// after the runs) is listed as partial.
	if names := folderNames(t, out); len(names) > 0 {
		if m := readManifest(t, out, "compare"); m.Complete || !strings.Contains(m.Note, "SIGINT") {
			t.Fatalf("manifest %+v, want partial, naming SIGINT", m)
		}
	}
}

// TestFramesInterruptClaimsNothing (issue 33): SIGTERM while frames runs a
// long trace discards the CSV under way, writes no frames.json, marks the
// folder partial and exits 143 with one line.
func TestFramesInterruptClaimsNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fr")
	cmd := exec.Command(binary, "frames", "-synthetic", "240hz", "-seconds", "86400", "-out", out)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	// Signal once the trace is running: its CSV is being written.
	deadline := time.Now().Add(time.Minute)
	for {
		entries, _ := os.ReadDir(out)
		if slices.ContainsFunc(entries, func(e os.DirEntry) bool { return strings.HasPrefix(e.Name(), ".frames-240hz.csv.") }) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("frames never started writing")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	line := strings.TrimRight(stderr.String(), "\n")
	if code := cmd.ProcessState.ExitCode(); code != 143 || strings.Contains(line, "\n") ||
		!strings.HasPrefix(line, "sandbox: frames: interrupted by SIGTERM") {
		t.Fatalf("exit %d, stderr %q; want 143 and one line", code, line)
	}
	for _, n := range []string{"frames.json", "frames.md", "frames-240hz.csv"} {
		if _, err := os.Stat(filepath.Join(out, n)); err == nil {
			t.Errorf("%s was written by an interrupted run", n)
		}
	}
	noTemporaries(t, out)
	if m := readManifest(t, out, "frames"); m.Complete || !strings.Contains(m.Note, "SIGTERM") {
		t.Fatalf("manifest %+v, want partial, naming SIGTERM", m)
	}
}

// TestCompareOutputsListed: every file a compare writes is among the names
// checked before its runs (compareOutputs), so a path that cannot be
// written is always found first.
func TestCompareOutputsListed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cmp")
	args := []string{"-scene", "glider", "-ticks", "60", "-rates", "60,144", "-out", out}
	c, err := parseCompareFlags(args, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	listed := compareOutputs(&c.cfg)
	if _, stderr, code := sandbox(t, append([]string{"compare"}, args...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, n := range folderNames(t, out) {
		if n != ".sandbox-compare.json" && !slices.Contains(listed, n) {
			t.Errorf("compare wrote %s, which compareOutputs does not list", n)
		}
	}
}
