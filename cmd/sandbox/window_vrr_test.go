//go:build cgo

package main

import (
	"path/filepath"
	"testing"
)

// -display vrr:48-144 in a window: vsync off, the pacer at 144 Hz, and the
// presents never faster than 144 Hz (each at least 1/144 s after the last
// one's swap: the pacer's test holds it frame by frame).
func TestWindowVRRDisplay(t *testing.T) {
	needDisplay(t)
	stats := filepath.Join(t.TempDir(), "s.json")
	if _, stderr, code := sandbox(t, "-scene", "glider", "-display", "vrr:48-144", "-frames", "120", "-window-size", "320x200",
		"-stats", stats); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	s := readStats(t, stats)
	if s.TargetHz != 144 || s.VSync {
		t.Fatalf("stats: target %v Hz, vsync %v; want 144 and off", s.TargetHz, s.VSync)
	}
	if !(s.DisplayHzMeasured > 0 && s.DisplayHzMeasured <= 144) {
		t.Errorf("presents at %v Hz, want at most 144", s.DisplayHzMeasured)
	}
	t.Logf("presents at %.1f Hz, mean frame %.2f ms, p99 %.2f ms", s.DisplayHzMeasured, 1000*s.MeanFrameSeconds, 1000*s.P99FrameSeconds)
}
