package ui

import (
	"sandbox/engine/gfx"

	"fmt"
	"math"
	"testing"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/glfw/v3.3/glfw"
)

func TestImguiKeyMapping(t *testing.T) {
	cases := map[glfw.Key]imgui.Key{
		glfw.KeyA: imgui.KeyA, glfw.KeyZ: imgui.KeyZ, glfw.KeyW: imgui.KeyW,
		glfw.Key0: imgui.Key0, glfw.Key9: imgui.Key9,
		glfw.KeyF1: imgui.KeyF1, glfw.KeyF11: imgui.KeyF11, glfw.KeyF12: imgui.KeyF12,
		glfw.KeyKP0: imgui.KeyKeypad0, glfw.KeyKP9: imgui.KeyKeypad9,
		glfw.KeyEscape: imgui.KeyEscape, glfw.KeySpace: imgui.KeySpace, glfw.KeyHome: imgui.KeyHome,
		glfw.KeyLeftBracket: imgui.KeyLeftBracket, glfw.KeyRightBracket: imgui.KeyRightBracket,
		glfw.KeyLeftControl: imgui.KeyLeftCtrl, glfw.KeyRightShift: imgui.KeyRightShift,
		glfw.KeyBackspace: imgui.KeyBackspace, glfw.KeyEnter: imgui.KeyEnter, glfw.KeyKPEnter: imgui.KeyKeypadEnter,
		glfw.KeyUnknown: imgui.KeyNone, glfw.KeyWorld1: imgui.KeyNone,
	}
	for k, want := range cases {
		if got := imguiKey(k); got != want {
			t.Errorf("imguiKey(%d) = %d, want %d", k, got, want)
		}
	}
}

// Keys and characters forwarded as the app's callbacks would reach ImGui:
// a held key is down in the next frame, released after its release.
func TestKeyEventsReachImGui(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s := DefaultPanelState()
		u.Key(glfw.KeyP, glfw.Press, 0)
		frame(u, &s, 1.0/60)
		if !imgui.IsKeyDown(imgui.KeyP) {
			return fmt.Errorf("P not down after a forwarded press")
		}
		u.Key(glfw.KeyP, glfw.Release, 0)
		u.Char('x')
		u.Scroll(0, 1)
		frame(u, &s, 1.0/60)
		if imgui.IsKeyDown(imgui.KeyP) {
			return fmt.Errorf("P still down after a forwarded release")
		}
		return glErr("keys")
	})
}

// One UI at a time; Delete is idempotent and also ends a frame that was
// started but never rendered; a new UI can follow.
func TestLifecycle(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		if _, err := New(win); err == nil {
			return fmt.Errorf("second New while one UI is alive succeeded")
		}
		if _, err := New(nil); err == nil {
			return fmt.Errorf("New(nil) succeeded")
		}
		u.NewFrame(1.0 / 60) // left open on purpose
		u.Delete()
		u.Delete()
		if gfx.LiveObjects() != 0 {
			return fmt.Errorf("LiveObjects %d after Delete", gfx.LiveObjects())
		}
		v, err := New(win)
		if err != nil {
			return fmt.Errorf("New after Delete: %v", err)
		}
		s := DefaultPanelState()
		frame(v, &s, 0)          // a zero frame time is replaced, not passed on
		frame(v, &s, math.NaN()) // so is NaN
		v.Delete()
		return glErr("lifecycle")
	})
}
