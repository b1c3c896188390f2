package main

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// -movers: step by default, per-frame when asked, anything else refused
// in one line naming the flag; per-frame with -record or -replay refused
// (such a run cannot be replayed); compare takes it too.
func TestMoversFlag(t *testing.T) {
	o, err := parseFlags([]string{"-headless", "-scene", "elevator"})
	if err != nil || o.moversPerFrame {
		t.Fatalf("default: %+v, %v", o, err)
	}
	if o, err = parseFlags([]string{"-headless", "-scene", "elevator", "-movers", "per-frame"}); err != nil || !o.moversPerFrame {
		t.Fatalf("per-frame: %v, %v", o != nil && o.moversPerFrame, err)
	}
	for _, args := range [][]string{
		{"-headless", "-movers", "frame"},
		{"-headless", "-movers", "per-frame", "-record", "r.jsonl"},
		{"-movers", "per-frame", "-replay", "r.jsonl"},
	} {
		_, err := parseFlags(args)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "-movers") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want one usage line naming -movers", args, err)
		}
	}
	c, err := parseCompareFlags([]string{"-scene", "elevator", "-movers", "per-frame", "-out", t.TempDir()}, io.Discard)
	if err != nil || !c.cfg.MoversPerFrame {
		t.Fatalf("compare -movers per-frame: %v", err)
	}
	if _, err := parseCompareFlags([]string{"-scene", "elevator", "-movers", "x", "-out", t.TempDir()}, io.Discard); err == nil || !strings.Contains(err.Error(), "-movers") {
		t.Errorf("compare -movers x: %v", err)
	}
}
