package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sandbox compare writes its folder, refuses to clobber it without -force,
// and refuses bad flags before running anything.
func TestCompareCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	stdout, stderr, code := sandbox(t, "compare", "-scene", "glider", "-rates", "60,144,240", "-ticks", "180", "-out", dir)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if n := strings.Count(stdout, "compare: "); n != 12 {
		t.Errorf("stdout has %d progress lines for 12 runs (not a terminal: one line per run):\n%s", n, stdout)
	}
	var rep struct {
		Ticks uint64 `json:"ticks"`
		Runs  []struct {
			DisplayHz float64 `json:"display_hz"`
			Interp    string  `json:"interp"`
			StateHash string  `json:"state_hash"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil || rep.Ticks != 180 || len(rep.Runs) != 12 {
		t.Fatalf("report.json: %v, ticks %d, %d runs", err, rep.Ticks, len(rep.Runs))
	}
	for _, name := range []string{"report.md", "run-144hz-lerp.csv", "run-60hz-off.csv"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, name := range []string{"x_t.png", "steps_alpha.png", "judder.png"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width < 400 {
			t.Errorf("%s: %v, %d px wide", name, err, cfg.Width)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if !strings.Contains(string(md), "## 144 Hz, lerp") || !strings.Contains(string(md), "![judder](judder.png)") {
		t.Errorf("report.md lacks the 144 Hz lerp table or the judder plot")
	}

	mine := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantUsageError(t, []string{"compare", "-scene", "glider", "-ticks", "60", "-out", dir}, "-out", "not empty")
	if _, stderr, code := sandbox(t, "compare", "-scene", "glider", "-ticks", "60", "-out", dir, "-force"); code != 0 {
		t.Fatalf("-force: exit %d, %q", code, stderr)
	}
	if b, err := os.ReadFile(mine); err != nil || string(b) != "mine" {
		t.Fatalf("-force touched a file compare did not write: %q, %v", b, err)
	}

	out := filepath.Join(t.TempDir(), "x")
	wantUsageError(t, []string{"compare", "-scene", "glider", "-rates", "60,abc", "-out", out}, "-rates", "abc")
	wantUsageError(t, []string{"compare", "-scene", "glider", "-rates", "60,-5", "-out", out}, "-rates -5")
	wantUsageError(t, []string{"compare", "-scene", "glider", "-interp", "lerp,cubic", "-out", out}, "-interp", "cubic")
	wantUsageError(t, []string{"compare", "-scene", "glider", "-body", "ghost", "-out", out}, "-body", "ghost")
	wantUsageError(t, []string{"compare", "-scene", "glider", "-seconds", "5", "-out", out}, "-seconds", "-ticks")
	wantUsageError(t, []string{"compare", "-scene", "nosuch.json", "-out", out}, "nosuch.json")
	wantUsageError(t, []string{"compare", "-scene", "glider"}, "-out")
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a refused compare created its output folder: %v", err)
	}
}

// The command: the loop experiment exits 0, in well under 30 s,
// with the loops list and the side-by-side spring plots; a bad -loops name
// is one line and exit 2 before anything runs.
func TestCompareLoops(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "loops")
	_, stderr, code := sandbox(t, "compare", "-scene", "springs", "-loops", "fixed,variable,semi-fixed", "-rates", "60,144",
		"-hitch-every", "30", "-hitch-seconds", "0.05", "-ticks", "600", "-out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Loops []struct {
			Loop             string  `json:"loop"`
			EqualAcrossRates bool    `json:"equal_across_rates"`
			FirstDivergent   *uint64 `json:"first_divergent_tick"`
			Rates            []struct {
				Deviation float64 `json:"spring_amplitude_deviation"`
			} `json:"rates"`
		} `json:"loops"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil || len(rep.Loops) != 3 {
		t.Fatalf("report.json: %v, %d loops", err, len(rep.Loops))
	}
	if l := rep.Loops[0]; l.Loop != "fixed" || !l.EqualAcrossRates || l.FirstDivergent != nil || l.Rates[0].Deviation >= 1e-9 {
		t.Errorf("fixed: %+v", l)
	}
	if l := rep.Loops[1]; l.Loop != "variable" || l.EqualAcrossRates || !(l.Rates[0].Deviation > 0.05) {
		t.Errorf("variable: %+v", l)
	}
	for _, name := range []string{"spring_fixed.png", "spring_variable.png", "spring_semi-fixed.png", "hash_divergence.png"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width < 400 {
			t.Errorf("%s: %v, %d px wide", name, err, cfg.Width)
		}
	}
	_, stderr, code = sandbox(t, "compare", "-scene", "springs", "-loops", "fixed,wobbly", "-out", filepath.Join(t.TempDir(), "bad"))
	if code != 2 || !strings.Contains(stderr, "-loops: unknown loop policy \"wobbly\"") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("bad -loops: exit %d, %q", code, stderr)
	}
}
