package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sandbox/engine/scene"
	"sandbox/internal/testenv"
)

// These tests hold the binary to issue 7: it never removes or truncates a
// file it did not create, never hangs on bad input, refuses everything
// before it runs, and ends cleanly on SIGINT and SIGTERM.

// sandboxIn runs the binary in dir and returns stdout, stderr and the exit
// status. A run still going after two minutes has hung: it is killed and
// the test fails (this bounds a broken build, it times nothing).
func sandboxIn(t *testing.T, dir string, env []string, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v did not finish: it hangs", args)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
}

// refusedIn checks the bad-input contract for a run in dir: exit 2 and one
// stderr line starting "sandbox:" naming every one of names.
func refusedIn(t *testing.T, dir string, env []string, args []string, names ...string) {
	t.Helper()
	_, stderr, code := sandboxIn(t, dir, env, args...)
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	if code != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], "sandbox: ") {
		t.Fatalf("%q: exit %d, stderr %q; want exit 2 and one line starting 'sandbox: '", args, code, stderr)
	}
	for _, n := range names {
		if !strings.Contains(lines[0], n) {
			t.Fatalf("%q: error %q does not name %q", args, lines[0], n)
		}
	}
}

// The file checks every output test makes (internal/testenv).
var (
	writeFile     = testenv.WriteFile
	wantContent   = testenv.WantContent
	noTemporaries = testenv.NoTemporaries
)

// noDisplay makes window runs fail to open a window, so that the tests
// see what is checked before the window opens.
var noDisplay = []string{"DISPLAY=", "WAYLAND_DISPLAY="}

// TestNonRegularOutputsSurvive: a device node, a FIFO or a folder as an
// output is refused before anything runs and is still there after, with the
// bad flag or not. The device node is the test's own (mknod, as root),
// never a system path.
func TestNonRegularOutputsSurvive(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{fifo, dir}
	if os.Geteuid() == 0 {
		dev := filepath.Join(dir, "full")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err != nil { // /dev/full's numbers
			t.Fatal(err)
		}
		paths = append(paths, dev)
	} else {
		t.Log("not root: the device-node case is skipped")
	}
	for _, p := range paths {
		before, _ := os.Lstat(p)
		refusedIn(t, dir, nil, []string{"-headless", "-scene", "range", "-ticks", "600", "-report", p}, "-report", p)
		refusedIn(t, dir, nil, []string{"-headless", "-ticks", "60", "-trace", p, "-hitch-seconds", "NaN"}, "-hitch-seconds")
		refusedIn(t, dir, nil, []string{"-headless", "-ticks", "60", "-trace", p}, "-trace")
		refusedIn(t, dir, noDisplay, []string{"-stats", p}, "-stats")
		after, err := os.Lstat(p)
		if err != nil || after.Mode() != before.Mode() {
			t.Fatalf("%s: %v, %v after the refusals; want it as it was (%v)", p, after, err, before.Mode())
		}
	}
}

