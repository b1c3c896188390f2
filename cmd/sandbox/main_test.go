package main

import (
	"sandbox/internal/testenv"

	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// These tests run the built binary, as scripts do: flags, exit codes, the
// one-line errors and the report and trace files of the headless contract.

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sandbox-bin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "sandbox")
	if b := os.Getenv("SANDBOX_TEST_BINARY"); b != "" {
		// A binary built elsewhere (an older commit's, to see a new test
		// fail on it, or the CGO_ENABLED=0 build): no build here.
		binary = b
	} else if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sandbox runs the binary and returns stdout, stderr and the exit status.
func sandbox(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// wantUsageError checks the contract for bad input: exit 2 and exactly one
// stderr line starting "sandbox:" that contains every one of names.
func wantUsageError(t *testing.T, args []string, names ...string) {
	t.Helper()
	_, stderr, code := sandbox(t, args...)
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	if code != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], "sandbox: ") {
		t.Fatalf("%v: exit %d, stderr %q; want exit 2 and one line starting 'sandbox: '", args, code, stderr)
	}
	for _, n := range names {
		if !strings.Contains(lines[0], n) {
			t.Fatalf("%v: error %q does not name %q", args, lines[0], n)
		}
	}
}

func TestListScenes(t *testing.T) {
	out, _, code := sandbox(t, "-list-scenes")
	for _, s := range []string{"range", "drop", "teleport", "gauntlet"} {
		if code != 0 || !strings.Contains(out, s+"\n") {
			t.Fatalf("-list-scenes (exit %d) = %q, want it to list %s", code, out, s)
		}
	}
}

func TestBadFlags(t *testing.T) {
	cases := []struct {
		args  []string
		names []string
	}{
		{[]string{"-no-such-flag"}, []string{"no-such-flag"}},
		{[]string{"-headless", "-display-hz", "0", "-ticks", "5"}, []string{"-display-hz", "0"}},
		{[]string{"-headless", "-display-hz", "-30", "-ticks", "5"}, []string{"-display-hz"}},
		{[]string{"-headless", "-jitter", "1.5", "-ticks", "5"}, []string{"-jitter", "1.5"}},
		{[]string{"-headless", "-ticks", "0"}, []string{"-ticks"}},
		{[]string{"-headless", "-ticks", "-3"}, []string{"-ticks"}},
		{[]string{"-headless", "-ticks", "5", "-seconds", "1"}, []string{"-ticks", "-seconds"}},
		{[]string{"-headless", "-seconds", "-1"}, []string{"-seconds"}},
		{[]string{"-headless", "-interp", "cubic", "-ticks", "5"}, []string{"-interp", "cubic"}},
		{[]string{"-headless", "-hitch-every", "3", "-hitch-seconds", "0", "-ticks", "5"}, []string{"-hitch-seconds"}},
		{[]string{"-headless", "-frames", "3"}, []string{"-frames"}},
		{[]string{"-jitter", "0.1"}, []string{"-jitter"}},
		{[]string{"-headless", "-scene", "no-such-scene", "-ticks", "5"}, []string{"no-such-scene"}},
		{[]string{"-headless", "-ticks", "5", "-report", "/no/such/dir/r.json"}, []string{"-report", "/no/such/dir/r.json"}},
		{[]string{"-display-hz", "-1"}, []string{"-display-hz"}},
		{[]string{"-frames", "-2"}, []string{"-frames"}},
		{[]string{"-window-size", "big"}, []string{"-window-size", "big"}},
		{[]string{"-window-size", "10x10"}, []string{"-window-size"}},
		{[]string{"-window-size", "640x480x2"}, []string{"-window-size"}},
		{[]string{"-headless", "-window-size", "640x480"}, []string{"-window-size"}},
		{[]string{"stray"}, []string{"stray"}},
		{[]string{"-headless", "-frames-from", "t.jsonl", "-ticks", "5"}, []string{"-frames-from"}},
		{[]string{"-frames-from", "/no/such/trace.jsonl"}, []string{"-frames-from", "/no/such/trace.jsonl"}},
		{[]string{"-frames-from", "/dev/null"}, []string{"-frames-from", "/dev/null"}},      // not a regular file
		{[]string{"-headless", "-ticks", "5", "-record", "-"}, []string{"-record", "file"}}, // was a file named "-"
		{[]string{"-headless", "-replay", "-"}, []string{"-replay", "file"}},
		{[]string{"-headless", "-ticks", "5", "-workers", "0"}, []string{"-workers", "0"}},
		{[]string{"-headless", "-ticks", "5", "-workers", "17"}, []string{"-workers", "17"}},
		{[]string{"-workers", "2"}, []string{"-workers", "-headless"}},
	}
	for _, c := range cases {
		wantUsageError(t, c.args, c.names...)
	}
}

func TestBadSceneFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"unknown.json":   `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1,0],"half":[1,1,1],"mass":1,"wings":2}]}`,
		"flat.json":      `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1,0],"half":[1,0,1],"mass":1}]}`,
		"mass.json":      `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1,0],"half":[1,1,1],"mass":-2}]}`,
		"dup.json":       `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1,0],"half":[1,1,1]},{"name":"a","center":[0,3,0],"half":[1,1,1]}]}`,
		"ghost.json":     `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1,0],"half":[1,1,1]}],"events":[{"tick":3,"teleport":{"body":"nobody","center":[0,0,0]}}]}`,
		"huge.json":      `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1e999,0],"half":[1,1,1]}]}`,
		"syntax.json":    `{"name":"x","statics":[`,
		"slab.json":      `{"name":"x","statics":[{"name":"s","min":[0,0,0],"max":[1,-1,1]}],"bodies":[]}`,
		"nobodies.json":  `{"name":"x","statics":[]}`,
		"hz.json":        `{"name":"x","physics_hz":0,"statics":[],"bodies":[]}`,
		"vector.json":    `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1],"half":[1,1,1]}]}`,
		"direction.json": `{"name":"x","statics":[],"bodies":[],"events":[{"tick":1,"fire":{"name":"s","from":[0,0,0],"direction":[0,0,0],"speed":5,"half":[0.1,0.1,0.1]}}]}`,
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		wantUsageError(t, []string{"-headless", "-scene", path, "-ticks", "5"}, name)
	}
	wantUsageError(t, []string{"-headless", "-scene", filepath.Join(dir, "missing.json"), "-ticks", "5"}, "missing.json")
}

// report is the part of the report JSON these tests read.
type report struct {
	Scene          string  `json:"scene"`
	PhysicsHz      float64 `json:"physics_hz"`
	DisplayHz      float64 `json:"display_hz"`
	Frames         int     `json:"frames"`
	Ticks          int     `json:"ticks"`
	DroppedSeconds float64 `json:"dropped_seconds"`
	MaxSteps       int     `json:"max_steps_in_a_frame"`
	StateHash      string  `json:"state_hash"`
	CCDHits        int     `json:"ccd_hits"`
	Tunnels        int     `json:"tunnels"`
	StepMicros     map[string]float64
	Bodies         []struct {
		Name     string     `json:"name"`
		Center   [3]float64 `json:"center"`
		Sleeping bool       `json:"sleeping"`
	} `json:"bodies"`
}

func readReport(t *testing.T, path string) report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return r
}

func TestHeadlessDropContract(t *testing.T) {
	dir := t.TempDir()
	runs := [][]string{
		{"-display-hz", "60"},
		{"-display-hz", "144", "-jitter", "0.3"},
		{"-display-hz", "240", "-jitter", "0.5", "-seed", "9", "-hitch-every", "50", "-hitch-seconds", "0.05"},
	}
	var hash string
	for i, extra := range runs {
		path := filepath.Join(dir, "r.json")
		trace := filepath.Join(dir, "t.jsonl")
		args := append([]string{"-headless", "-scene", "drop", "-ticks", "120", "-report", path, "-trace", trace}, extra...)
		if _, stderr, code := sandbox(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		r := readReport(t, path)
		if r.Scene != "drop" || r.Ticks != 120 || len(r.Bodies) != 1 || r.PhysicsHz != 60 {
			t.Fatalf("%v: report %+v", extra, r)
		}
		if y := r.Bodies[0].Center[1]; y < 0.499 || y > 0.501 {
			t.Fatalf("%v: cube centre y = %v, want 0.5 within 1 mm", extra, y)
		}
		if i == 0 {
			hash = r.StateHash
		} else if r.StateHash != hash {
			t.Fatalf("%v: state_hash %s, want %s as at 60 Hz", extra, r.StateHash, hash)
		}
		data, _ := os.ReadFile(trace)
		if n := strings.Count(string(data), "\n"); n != r.Frames {
			t.Fatalf("%v: %d trace lines for %d frames", extra, n, r.Frames)
		}
	}
}

func TestHeadlessOneHertzDropsTime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "teleport", "-display-hz", "1", "-ticks", "40", "-report", path); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := readReport(t, path)
	if r.Ticks != 40 || r.DroppedSeconds <= 0 || r.MaxSteps != 8 {
		t.Fatalf("1 Hz display: ticks %d dropped %v max steps %d; want 40, > 0, 8", r.Ticks, r.DroppedSeconds, r.MaxSteps)
	}
}

