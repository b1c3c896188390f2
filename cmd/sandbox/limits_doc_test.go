package main

import (
	"os"
	"strings"
	"testing"

	"sandbox/engine/compare"
	"sandbox/engine/frametrace"
	"sandbox/engine/headless"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/engine/sweep"
)

// TestLimitsDocMatchesCode holds docs/limits.md to the constants it states:
// a limit changed in the code fails here until the page says so too.
func TestLimitsDocMatchesCode(t *testing.T) {
	data, err := os.ReadFile("../../docs/limits.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	cases := []struct {
		name      string
		got, want float64
		text      string // how the page states it
	}{
		{"scene.MaxFileBytes", scene.MaxFileBytes, 128 << 20, "128 MiB (`scene.MaxFileBytes`)"},
		{"scene.MaxStatics", scene.MaxStatics, 1_000_000, "1,000,000 statics (`scene.MaxStatics`"},
		{"session.MaxRecordLineBytes", session.MaxRecordLineBytes, 129 << 20, "at most 129 MiB (`session.MaxRecordLineBytes`"},
		{"scene.MaxBodies", scene.MaxBodies, 100_000, "100,000 bodies plus fired projectiles"},
		{"scene.MaxMovers", scene.MaxMovers, 64, "64 movers (`scene.MaxMovers`"},
		{"headless.MaxTicks", headless.MaxTicks, 1e8, "| `-ticks` | 1 .. 10^8 |"},
		{"headless.MaxFrames", headless.MaxFrames, 1e8, "| display frames (headless) | 10^8"},
		{"maxWorkers", maxWorkers, 16, "| `-workers` | 1 .. 16 |"},
		{"session.MaxRecordBytes", session.MaxRecordBytes, 256 << 20, "256 MiB (`session.MaxRecordBytes`)"},
		{"compare.MaxRates", compare.MaxRates, 16, "1 .. 16 rates"},
		{"compare.MaxTicks", compare.MaxTicks, 1e6, "| `-ticks` | 1 .. 10^6 |"},
		{"compare.MaxRecords", compare.MaxRecords, 2e7, "2 x 10^7 (`compare.MaxRecords`)"},
		{"sweep.MaxSpeed", sweep.MaxSpeed, 1e5, "> 0 and <= 10^5 m/s"},
		{"sweep.MaxSpin", sweep.MaxSpin, 1e4, "0 .. 10^4 rad/s"},
		{"sweep.MaxHz", sweep.MaxHz, 10_000, "> 0 and <= 10,000 Hz"},
		{"sweep.MaxSize", sweep.MaxSize, 2, "> 0 and <= 2 m"},
		{"sweep.MaxTrials", sweep.MaxTrials, 10_000, "1 .. 10,000 per cell"},
		{"sweep.MaxCells", sweep.MaxCells, 100_000, "| cells | 100,000"},
		{"sweep.MaxTotalTrials", sweep.MaxTotalTrials, 1e8, "| cells x trials | 10^8 |"},
		{"sweep.MaxTrialSteps", sweep.MaxTrialSteps, 10_000, "| steps per trial | 10,000"},
		{"maxTraceBytes", maxTraceBytes, 1 << 30, "| `-trace` file | 1 GiB"},
		{"frametrace.MaxTraceFrames", frametrace.MaxTraceFrames, 20_000_000, "| frames in a trace | 20,000,000 |"},
		{"frametrace.MaxTraceLineBytes", frametrace.MaxTraceLineBytes, 64 << 20, "| one line of a trace | 64 MiB |"},
		{"frametrace.MaxTraceFrameSeconds", frametrace.MaxTraceFrameSeconds, 1e7, "| `frame_seconds` | 0 .. 10^7 s"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s is %v in the code; docs/limits.md says %q (%v): update the page", c.name, c.got, c.text, c.want)
		}
		if !strings.Contains(doc, c.text) {
			t.Errorf("docs/limits.md does not state %s as %q", c.name, c.text)
		}
	}
}
