package ui

import (
	"fmt"
	"testing"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Real clicks (the cursor warped, press and release forwarded as the
// app's callbacks do) on the physics rate slider and on the impulses
// toggle change the panel state: the slider to where it was clicked, up
// its log scale from the 60 Hz it showed, the toggle on.
func TestPhysicsRateAndImpulsesClicks(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		s.Events = nil // the list would push the sections below the window
		rects := map[string][2]imgui.Vec2{}
		itemHook = func(name string) { rects[name] = [2]imgui.Vec2{imgui.ItemRectMin(), imgui.ItemRectMax()} }
		defer func() { itemHook = nil }()
		frame(u, &s, 1.0/60)
		frame(u, &s, 1.0/60)
		click := func(name string, fx float32) error {
			r, ok := rects[name]
			// Sections above it (the loop's, the events') may push it below
			// the window: scroll the panel down until it shows.
			for i := 0; ok && r[1].Y > testH && i < 10; i++ {
				win.SetCursorPos(float64(r[0].X), testH/2)
				glfw.PollEvents()
				u.Scroll(0, -3)
				frame(u, &s, 1.0/60)
				frame(u, &s, 1.0/60)
				r = rects[name]
			}
			if !ok || r[1].Y > testH || r[1].X <= r[0].X {
				return fmt.Errorf("%q not found in the window (%v)", name, r)
			}
			win.SetCursorPos(float64(r[0].X+fx*(r[1].X-r[0].X)), float64(r[0].Y+r[1].Y)/2)
			glfw.PollEvents()
			frame(u, &s, 1.0/60)
			u.MouseButton(glfw.MouseButtonLeft, glfw.Press)
			frame(u, &s, 1.0/60)
			u.MouseButton(glfw.MouseButtonLeft, glfw.Release)
			frame(u, &s, 1.0/60)
			return nil
		}
		if s.PhysicsHz != 60 || s.Substeps != 4 || s.Impulses {
			return fmt.Errorf("defaults: %d Hz, %d substeps, impulses %v", s.PhysicsHz, s.Substeps, s.Impulses)
		}
		// The item's rect holds the label too: halfway along it is most
		// of the way along the slider's frame.
		if err := click("physics rate", 0.5); err != nil {
			return err
		}
		if s.PhysicsHz <= 120 || s.PhysicsHz > MaxPhysicsHz {
			return fmt.Errorf("a click most of the way along the rate slider set %d Hz, want well above 60 on its log scale", s.PhysicsHz)
		}
		// The debug section is below the window: scroll the panel down.
		r := rects["physics rate"]
		win.SetCursorPos(float64(r[0].X), float64(r[0].Y))
		glfw.PollEvents()
		u.Scroll(0, -20)
		frame(u, &s, 1.0/60)
		frame(u, &s, 1.0/60)
		if err := click("impulses", 0.1); err != nil {
			return err
		}
		win.SetCursorPos(5, 5)
		glfw.PollEvents()
		if !s.Impulses {
			return fmt.Errorf("a click on the impulses toggle left it off")
		}
		return glErr("physics controls")
	})
}