// TestFailedRunKeepsOutputs: a run that fails (exit 1) leaves its trace
// path as it was: a file keeps its content, a symbolic link stays a link and
// its target is not truncated. A replay that differs is the one failure
// that writes its report (atomically, through the link), as its verdict
// with every body that differs (docs/record.md).
func TestFailedRunKeepsOutputs(t *testing.T) {
	dir := t.TempDir()
	// A run that fails after it has started: the replay of a recording
	// whose hash at tick 120 was tampered with. (Physics can no longer be
	// driven to a non-finite state: the loader refuses values that would.)
	rec := filepath.Join(dir, "rec.jsonl")
	if _, stderr, code := sandboxIn(t, dir, nil, "-headless", "-scene", "range", "-ticks", "180", "-record", rec); code != 0 {
		t.Fatalf("recording: exit %d, %q", code, stderr)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	tampered := regexp.MustCompile(`("tick":120,"state":")[0-9a-f]{16}`).ReplaceAll(data, []byte("${1}0123456789abcdef"))
	if bytes.Equal(tampered, data) {
		t.Fatal("no hash at tick 120 in the recording to tamper with")
	}
	writeFile(t, rec, string(tampered))
	real, link, trace := filepath.Join(dir, "real.json"), filepath.Join(dir, "link.json"), filepath.Join(dir, "t.jsonl")
	writeFile(t, real, "good report\n")
	writeFile(t, trace, "good trace\n")
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := sandboxIn(t, dir, nil, "-headless", "-replay", rec, "-report", link, "-trace", trace)
	if code != 1 || !strings.Contains(stderr, "replay differs") {
		t.Fatalf("exit %d, %q; want the run to fail (exit 1)", code, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link %s is gone or replaced: %v %v", link, fi, err)
	}
	if got := readFile(t, real); !strings.Contains(got, `"matches": false`) && !strings.Contains(got, `"matches":false`) {
		t.Fatalf("the report through the link: %.300q; want the replay's verdict", got)
	}
	wantContent(t, trace, "good trace\n")
	noTemporaries(t, dir)
}

// TestSameFileRefused: two outputs, or an output and an input, that are one
// file are refused before anything runs, and the file is untouched.
func TestSameFileRefused(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "x.json")
	writeFile(t, sc, `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1,0],"half":[1,1,1]}]}`)
	hard := filepath.Join(dir, "hard.json")
	if err := os.Link(sc, hard); err != nil {
		t.Fatal(err)
	}
	soft := filepath.Join(dir, "soft.json")
	if err := os.Symlink("x.json", soft); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, "f.json")
	cases := []struct {
		env   []string
		args  []string
		names []string
	}{
		{nil, []string{"-headless", "-ticks", "5", "-report", f, "-trace", f}, []string{"-report", "-trace"}},
		{nil, []string{"-headless", "-ticks", "5", "-report", f, "-trace", "./f.json"}, []string{"-report", "-trace"}},
		{nil, []string{"-headless", "-scene", sc, "-ticks", "5", "-report", sc}, []string{"-report", "-scene"}},
		{nil, []string{"-headless", "-scene", sc, "-ticks", "5", "-trace", hard}, []string{"-trace", "-scene"}},
		{nil, []string{"-headless", "-scene", soft, "-ticks", "5", "-report", "x.json"}, []string{"-report", "-scene"}},
		{nil, []string{"-headless", "-ticks", "5", "-report", "-", "-trace", "-"}, []string{"-report", "-trace", "standard output"}},
		{noDisplay, []string{"-scene", sc, "-stats", sc}, []string{"-stats", "-scene"}},
		{noDisplay, []string{"-scene", "x.json", "-stats", soft}, []string{"-stats", "-scene"}},
	}
	for _, c := range cases {
		refusedIn(t, dir, c.env, c.args, c.names...)
	}
	sceneText := `{"name":"x","statics":[],"bodies":[{"name":"a","center":[0,1,0],"half":[1,1,1]}]}`
	wantContent(t, sc, sceneText)
	if _, err := os.Lstat(f); err == nil {
		t.Fatalf("%s was created by a refused run", f)
	}
	noTemporaries(t, dir)
}

// TestWindowOutputsCheckedFirst: -stats and -screenshot that cannot be
// written are refused before the window opens (here: before the missing
// display is found), as -report is for -headless; so are display rates
// outside 0 or 1..1000 Hz and -frames beyond the frame limit.
func TestWindowOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "d.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	refusedIn(t, dir, noDisplay, []string{"-frames", "5", "-stats", "/no/such/dir/s.json"}, "-stats", "/no/such/dir/s.json")
	refusedIn(t, dir, noDisplay, []string{"-frames", "5", "-screenshot", "d.png"}, "-screenshot", "directory")
	refusedIn(t, dir, noDisplay, []string{"-display-hz", "1e-9"}, "-display-hz", "1..1000")
	refusedIn(t, dir, noDisplay, []string{"-display-hz", "1001"}, "-display-hz")
	refusedIn(t, dir, noDisplay, []string{"-display-hz", "NaN"}, "-display-hz")
	refusedIn(t, dir, noDisplay, []string{"-frames", "1000000000"}, "-frames")
}

// TestEveryFlagCheckedBeforeRunning: values that used to run the whole
// simulation and fail at the end (exit 1), or run for ever, are refused up
// front with exit 2, naming the flag and the range.
func TestEveryFlagCheckedBeforeRunning(t *testing.T) {
	dir := t.TempDir()
	r := filepath.Join(dir, "r.json")
	cases := [][]string{
		{"-hitch-seconds", "NaN", "-ticks", "600", "-report", r},
		{"-hitch-seconds", "Inf", "-hitch-every", "2", "-ticks", "600"},
		{"-hitch-seconds", "-1", "-ticks", "60"},
		{"-hitch-seconds", "1e-300", "-hitch-every", "1"},
		{"-display-hz", "4.9e-324", "-ticks", "60"},
		{"-display-hz", "100000", "-seconds", "1e7"},
		{"-display-hz", "100000", "-ticks", "100000000"},
	}
	for _, c := range cases {
		refusedIn(t, dir, nil, append([]string{"-headless"}, c...), c[0])
	}
	if _, err := os.Lstat(r); err == nil {
		t.Fatal("a refused run created its report")
	}
	noTemporaries(t, dir)
}

// TestSceneInputsNeverHang: a FIFO as -scene used to block for ever, a
// folder or an oversized file to be read whole; each is one line now.
func TestSceneInputsNeverHang(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "scene.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	refusedIn(t, dir, nil, []string{"-headless", "-scene", fifo, "-ticks", "5"}, fifo, "FIFO")
	refusedIn(t, dir, nil, []string{"-headless", "-scene", dir, "-ticks", "5"}, "directory")
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(scene.MaxFileBytes + 1) // sparse
	f.Close()
	refusedIn(t, dir, nil, []string{"-headless", "-scene", huge, "-ticks", "5"}, huge, "limit")
}

