package headless

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestRunawayOptionsRefused: runs that would take for ever, and display
// values outside their documented ranges, are refused by Validate before
// anything runs, naming the flag.
func TestRunawayOptionsRefused(t *testing.T) {
	sc := mustScene(t, "drop")
	bad := []struct {
		o    Options
		flag string
	}{
		{Options{Scene: sc, Display: DisplayDef{Hz: 100000}, Seconds: 1e7}, "-seconds"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, HitchEvery: 1, HitchSeconds: 1e-300}, Seconds: 10}, "-hitch-seconds"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 100000}, Ticks: MaxTicks}, "-ticks"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60}, Seconds: MaxSeconds}, "-seconds"}, // 6*10^8 frames
		{Options{Scene: sc, Display: DisplayDef{Hz: 4.9e-324}, Ticks: 5}, "-display-hz"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 0.01}, Ticks: 5}, "-display-hz"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, HitchSeconds: math.NaN()}, Ticks: 5}, "-hitch-seconds"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, HitchSeconds: math.Inf(1)}, Ticks: 5}, "-hitch-seconds"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, HitchSeconds: -1}, Ticks: 5}, "-hitch-seconds"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, HitchEvery: 5, HitchSeconds: 1e6}, Ticks: 5}, "-hitch-seconds"},
	}
	for _, c := range bad {
		err := c.o.Validate()
		if err == nil || !strings.Contains(err.Error(), c.flag) {
			t.Errorf("%+v, ticks %d, seconds %v: error %v, want one naming %s", c.o.Display, c.o.Ticks, c.o.Seconds, err, c.flag)
		}
	}
	good := []Options{
		{Scene: sc, Display: DisplayDef{Hz: 60}, Ticks: MaxTicks},
		{Scene: sc, Display: DisplayDef{Hz: 60}, Seconds: 1e6},
		{Scene: sc, Display: DisplayDef{Hz: MaxDisplayHz}, Seconds: 100},
		{Scene: sc, Display: DisplayDef{Hz: MinDisplayHz, HitchEvery: 1, HitchSeconds: MaxHitchSeconds}, Ticks: MaxTicks},
		{Scene: sc, Display: DisplayDef{Hz: 60, HitchEvery: 2, HitchSeconds: MinHitchSeconds}, Seconds: 1000},
	}
	for _, o := range good {
		if err := o.Validate(); err != nil {
			t.Errorf("%+v, ticks %d, seconds %v refused: %v", o.Display, o.Ticks, o.Seconds, err)
		}
	}
}

// TestInterruptedEndsAtAFrameBoundary: the hook ends the run between
// frames, with the report so far and a trace of whole lines only.
func TestInterruptedEndsAtAFrameBoundary(t *testing.T) {
	var trace bytes.Buffer
	calls := 0
	rep, err := Run(Options{Scene: mustScene(t, "drop"), Display: DisplayDef{Hz: 144}, Seconds: 10, Trace: &trace,
		Interrupted: func() bool { calls++; return calls > 37 }})
	if !errors.Is(err, ErrInterrupted) || rep == nil {
		t.Fatalf("Run = %v, %v; want a report and ErrInterrupted", rep, err)
	}
	if rep.Frames != 37 {
		t.Fatalf("interrupted before frame 38: report has %d frames", rep.Frames)
	}
	lines := strings.Split(strings.TrimSuffix(trace.String(), "\n"), "\n")
	if len(lines) != 37 || !strings.HasSuffix(trace.String(), "\n") {
		t.Fatalf("trace has %d lines (ends in newline: %v), want 37 whole lines", len(lines), strings.HasSuffix(trace.String(), "\n"))
	}
	for i, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Fatalf("trace line %d is not JSON: %q", i+1, l)
		}
	}
}
