package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// duelRecording is the README's rollback example recording.
const duelRecording = "../../examples/duel.jsonl"

func readRollbackReport(t *testing.T, path string) rollbackReport {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r rollbackReport
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRollbackREADMEExample: the README's command exits 0 with rollbacks
// and the recording's final hash.
func TestRollbackREADMEExample(t *testing.T) {
	rep := filepath.Join(t.TempDir(), "R.json")
	stdout, stderr, code := sandbox(t, "rollback", "-replay", duelRecording, "-delay", "8", "-jitter-ticks", "3", "-report", rep)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := readRollbackReport(t, rep)
	if r.Rollbacks == 0 || r.ResimulatedTicks < r.Rollbacks || r.MaxResimulatedPerFrame > 11 || r.StateHash != r.ExpectedHash ||
		r.CheckedHashes != 8 || r.SnapshotBytesPerTick <= 0 || r.SnapshotBytesPerBody <= 0 || r.InputsP2 == 0 {
		t.Fatalf("report %+v", r)
	}
	// The recording's own end line holds the hash the report must give.
	data, _ := os.ReadFile(duelRecording)
	if !strings.Contains(string(data), `{"t":"end","tick":480,"state":"`+r.StateHash+`"`) {
		t.Fatalf("state hash %s is not the recording's end hash", r.StateHash)
	}
	if !strings.Contains(stdout, "equal to the recording's") {
		t.Fatalf("stdout %q", stdout)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "sandbox rollback -replay examples/duel.jsonl -delay 8 -jitter-ticks 3 -report R.json") {
		t.Error("README.md does not show the rollback example")
	}
}

// TestRollbackSceneEqualsPlainRun: a scene's events as two players end
// with the plain headless run's hash.
func TestRollbackSceneEqualsPlainRun(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.json")
	if _, stderr, code := sandbox(t, "-headless", "-scene", "range", "-ticks", "300", "-report", plain); code != 0 {
		t.Fatalf("headless: exit %d: %s", code, stderr)
	}
	var p struct {
		StateHash string `json:"state_hash"`
	}
	b, _ := os.ReadFile(plain)
	if err := json.Unmarshal(b, &p); err != nil || p.StateHash == "" {
		t.Fatalf("headless report: %v %s", err, b)
	}
	rep := filepath.Join(dir, "R.json")
	if _, stderr, code := sandbox(t, "rollback", "-scene", "range", "-ticks", "300", "-delay", "4", "-jitter-ticks", "2", "-report", rep); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := readRollbackReport(t, rep)
	if r.StateHash != p.StateHash || r.Rollbacks == 0 {
		t.Fatalf("rollback hash %s with %d rollbacks, headless %s", r.StateHash, r.Rollbacks, p.StateHash)
	}
}

// TestRollbackMismatchExit1: a recording whose hash at tick 240 was changed
// fails with exit 1 naming the tick, and writes no report.
func TestRollbackMismatchExit1(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(duelRecording)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, `{"t":"hash","tick":240,"state":"`) {
			k := len(`{"t":"hash","tick":240,"state":"`)
			c := byte('0')
			if l[k] == '0' {
				c = '1'
			}
			lines[i] = l[:k] + string(c) + l[k+1:]
		}
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := filepath.Join(dir, "R.json")
	_, stderr, code := sandbox(t, "rollback", "-replay", bad, "-delay", "8", "-jitter-ticks", "3", "-report", rep)
	if code != 1 || !strings.Contains(stderr, "at tick 240") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Fatalf("exit %d, stderr %q: want exit 1 naming tick 240 on one line", code, stderr)
	}
	if _, err := os.Stat(rep); !os.IsNotExist(err) {
		t.Fatalf("a report was written: %v", err)
	}
}

// TestRollbackBadFlags: each bad command line is one line naming the flag,
// exit 2, and nothing written.
func TestRollbackBadFlags(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "R.json")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-delay", "8", "-report", rep}, "-replay FILE or -scene"},
		{[]string{"-replay", duelRecording, "-report", rep}, "-delay: required"},
		{[]string{"-replay", duelRecording, "-delay", "-1", "-report", rep}, "-delay -1"},
		{[]string{"-replay", duelRecording, "-delay", "50", "-jitter-ticks", "20", "-report", rep}, "-jitter-ticks 20"},
		{[]string{"-scene", "range", "-delay", "2", "-report", rep}, "-ticks 0"},
		{[]string{"-scene", "range", "-ticks", "9", "-replay", duelRecording, "-delay", "2", "-report", rep}, "both given"},
		{[]string{"-scene", "range", "-ticks", "9", "-delay", "2", "-remote", "half", "-report", rep}, "-remote half applies to -replay"},
		{[]string{"-replay", duelRecording, "-delay", "2", "-remote", "all", "-report", rep}, `-remote "all"`},
		{[]string{"-replay", duelRecording, "-delay", "2", "-remote", "half", "-report", rep}, "player 2's inputs already"},
		{[]string{"-replay", duelRecording, "-delay", "2"}, "-report: required"},
		{[]string{"-replay", duelRecording, "-delay", "2", "-report", duelRecording}, "same file"},
		{[]string{"-replay", filepath.Join(dir, "none.jsonl"), "-delay", "2", "-report", rep}, "none.jsonl"},
	}
	for _, c := range cases {
		_, stderr, code := sandbox(t, append([]string{"rollback"}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(rep); !os.IsNotExist(err) {
		t.Fatalf("a report was written: %v", err)
	}
}

// TestRollbackRemoteHalf: a one-player recording split with -remote half
// rolls back and still ends with the recording's hash.
func TestRollbackRemoteHalf(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(duelRecording)
	if err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(dir, "one.jsonl")
	if err := os.WriteFile(one, []byte(strings.ReplaceAll(string(data), `"player":2,`, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := filepath.Join(dir, "R.json")
	if _, stderr, code := sandbox(t, "rollback", "-replay", one, "-delay", "6", "-jitter-ticks", "2", "-report", rep); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	} else if r := readRollbackReport(t, rep); r.Rollbacks != 0 || r.InputsP2 != 0 {
		t.Fatalf("one player, no -remote: %+v; want no remote inputs, no rollbacks", r)
	}
	if _, stderr, code := sandbox(t, "rollback", "-replay", one, "-delay", "6", "-jitter-ticks", "2", "-remote", "half", "-report", rep); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := readRollbackReport(t, rep)
	if r.Remote != "half" || r.InputsP2 == 0 || r.InputsP1 == 0 || r.Rollbacks == 0 || r.StateHash != r.ExpectedHash {
		t.Fatalf("-remote half: %+v", r)
	}
}
