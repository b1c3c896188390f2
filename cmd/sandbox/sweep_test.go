package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tinySweep is a sweep of four cells that runs in well under a second.
func tinySweep(out string, extra ...string) []string {
	return append([]string{"sweep", "-speeds", "20000", "-thickness", "0.0005", "-hz", "60", "-spin", "0,500",
		"-shape", "cube", "-trials", "4", "-out", out}, extra...)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestSweepWritesItsFolder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sw")
	stdout, stderr, code := sandbox(t, tinySweep(out, "-fail-on-tunnel")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "4 of 4 cells") || !strings.Contains(stderr, "100%: 4 of 4 cells") {
		t.Fatalf("stdout %q stderr %q", stdout, stderr)
	}
	for _, name := range []string{"sweep.md", "sweep.json", "sweep.csv", "heatmap-60hz-ccd-on.png", "heatmap-60hz-ccd-off.png", "tunnel-rate-vs-speed.png"} {
		if fi, err := os.Stat(filepath.Join(out, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A second run into the same, now non-empty, folder is refused unless -force.
	wantUsageError(t, tinySweep(out), "-out", "not empty")
	if _, stderr, code := sandbox(t, tinySweep(out, "-force")...); code != 0 {
		t.Fatalf("-force: exit %d: %s", code, stderr)
	}
}

// TestSweepFailOnTunnel: with CCD off the fast shots tunnel and the gate
// fails, naming the cell; with CCD on it passes (TestSweepWritesItsFolder).
func TestSweepFailOnTunnel(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sw")
	_, stderr, code := sandbox(t, tinySweep(out, "-ccd", "off", "-fail-on-tunnel")...)
	line := lastLine(stderr)
	if code != 1 || !strings.HasPrefix(line, "sandbox: sweep: -fail-on-tunnel") ||
		!strings.Contains(line, "speed 20000 m/s, thickness 0.0005 m, 60 Hz, spin 0 rad/s, cube, CCD off") {
		t.Fatalf("exit %d, last line %q; want exit 1 naming the cell", code, line)
	}
	if _, err := os.Stat(filepath.Join(out, "sweep.json")); err != nil {
		t.Fatalf("a failed gate must still write the results: %v", err)
	}
	// Without the flag the same sweep succeeds.
	if _, stderr, code := sandbox(t, tinySweep(filepath.Join(t.TempDir(), "b"), "-ccd", "off")...); code != 0 {
		t.Fatalf("exit %d without -fail-on-tunnel: %s", code, stderr)
	}
}

func TestSweepBadFlags(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "never")
	var speeds []string
	for i := 1; i <= 401; i++ {
		speeds = append(speeds, strconv.Itoa(i))
	}
	many := strings.Join(speeds, ",") // 401 x 5 x 4 x 4 x 2 x 2 cells
	cases := []struct {
		args []string
		name string
	}{
		{[]string{"-speeds", ""}, "-speeds"},
		{[]string{"-speeds", "10,x"}, "-speeds"},
		{[]string{"-thickness", "0.01,-1"}, "-thickness"},
		{[]string{"-hz", "NaN"}, "-hz"},
		{[]string{"-spin", "Inf"}, "-spin"},
		{[]string{"-size", "-0.05"}, "-size"},
		{[]string{"-trials", "0"}, "-trials"},
		{[]string{"-shape", "cube,ball"}, "-shape"},
		{[]string{"-ccd", "maybe"}, "-ccd"},
		{[]string{"-hz", "60,60"}, "-hz 60: given twice"},
		{[]string{"-workers", "0"}, "-workers"},
		{[]string{"-speeds", many}, "100000"},
		{[]string{"-nope"}, "-nope"},
	}
	for _, c := range cases {
		wantUsageError(t, append([]string{"sweep", "-out", out}, c.args...), c.name)
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: -out was created before the flags were checked", c.args)
		}
	}
	wantUsageError(t, []string{"sweep"}, "-out")
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("keep"), 0o644)
	wantUsageError(t, []string{"sweep", "-out", file}, "-out", "not a folder")
	if b, _ := os.ReadFile(file); string(b) != "keep" {
		t.Fatal("a refused -out file was changed")
	}
}

// TestSweepInterruptWritesPartial sends SIGINT once the first tenth of a
// default sweep is done: the command stops, writes what it has marked
// partial (the files and the folder's manifest), and exits 130 with one
// line.
func TestSweepInterruptWritesPartial(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sw")
	// 256 trials a cell: the other nine tenths take long enough on any
	// machine for the signal to land while cells are still being run.
	cmd := exec.Command(binary, "sweep", "-out", out, "-workers", "1", "-trials", "256")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	var last string
	for sc.Scan() {
		last = sc.Text()
		if strings.HasPrefix(last, "10%") {
			cmd.Process.Signal(os.Interrupt)
		}
	}
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.HasPrefix(last, "sandbox: sweep: interrupted by SIGINT") {
		t.Fatalf("exit %d (%v), last line %q; want exit 130, interrupted by SIGINT", code, err, last)
	}
	noTemporaries(t, out)
	if m := readManifest(t, out, "sweep"); m.Complete || !strings.Contains(m.Note, "SIGINT") {
		t.Fatalf("manifest %+v, want partial, naming SIGINT", m)
	}
	var js struct {
		Partial    bool `json:"partial"`
		CellsDone  int  `json:"cells_done"`
		CellsTotal int  `json:"cells_total"`
		Cells      []struct {
			Index int `json:"index"`
		} `json:"cells"`
	}
	b, err := os.ReadFile(filepath.Join(out, "sweep.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &js); err != nil {
		t.Fatal(err)
	}
	if !js.Partial || js.CellsDone < 160 || js.CellsDone >= js.CellsTotal || len(js.Cells) != js.CellsDone {
		t.Fatalf("partial %v, %d of %d cells", js.Partial, js.CellsDone, js.CellsTotal)
	}
	for i, c := range js.Cells {
		if c.Index != i {
			t.Fatalf("one worker stopped early must leave cells 0..%d, got index %d at %d", js.CellsDone-1, c.Index, i)
		}
	}
}