// TestControlCharactersEscaped: a file name holding ESC or BEL is never
// echoed raw to the terminal.
func TestControlCharactersEscaped(t *testing.T) {
	dir := t.TempDir()
	evil := filepath.Join(dir, "no\x1b[2J\adir", "r.json")
	for _, args := range [][]string{
		{"-headless", "-ticks", "5", "-report", evil},
		{"-headless", "-scene", evil, "-ticks", "5"},
		{"-\x1b[31mred"},
	} {
		_, stderr, code := sandboxIn(t, dir, nil, args...)
		if code != 2 || strings.ContainsAny(stderr, "\x1b\a") || !strings.Contains(stderr, `\x1b`) {
			t.Fatalf("%q: exit %d, stderr %q; want exit 2 and ESC and BEL escaped", args, code, stderr)
		}
	}
}

// lockedBuffer is an output of a child process that the test reads while
// the child still writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startRun starts a long headless run writing its trace into dir and returns
// once the trace has begun (its temporary file holds whole frames), so a
// signal sent then finds the run in its frame loop.
func startRun(t *testing.T, dir string, args ...string) (*exec.Cmd, *lockedBuffer, *lockedBuffer) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"-headless", "-scene", "drop", "-seconds", "1e6"}, args...)...)
	cmd.Dir = dir
	var stdout, stderr lockedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	deadline := time.Now().Add(time.Minute)
	for {
		if strings.Count(stdout.String(), "\n") > 100 {
			return cmd, &stdout, &stderr
		}
		// The temporary trace, or (as the program once did) the target itself.
		matches, _ := filepath.Glob(filepath.Join(dir, ".t.jsonl.*.tmp"))
		for _, m := range append(matches, filepath.Join(dir, "t.jsonl")) {
			if fi, err := os.Stat(m); err == nil && fi.Size() > 1<<16 {
				return cmd, &stdout, &stderr
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the run did not start writing its trace: stderr %q", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// wholeJSONLines checks that data is JSON lines, each complete.
func wholeJSONLines(t *testing.T, what string, data []byte) int {
	t.Helper()
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatalf("%s does not end at a line boundary (%d bytes)", what, len(data))
	}
	n := 0
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n++
		if !json.Valid(sc.Bytes()) {
			t.Fatalf("%s line %d is not JSON: %q", what, n, sc.Text())
		}
	}
	return n
}

// TestSignalsEndRunsCleanly sends SIGINT and SIGTERM to a child process
// writing a trace: exit 130 and 143, the previous report and trace intact,
// the cut trace kept as t.jsonl.partial (then t.jsonl.2.partial, never over
// the first) ending at a line boundary, and no temporary file left.
func TestSignalsEndRunsCleanly(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "r.json"), "good report\n")
	writeFile(t, filepath.Join(dir, "t.jsonl"), "good trace\n")
	for i, c := range []struct {
		sig     syscall.Signal
		code    int
		partial string
	}{{syscall.SIGINT, 130, "t.jsonl.partial"}, {syscall.SIGTERM, 143, "t.jsonl.2.partial"}} {
		cmd, _, stderr := startRun(t, dir, "-report", "r.json", "-trace", "t.jsonl")
		cmd.Process.Signal(c.sig)
		cmd.Wait()
		if got := cmd.ProcessState.ExitCode(); got != c.code {
			t.Fatalf("%v: exit %d (%v), stderr %q; want %d", c.sig, got, cmd.ProcessState, stderr.String(), c.code)
		}
		if line := strings.TrimRight(stderr.String(), "\n"); strings.Contains(line, "\n") || !strings.HasPrefix(line, "sandbox: interrupted") || !strings.Contains(line, c.partial) {
			t.Fatalf("%v: stderr %q; want one line naming %s", c.sig, stderr.String(), c.partial)
		}
		wantContent(t, filepath.Join(dir, "r.json"), "good report\n")
		wantContent(t, filepath.Join(dir, "t.jsonl"), "good trace\n")
		data, err := os.ReadFile(filepath.Join(dir, c.partial))
		if err != nil {
			t.Fatal(err)
		}
		if n := wholeJSONLines(t, c.partial, data); n == 0 {
			t.Fatalf("%s holds no frames", c.partial)
		}
		if i == 1 {
			if _, err := os.Stat(filepath.Join(dir, "t.jsonl.partial")); err != nil {
				t.Fatalf("the first partial trace is gone: %v", err)
			}
		}
		noTemporaries(t, dir)
	}

	// A trace on stdout is cut at a line boundary too.
	cmd, stdout, stderr := startRun(t, dir, "-trace", "-")
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if got := cmd.ProcessState.ExitCode(); got != 130 {
		t.Fatalf("-trace -: exit %d, stderr %q; want 130", got, stderr.String())
	}
	wholeJSONLines(t, "the trace on stdout", []byte(stdout.String()))
}
