//go:build cgo

package window

import (
	"image"
	"path/filepath"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// flaggedPixels counts pixels of the caught-teleport tint
// (gfx.FlaggedColor, a magenta no scene object, sky or panel has), however
// the light shades it: red and blue over twice the green (the plots'
// pink legend, 218,139,195, is not).
func flaggedPixels(img *image.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			r, g, bl := int(c.R), int(c.G), int(c.B)
			if r > 100 && bl > 100 && r > 2*g && bl > 2*g {
				n++
			}
		}
	}
	return n
}

// The window marks a body the teleport detector caught from the session's
// Frame.Undeclared: the teleport scene's declared teleports, judged with
// their flags ignored, are undeclared jumps; the glider is drawn in the
// caught tint for two seconds after each and counted in -stats. With the
// flags honoured (the run every user gets), nothing is caught or tinted.
func TestWindowMarksUndeclaredTeleport(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("teleport")
	if err != nil {
		t.Fatal(err)
	}
	for _, ignore := range []bool{true, false} {
		dir := t.TempDir()
		shot, stats := filepath.Join(dir, "t.png"), filepath.Join(dir, "t.json")
		var marked bool
		// 22 frames of 3 steps: tick 66, 6 ticks after the first teleport.
		err := Run(Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, FireAtFrame: -1,
			Frames: 22, Screenshot: shot, Stats: stats,
			frameSeconds: 3.0 / 60, ignoreTeleportFlags: ignore,
			onExit: func(a *app) error {
				marked = a.viewer.view.Flagged(0, a.simTime())
				return nil
			}})
		if err != nil {
			t.Fatalf("flags ignored %v: %v", ignore, err)
		}
		s := readStats(t, stats)
		px := flaggedPixels(readPNG(t, shot))
		t.Logf("flags ignored %v: undeclared_jumps %d, teleports %d, marked %v, %d tinted pixels", ignore, s.UndeclaredJumps, s.Teleports, marked, px)
		if s.Teleports != 1 {
			t.Fatalf("flags ignored %v: %d teleports by tick %d; want the one at tick 60", ignore, s.Teleports, s.Ticks)
		}
		if ignore {
			if s.UndeclaredJumps != 1 || s.TeleportsDetected != 1 || s.Bodies[0].TeleportFlags != 1 || !marked || px < 50 {
				t.Fatalf("flags ignored: undeclared_jumps %d (teleports_detected %d, glider %d), marked %v, %d tinted pixels; want 1, marked and tinted",
					s.UndeclaredJumps, s.TeleportsDetected, s.Bodies[0].TeleportFlags, marked, px)
			}
		} else if s.UndeclaredJumps != 0 || marked || px != 0 {
			t.Fatalf("flags honoured: undeclared_jumps %d, marked %v, %d tinted pixels; want none", s.UndeclaredJumps, marked, px)
		}
	}
}