func TestHeadlessCCDFlagPairs(t *testing.T) {
	dir := t.TempDir()
	on, off := filepath.Join(dir, "on.json"), filepath.Join(dir, "off.json")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "gauntlet", "-seconds", "3", "-report", on); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, stderr, code := sandbox(t, "-headless", "-scene", "gauntlet", "-seconds", "3", "-ccd=false", "-report", off); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a, b := readReport(t, on), readReport(t, off)
	if a.Tunnels != 0 || a.CCDHits == 0 {
		t.Fatalf("gauntlet with CCD: tunnels %d, ccd hits %d; want 0 and > 0", a.Tunnels, a.CCDHits)
	}
	if b.Tunnels == 0 {
		t.Fatalf("gauntlet without CCD: no tunnels; the fast shots should pass through the thin walls")
	}
}

func TestHelp(t *testing.T) {
	out, _, code := sandbox(t, "-h")
	if code != 0 || !strings.Contains(out, "-headless") || !strings.Contains(out, "-display-hz") {
		t.Fatalf("-h: exit %d, %q", code, out)
	}
}

func TestWindowWithoutDisplay(t *testing.T) {
	cmd := exec.Command(binary, "-frames", "1")
	cmd.Env = append(os.Environ(), "DISPLAY=", "WAYLAND_DISPLAY=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("no display: %v, stderr %q; want exit 2", err, stderr.String())
	}
	line := strings.TrimRight(stderr.String(), "\n")
	if strings.Contains(line, "\n") || !strings.HasPrefix(line, "sandbox: ") || !strings.Contains(line, "-headless") || !strings.Contains(line, "xvfb-run") {
		t.Fatalf("no display: stderr %q; want one 'sandbox:' line suggesting -headless or xvfb-run", line)
	}
}

func TestWindowFramesScreenshotStats(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	png, stats := filepath.Join(dir, "w.png"), filepath.Join(dir, "w.json")
	if _, stderr, code := sandbox(t, "-scene", "drop", "-frames", "30", "-screenshot", png, "-stats", stats); code != 0 {
		t.Fatalf("window run: exit %d: %s", code, stderr)
	}
	if fi, err := os.Stat(png); err != nil || fi.Size() == 0 {
		t.Fatalf("screenshot: %v", err)
	}
	data, err := os.ReadFile(stats)
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"frames", "display_hz_measured", "mean_frame_seconds", "p99_frame_seconds", "ticks", "dropped_seconds"} {
		if _, ok := s[k]; !ok {
			t.Fatalf("-stats lacks %s: %s", k, data)
		}
	}
	if s["frames"] != float64(30) {
		t.Fatalf("-stats frames = %v, want 30", s["frames"])
	}
}

func TestRunawayRunsRefused(t *testing.T) {
	wantUsageError(t, []string{"-headless", "-display-hz", "1e12", "-ticks", "5"}, "-display-hz")
	wantUsageError(t, []string{"-headless", "-seconds", "1e300"}, "-seconds")
	wantUsageError(t, []string{"-headless", "-ticks", "18446744073709551615"}, "-ticks")
}

func TestCCDFlagHelpClaimsNoDefault(t *testing.T) {
	out, _, _ := sandbox(t, "-h")
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "scene's \"ccd\"") && strings.Contains(line, "(default") {
			t.Fatalf("-ccd help claims a default: %q", line)
		}
	}
}

// needDisplay skips a window test without a display (see testenv).
func needDisplay(t testing.TB) { t.Helper(); testenv.NeedDisplay(t) }

// A -frames-from file that is not a trace is refused before the window
// opens, naming the flag, the file and the line.
func TestFramesFromBadTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(path, []byte("{\"frame_seconds\": 0.016}\n{\"frame\": 2}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantUsageError(t, []string{"-frames-from", path}, "-frames-from", "bad.jsonl", "line 2")
}
