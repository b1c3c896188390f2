//go:build cgo

package window

import (
	"os"
	"path/filepath"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// TestWindowInterruptWritesNothing: a window run ended by a signal (the
// Interrupted hook, asked once a frame) stops before the next frame and
// leaves -stats and -screenshot as they were; the same run not interrupted
// writes both.
func TestWindowInterruptWritesNothing(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("drop")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	stats, shot := filepath.Join(dir, "s.json"), filepath.Join(dir, "s.png")
	writeFile(t, stats, "good stats\n")
	frames := 0
	o := Options{Scene: sc, CCD: true, Interp: interp.Lerp, Frames: 10, FireAtFrame: -1, Width: 320, Height: 240,
		Stats: stats, Screenshot: shot,
		Interrupted: func() bool { frames++; return frames > 4 },
		onExit:      func(a *app) error { frames = a.shell.frameIndex; return nil }}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	if frames != 4 {
		t.Fatalf("interrupted before frame 5: %d frames drawn", frames)
	}
	wantContent(t, stats, "good stats\n")
	if _, err := os.Stat(shot); err == nil {
		t.Fatal("an interrupted run wrote its last-frame screenshot")
	}
	noTemporaries(t, dir)

	o.Interrupted = func() bool { return false }
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	if got := readStats(t, stats); got.Frames != 10 {
		t.Fatalf("-stats frames %d, want 10", got.Frames)
	}
	if _, err := os.Stat(shot); err != nil {
		t.Fatal(err)
	}
	noTemporaries(t, dir)
}
