//go:build cgo

package window

import (
	"os"
	"path/filepath"
	"testing"

	"sandbox/engine/gfx"
)

// A field of pillars at its home view shows lit pillars and ground: no
// pillar is hidden under a label, none is drawn black.
func TestWindowPillarsLit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "level.json")
	if err := os.WriteFile(path, []byte(levelJSON(30, 0, 6)), 0o644); err != nil {
		t.Fatal(err)
	}
	inWindowScene(t, path, func(a *app) error {
		img := a.shot(t)
		if out := os.Getenv("SANDBOX_LEVEL_SHOT"); out != "" {
			if err := gfx.SavePNG(out, img); err != nil {
				t.Fatal(err)
			}
		}
		// The top nine tenths of the view: the status line is at its foot.
		w, h := a.viewSize()
		dark, all := 0, 0
		for y := 0; y < h*9/10; y++ {
			for x := 0; x < w; x++ {
				c := pixel(img, x, y)
				all++
				if max(c.r, c.g, c.b) < 0.15 { // shadowed ground is about 0.2
					dark++
				}
			}
		}
		if dark*100 > all {
			t.Errorf("%d of the view's %d pixels are near black, want under 1%%", dark, all)
		}
		return nil
	})
}
