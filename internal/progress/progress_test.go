package progress

import (
	"strings"
	"sync"
	"testing"
)

// Off a terminal the reporter writes one line per tenth, in order, even when
// items finish on several goroutines and in uneven batches.
func TestLinesPerTenth(t *testing.T) {
	var b strings.Builder
	r := New(&b, 37, "cells")
	var wg sync.WaitGroup
	for i := 0; i < 37; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); r.Add(1) }()
	}
	wg.Wait()
	r.Finish()
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 10 {
		t.Fatalf("%d lines, want 10:\n%s", len(lines), b.String())
	}
	for i, l := range lines {
		want := []string{"10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%"}[i]
		if !strings.HasPrefix(l, want+":") {
			t.Errorf("line %d %q, want it to start %q", i, l, want)
		}
	}
	if !strings.Contains(lines[9], "37 of 37 cells") {
		t.Errorf("last line %q", lines[9])
	}

	b.Reset()
	r = New(&b, 1, "runs")
	r.Add(1) // one batch past every tenth is one line, not ten
	if got := b.String(); strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "100%: 1 of 1 runs") {
		t.Errorf("one batch wrote %q, want one 100%% line", got)
	}
}
