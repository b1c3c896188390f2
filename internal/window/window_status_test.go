//go:build cgo

package window

import (
	"os"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
)

// The window says its state at a glance, panel hidden or not: a status
// line along the bottom of the 3D view with CCD (OFF in red), the
// interpolation mode, the target and measured display rates, the physics
// rate, and PAUSED. (CCD used to be said only in the panel, below the fold
// at 1280 x 720, and nowhere with the panel hidden.)
func TestWindowStatusLineWithPanelHidden(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		a.onKey(glfw.KeyF2, 0) // hide the panel
		a.onKey(glfw.KeyC, 0)  // CCD off
		a.onKey(glfw.KeyP, 0)  // pause
		if err := a.runFrames(3); err != nil {
			return err
		}
		img := a.shot(t)
		if out := os.Getenv("SANDBOX_STATUS_PNG"); out != "" {
			if err := gfx.SavePNG(out, img); err != nil {
				t.Fatal(err)
			}
		}
		vw, vh := a.viewSize()
		if vw != a.shell.fbWidth {
			t.Fatalf("F2: the view is %d px wide in a %d px window; want the panel hidden", vw, a.shell.fbWidth)
		}
		// Along the bottom: light text on a dark strip, some of it red.
		var light, red int
		for y := vh - 20; y < vh; y++ {
			for x := 0; x < vw/2; x++ {
				switch p := pixel(img, x, y); {
				case p.r > 0.75 && p.g > 0.75 && p.b > 0.75:
					light++
				case p.r > 0.8 && p.g < 0.5 && p.b < 0.45:
					red++
				}
			}
		}
		if light < 150 || red < 20 {
			t.Errorf("bottom of the view: %d light and %d red text pixels; want a status line saying CCD OFF in red", light, red)
		}
		line := a.viewer.panel.u.StatusLine()
		for _, want := range []string{"CCD OFF", "interp " + a.viewer.view.Mode.String(), "display ", "physics 60 Hz", "PAUSED"} {
			if !strings.Contains(line, want) {
				t.Errorf("status line %q does not say %q", line, want)
			}
		}
		a.onKey(glfw.KeyC, 0)
		a.onKey(glfw.KeyP, 0)
		if err := a.runFrames(2); err != nil {
			return err
		}
		if line := a.viewer.panel.u.StatusLine(); !strings.Contains(line, "CCD on") || strings.Contains(line, "PAUSED") {
			t.Errorf("CCD on and running: status line %q", line)
		}
		return nil
	})
}
