package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// CGO_ENABLED=0 builds a headless-only binary: headless runs, replays and
// compare work, and a window run is refused in one line naming the cgo
// build (exit 2).
func TestHeadlessOnlyBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program a second time; not in -short")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "sandbox-nocgo")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go build: %v\n%s", err, out)
	}
	run := func(args ...string) (string, string, int) {
		c := exec.Command(bin, args...)
		var o, e strings.Builder
		c.Stdout, c.Stderr = &o, &e
		err := c.Run()
		code := 0
		if x, ok := err.(*exec.ExitError); ok {
			code = x.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}
	rec := filepath.Join(dir, "r.jsonl")
	if out, errOut, code := run("-headless", "-scene", "teleport", "-ticks", "120", "-record", rec); code != 0 || !strings.Contains(out, "120 ticks") {
		t.Fatalf("-headless: exit %d %q %q", code, out, errOut)
	}
	if out, errOut, code := run("-headless", "-replay", rec, "-display-hz", "144"); code != 0 || !strings.Contains(out, "equal to the recording") {
		t.Fatalf("-headless -replay: exit %d %q %q", code, out, errOut)
	}
	if out, errOut, code := run("compare", "-scene", "glider", "-ticks", "60", "-rates", "60,144", "-interp", "lerp", "-out", filepath.Join(dir, "c")); code != 0 {
		t.Fatalf("compare: exit %d %q %q", code, out, errOut)
	}
	_, errOut, code := run("-scene", "drop", "-frames", "1")
	if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "the window needs the cgo build") {
		t.Fatalf("window run in the headless-only build: exit %d, stderr %q", code, errOut)
	}
}
