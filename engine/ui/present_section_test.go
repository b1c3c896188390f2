package ui

import (
	"testing"

	"sandbox/engine/frames"
)

// The present lines say what was asked for (the pacer's rate, the
// monitor's under vsync, or nothing) beside what was measured, and the
// latency line says when no input has been shown yet.
func TestPresentLines(t *testing.T) {
	l := newLine()
	paced := PresentState{Requested: 144, Present: frames.PresentSummary{Intervals: 1023, MeasuredHz: 143.94, TargetHz: 144,
		DeviationP50Ms: 0.041, DeviationP99Ms: 0.612, Missed: 2},
		Latency: frames.LatencySummary{Inputs: 30, Count: 12, Last: 23.44, P50: 21, P99: 35.2, Max: 40.06}, InFlight: 1}
	vsync := PresentState{VSync: true, Present: frames.PresentSummary{MeasuredHz: 59.9, TargetHz: 60}}
	free := PresentState{Present: frames.PresentSummary{MeasuredHz: 812}, InFlight: 2}
	unknown := PresentState{VSync: true, Present: frames.PresentSummary{MeasuredHz: 551.6}}
	one := PresentState{Latency: frames.LatencySummary{Inputs: 1, Count: 1, Last: 20.2, P50: 20.2, P99: 20.2, Max: 20.2}}
	for _, c := range []struct {
		line func(*line, *PresentState) *line
		p    *PresentState
		want string
	}{
		{presentRateLine, &paced, "presents 143.9 Hz, asked 144 Hz (pacer, vsync off)"},
		{presentJitterLine, &paced, "deviation p50 0.04 ms, p99 0.61 ms"},
		{missedLine, &paced, "missed slots 2 of 1023 intervals"},
		{latencyLine, &paced, "input latency last 23.4 ms, p50 21.0, p99 35.2, max 40.1 (12 inputs; 1 waiting)"},
		{presentRateLine, &vsync, "presents 59.9 Hz, asked 60 Hz (monitor, vsync on)"},
		{presentRateLine, &free, "presents 812.0 Hz, asked none (uncapped, vsync off)"},
		{latencyLine, &free, "input latency - (no input shown yet; 2 waiting)"},
		{presentRateLine, &unknown, "presents 551.6 Hz, asked the monitor's rate, unknown (vsync on)"},
		{latencyLine, &one, "input latency last 20.2 ms, p50 20.2, p99 20.2, max 20.2 (1 input)"},
	} {
		if got := c.line(&l, c.p).str(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}
