//go:build cgo

package window

import (
	"os"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
)

// Shift + press on a crate and a move with the button held drags it: the
// session holds a drag input on that crate, every step pulls the grabbed
// point toward the point under the pointer, and after a second the crate
// has risen toward it and the grabbed point is near the target; the view
// draws the green drag line. A Shift + click that does not move only
// selects (no input), and the release ends the drag.
//
// SANDBOX_DRAG_SHOT=FILE.png saves the frame with the drag line, 0.1 s
// into the drag.
func TestWindowDragBody(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		id, ok := a.world().FindBody("crate-3")
		if !ok {
			t.Fatal("no crate-3")
		}
		i := id.Index()
		vw, vh := a.viewSize()
		start := a.world().Body(i).Curr.Center
		x, y, ok := a.viewer.cam.view().Project(start, vw, vh)
		if !ok {
			t.Fatal("crate-3 is not in the default view")
		}
		// A click without a move: selected, nothing held.
		a.moveCursor(x, y)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, glfw.ModShift)
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, glfw.ModShift)
		if err := a.runFrames(2); err != nil {
			return err
		}
		if _, held := a.sim.sess.Held(); a.viewer.view.Selected != i || held || a.viewer.drag.active {
			t.Fatalf("Shift + click: selected %d (want %d), held %v, dragging %v", a.viewer.view.Selected, i, held, a.viewer.drag.active)
		}
		if b := a.world().Body(i); b.Curr.Center.Sub(start).Len() > 1e-3 {
			t.Fatalf("a Shift + click moved crate-3 by %.4f m", b.Curr.Center.Sub(start).Len())
		}

		// Press, then move up in a few steps with the button held.
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Press, glfw.ModShift)
		for k := 1; k <= 6; k++ {
			a.moveCursor(x, y-float64(20*k))
			if err := a.runFrames(1); err != nil {
				return err
			}
		}
		in, held := a.sim.sess.Held()
		if !held || !a.viewer.drag.active || in.Body != id {
			t.Fatalf("dragging: held %v (%+v), active %v", held, in, a.viewer.drag.active)
		}
		target := a.viewer.drag.target
		d0 := a.world().Body(i).Curr.Center.Add(a.world().Body(i).Curr.Orientation.Rotate(a.viewer.drag.local)).Sub(target).Len()
		// Mid-drag, while the point is still on its way: the line is long.
		img := a.shot(t)
		green := 0
		for yy := 0; yy < vh; yy++ {
			for xx := 0; xx < vw; xx++ {
				if p := pixel(img, xx, yy); p.g > 0.9 && p.r > 0.25 && p.r < 0.5 && p.b > 0.25 && p.b < 0.5 {
					green++
				}
			}
		}
		if green < 5 {
			t.Errorf("%d drag-line pixels in the view, want the line drawn", green)
		}
		if path := os.Getenv("SANDBOX_DRAG_SHOT"); path != "" {
			if err := gfx.SavePNG(path, img); err != nil {
				return err
			}
		}
		if err := a.runFrames(60); err != nil {
			return err
		}
		b := a.world().Body(i)
		grabbed := b.Curr.Center.Add(b.Curr.Orientation.Rotate(a.viewer.drag.local))
		d1 := grabbed.Sub(target).Len()
		t.Logf("target %.2f m above the crate's start; grabbed point %.2f m from it after 0.1 s, %.3f m 1 s later", target[1]-start[1], d0, d1)
		if target[1]-start[1] < 0.5 {
			t.Fatalf("moving the pointer 120 px up put the target only %.2f m above the crate", target[1]-start[1])
		}
		if d1 > 0.1 || b.Curr.Center[1] < start[1]+0.5 {
			t.Errorf("after 1 s of drag the grabbed point is %.3f m from the target, centre rose %.2f m", d1, b.Curr.Center[1]-start[1])
		}
		a.onMouseButton(glfw.MouseButtonLeft, glfw.Release, glfw.ModShift)
		if _, held := a.sim.sess.Held(); held || a.viewer.drag.active {
			t.Errorf("after the release: held %v, dragging %v", held, a.viewer.drag.active)
		}
		return nil
	})
}
