package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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

// What a replay cannot honour is refused before anything runs, naming the
// file and the line (exit 2): an input the scene cannot apply, and an end
// beyond the limit of ticks (which used to name a -ticks flag not given).
// A replay that differs with -report writes the report with every body
// that differs.
func TestReplayRefusalsNameTheLine(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "teleport", "-ticks", "300", "-record", rec); code != 0 {
		t.Fatalf("record: exit %d %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(readFile(t, rec), "\n"), "\n")
	with := func(name string, i int, line string, replace bool) string {
		out := append([]string(nil), lines[:i]...)
		out = append(out, line)
		if replace {
			i++
		}
		out = append(out, lines[i:]...)
		path := filepath.Join(dir, name)
		writeFile(t, path, strings.Join(out, "\n")+"\n")
		return path
	}
	teleport := with("teleport.jsonl", 2, `{"t":"input","tick":70,"input":{"kind":"teleport","body":999999,"center":[0,2,0]}}`, false)
	wantUsageError(t, []string{"-headless", "-replay", teleport}, teleport+":3:", "teleport of body 999999")
	end := lines[len(lines)-1]
	far := with("far.jsonl", len(lines)-1, strings.Replace(end, `"tick":300,`, `"tick":9007199254740992,`, 1), true)
	wantUsageError(t, []string{"-headless", "-replay", far}, far+":"+strconv.Itoa(len(lines))+":", "limit of 100000000 ticks")

	bad := filepath.Join(dir, "bad.jsonl")
	writeFile(t, bad, strings.Replace(strings.Join(lines, "\n")+"\n", `"gravity":[0,-9.81,0]`, `"gravity":[0,-9.8,0]`, 1))
	report := filepath.Join(dir, "report.json")
	_, stderr, code := sandbox(t, "-headless", "-replay", bad, "-report", report)
	if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "-report "+report+" lists every body") {
		t.Fatalf("replay that differs: exit %d, stderr %q; want exit 1 and one line pointing at the report", code, stderr)
	}
	var rep struct {
		Replay struct {
			Matches bool     `json:"matches"`
			Differs []string `json:"differs"`
		} `json:"replay"`
	}
	if err := json.Unmarshal([]byte(readFile(t, report)), &rep); err != nil || rep.Replay.Matches || len(rep.Replay.Differs) == 0 {
		t.Fatalf("report of a replay that differs: %v %+v", err, rep)
	}
}

// SIGINT during a headless replay ends it as any run: exit 130 and the
// trace so far kept as TRACE.partial (it used to exit 1, "replay stopped
// at tick ... before the recording's end", with no partial trace).
func TestReplayInterrupted(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "drop", "-ticks", "60", "-record", rec); code != 0 {
		t.Fatalf("record: exit %d %s", code, stderr)
	}
	head := strings.SplitAfter(readFile(t, rec), "\n")[0]
	long := filepath.Join(dir, "long.jsonl")
	writeFile(t, long, head+`{"t":"end","tick":90000000,"state":"0000000000000000"}`+"\n")
	cmd := exec.Command(binary, "-headless", "-replay", long, "-trace", "t.jsonl")
	cmd.Dir = dir
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		matches, _ := filepath.Glob(filepath.Join(dir, ".t.jsonl.*.tmp"))
		if len(matches) > 0 {
			if fi, err := os.Stat(matches[0]); err == nil && fi.Size() > 1<<16 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replay did not start writing its trace: %q", stderr.String())
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(stderr.String(), "t.jsonl.partial") {
		t.Fatalf("replay interrupted: exit %d, stderr %q; want 130 and the partial trace named", code, stderr.String())
	}
	if n := wholeJSONLines(t, "t.jsonl.partial", []byte(readFile(t, filepath.Join(dir, "t.jsonl.partial")))); n == 0 {
		t.Fatal("the partial trace holds no frames")
	}
	noTemporaries(t, dir)
}

// A headless run of the variable loop with hitches records each step's dt
// and replays headless on other displays with every hash equal; -replay
// with a -loop of its own is refused.
func TestVariableLoopRecordingReplays(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "v.jsonl")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "springs", "-loop", "variable", "-display-hz", "90",
		"-jitter", "0.3", "-hitch-every", "20", "-hitch-seconds", "0.05", "-ticks", "300", "-record", rec); code != 0 {
		t.Fatalf("recording the variable loop: exit %d: %s", code, stderr)
	}
	if !strings.Contains(readFile(t, rec), `"kind":"dt"`) {
		t.Fatal("the recording of the variable loop holds no step's dt")
	}
	for _, hz := range []string{"60", "144"} {
		stdout, stderr, code := sandbox(t, "-headless", "-replay", rec, "-display-hz", hz)
		if code != 0 || !strings.Contains(stdout, "equal to the recording") {
			t.Fatalf("replay at %s Hz: exit %d, %q %q", hz, code, stdout, stderr)
		}
	}
	if _, stderr, code := sandbox(t, "-headless", "-replay", rec, "-loop", "variable"); code != 2 || !strings.Contains(stderr, "-replay with -loop variable") {
		t.Fatalf("-replay with -loop: exit %d, %q; want 2 and one line", code, stderr)
	}
}
