//go:build cgo

package window

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
)

// The elevator scene in the window: every mover is drawn after the bodies
// in the movers' colour, teal pixels show on screen, and the lanes key (L)
// shows and hides the movers' paths. With SANDBOX_MOVERS_SHOTS=DIR the
// frames are saved there (before and after L).
func TestWindowMovers(t *testing.T) {
	inWindowScene(t, "elevator", func(a *app) error {
		a.fakeClock(1.0 / 60)
		if err := a.runFrames(90); err != nil {
			return err
		}
		w := a.world()
		nb, nm := w.NumBodies(), w.NumMovers()
		if nm != 3 || len(a.viewer.view.Dynamic) != nb+nm {
			t.Fatalf("%d instances for %d bodies and %d movers", len(a.viewer.view.Dynamic), nb, nm)
		}
		for k := 0; k < nm; k++ {
			if c := a.viewer.view.Dynamic[nb+k].Color; c != gfx.MoverColor {
				t.Errorf("mover %d drawn in %v, want the movers' colour", k, c)
			}
		}
		img := a.shot(t)
		teal := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y += 2 {
			for x := b.Min.X; x < b.Max.X; x += 2 {
				if p := pixel(img, x, y); p.g > 0.3 && p.b > 0.28 && p.r < 0.2 {
					teal++
				}
			}
		}
		if teal < 500 {
			t.Errorf("%d teal pixels, want the movers on screen", teal)
		}
		save := func(name string) {
			if dir := os.Getenv("SANDBOX_MOVERS_SHOTS"); dir != "" {
				if err := gfx.SavePNG(filepath.Join(dir, name), a.shot(t)); err != nil {
					t.Fatal(err)
				}
			}
		}
		save("window-elevator.png")
		before := a.viewer.lines.Len()
		a.onKey(glfw.KeyL, 0)
		if err := a.runFrames(1); err != nil {
			return err
		}
		if !a.viewer.view.Debug.MoverPaths || a.viewer.lines.Len() <= before {
			t.Errorf("after L: paths %v, %d lines (before %d), want the paths drawn", a.viewer.view.Debug.MoverPaths, a.viewer.lines.Len(), before)
		}
		save("window-elevator-paths.png")
		a.onKey(glfw.KeyL, 0)
		if a.viewer.view.Debug.MoverPaths {
			t.Error("L again did not hide the paths")
		}
		return nil
	})
}
