//go:build cgo

package window

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// The split view redraws each half only on its own cadence and holds it in
// between: with the left half at 15 Hz and the right at 60 Hz and frames of
// 1/60 s, the spinning cube's left image changes every fourth frame and
// the right one every frame.
func TestWindowSplitViewCadence(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("spinner")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var leftChanges, rightChanges int
	o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 2, FireAtFrame: -1,
		Width: 960, Height: 600, frameSeconds: 1.0 / 60,
		onExit: func(a *app) error {
			a.o.Frames = 0
			if a.viewer.frame.View.W >= a.shell.fbWidth {
				t.Fatalf("the panel is not beside the view (view %+v in %d px): the halves would include it", a.viewer.frame.View, a.shell.fbWidth)
			}
			a.onKey(glfw.KeyX, 0)
			if !a.split.On || a.split.LeftHz != 60 || a.split.RightHz != 144 {
				t.Errorf("X: split %v at %v | %v Hz, want on at 60 | 144", a.split.On, a.split.LeftHz, a.split.RightHz)
			}
			a.split.LeftHz, a.split.RightHz = 15, 60
			var prev [2][]byte
			for i := 0; i < 13; i++ {
				path := filepath.Join(dir, fmt.Sprintf("split-%d.png", i))
				a.shell.screenshotPending = path
				if err := a.frameOnce(); err != nil {
					return err
				}
				a.shell.shots.wait() // screenshots are written on a goroutine
				for {
					// Taken, so that no "saved FILE" message covers the halves.
					if _, ok := a.shell.shots.poll(); !ok {
						break
					}
				}
				img := readPNG(t, path)
				for h := 0; h < 2; h++ {
					v := a.split.halves[h].vp
					// Below the label, which shows the live judder figure.
					const label = 28
					cur := halfPixels(img, v.X, img.Bounds().Dy()-(v.Y+v.H)+label, v.W, v.H-label)
					if i >= 1 && !bytes.Equal(cur, prev[h]) {
						if h == 0 {
							leftChanges++
						} else {
							rightChanges++
						}
					}
					prev[h] = cur
				}
			}
			if os.Getenv("SANDBOX_SPLIT_PNG") != "" {
				data, _ := os.ReadFile(filepath.Join(dir, "split.png"))
				os.WriteFile(os.Getenv("SANDBOX_SPLIT_PNG"), data, 0o644)
			}
			a.onKey(glfw.KeyX, 0)
			return a.frameOnce()
		}}
	if err := Run(o); err != nil {
		t.Fatal(err)
	}
	// 12 transitions: the 15 Hz half redraws at frames 4, 8 and 12, the
	// 60 Hz half at every one.
	if leftChanges != 3 || rightChanges < 11 {
		t.Fatalf("over 12 frames the 15 Hz half changed %d times (want 3), the 60 Hz half %d (want 12)", leftChanges, rightChanges)
	}
}

// halfPixels copies the w x h rectangle at (x, y) (top-left origin) of img.
func halfPixels(img *image.RGBA, x, y, w, h int) []byte {
	out := make([]byte, 0, w*h*4)
	for r := y; r < y+h; r++ {
		o := img.PixOffset(x, r)
		out = append(out, img.Pix[o:o+w*4]...)
	}
	return out
}
