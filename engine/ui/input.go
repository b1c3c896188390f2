package ui

import (
	"math"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Input: the app keeps its own GLFW callbacks and forwards events here;
// the UI never installs callbacks of its own (they would replace the
// app's, since GLFW holds one callback per kind). The cursor position,
// hover and focus are polled once a frame in NewFrame instead, so the app
// need not forward them.
//
// ImGui queues every event and applies them in order at the next
// NewFrame, so calling these between frames (from glfw.PollEvents) is the
// intended use.

// MouseButton forwards a mouse button press or release (GLFW's
// MouseButtonCallback). Repeats are ignored.
func (u *UI) MouseButton(b glfw.MouseButton, action glfw.Action) {
	if b < glfw.MouseButton1 || b > glfw.MouseButton5 || action == glfw.Repeat {
		return
	}
	u.updateModifiers()
	// The pointer's position at the press first: ImGui applies queued
	// events in order, and the position polled in NewFrame would come
	// after the press, so a click just after the pointer moved would land
	// where the pointer was a frame ago.
	if u.win.GetInputMode(glfw.CursorMode) != glfw.CursorDisabled {
		x, y := u.win.GetCursorPos()
		u.io.AddMousePosEvent(float32(x), float32(y))
	}
	u.io.AddMouseButtonEvent(int32(b), action == glfw.Press)
}

// Scroll forwards a wheel or trackpad scroll (GLFW's ScrollCallback), in
// GLFW's units: one notch is 1.
func (u *UI) Scroll(dx, dy float64) {
	u.io.AddMouseWheelEvent(float32(dx), float32(dy))
}

// Key forwards a key press, repeat or release (GLFW's KeyCallback). Keys
// ImGui does not know are ignored.
func (u *UI) Key(k glfw.Key, action glfw.Action, mods glfw.ModifierKey) {
	if action != glfw.Press && action != glfw.Release {
		return // ImGui makes its own repeats from the held state
	}
	u.updateModifiers()
	if ik := imguiKey(k); ik != imgui.KeyNone {
		u.io.AddKeyEvent(ik, action == glfw.Press)
	}
}

// Char forwards a typed character (GLFW's CharCallback), for text fields.
func (u *UI) Char(r rune) {
	if r > 0 && r <= 0x10FFFF {
		u.io.AddInputCharacter(uint32(r))
	}
}

// WantCaptureMouse reports whether the mouse is over (or dragging) the
// panel, so the app should not orbit, zoom or fire with this click.
func (u *UI) WantCaptureMouse() bool { return u.io.WantCaptureMouse() }

// WantCaptureKeyboard reports whether a panel widget has keyboard focus,
// so the app should not treat keys as its shortcuts.
func (u *UI) WantCaptureKeyboard() bool { return u.io.WantCaptureKeyboard() }

// updateModifiers reads Ctrl, Shift, Alt and Super from the window rather
// than from a callback's mods, which on X11 do not yet include a modifier
// key's own press (the same fix cimgui's GLFW backend makes).
func (u *UI) updateModifiers() {
	w := u.win
	u.io.AddKeyEvent(imgui.ModCtrl, w.GetKey(glfw.KeyLeftControl) == glfw.Press || w.GetKey(glfw.KeyRightControl) == glfw.Press)
	u.io.AddKeyEvent(imgui.ModShift, w.GetKey(glfw.KeyLeftShift) == glfw.Press || w.GetKey(glfw.KeyRightShift) == glfw.Press)
	u.io.AddKeyEvent(imgui.ModAlt, w.GetKey(glfw.KeyLeftAlt) == glfw.Press || w.GetKey(glfw.KeyRightAlt) == glfw.Press)
	u.io.AddKeyEvent(imgui.ModSuper, w.GetKey(glfw.KeyLeftSuper) == glfw.Press || w.GetKey(glfw.KeyRightSuper) == glfw.Press)
}

// pollPointer feeds focus changes and the cursor position. With the
// cursor disabled (fly camera) or outside an unfocused window there is no
// meaningful position, so ImGui is told "no mouse" and the panel does not
// react to a pointer it cannot see.
func (u *UI) pollPointer() {
	focused := u.win.GetAttrib(glfw.Focused) == glfw.True
	if focused != u.focused {
		u.io.AddFocusEvent(focused)
		u.focused = focused
	}
	hovered := u.win.GetAttrib(glfw.Hovered) == glfw.True
	disabled := u.win.GetInputMode(glfw.CursorMode) == glfw.CursorDisabled
	if disabled || !(focused || hovered) {
		u.io.AddMousePosEvent(-math.MaxFloat32, -math.MaxFloat32)
		return
	}
	u.io.AddMousePosEvent(float32(u.cursorX), float32(u.cursorY))
}

// imguiKey maps a GLFW key to ImGui's key, or KeyNone. A switch over
// ranges, not a map, so that lookups never allocate or hash.
func imguiKey(k glfw.Key) imgui.Key {
	switch {
	case k >= glfw.KeyA && k <= glfw.KeyZ:
		return imgui.KeyA + imgui.Key(k-glfw.KeyA)
	case k >= glfw.Key0 && k <= glfw.Key9:
		return imgui.Key0 + imgui.Key(k-glfw.Key0)
	case k >= glfw.KeyF1 && k <= glfw.KeyF24:
		return imgui.KeyF1 + imgui.Key(k-glfw.KeyF1)
	case k >= glfw.KeyKP0 && k <= glfw.KeyKP9:
		return imgui.KeyKeypad0 + imgui.Key(k-glfw.KeyKP0)
	}
	switch k {
	case glfw.KeyTab:
		return imgui.KeyTab
	case glfw.KeyLeft:
		return imgui.KeyLeftArrow
	case glfw.KeyRight:
		return imgui.KeyRightArrow
	case glfw.KeyUp:
		return imgui.KeyUpArrow
	case glfw.KeyDown:
		return imgui.KeyDownArrow
	case glfw.KeyPageUp:
		return imgui.KeyPageUp
	case glfw.KeyPageDown:
		return imgui.KeyPageDown
	case glfw.KeyHome:
		return imgui.KeyHome
	case glfw.KeyEnd:
		return imgui.KeyEnd
	case glfw.KeyInsert:
		return imgui.KeyInsert
	case glfw.KeyDelete:
		return imgui.KeyDelete
	case glfw.KeyBackspace:
		return imgui.KeyBackspace
	case glfw.KeySpace:
		return imgui.KeySpace
	case glfw.KeyEnter:
		return imgui.KeyEnter
	case glfw.KeyEscape:
		return imgui.KeyEscape
	case glfw.KeyApostrophe:
		return imgui.KeyApostrophe
	case glfw.KeyComma:
		return imgui.KeyComma
	case glfw.KeyMinus:
		return imgui.KeyMinus
	case glfw.KeyPeriod:
		return imgui.KeyPeriod
	case glfw.KeySlash:
		return imgui.KeySlash
	case glfw.KeySemicolon:
		return imgui.KeySemicolon
	case glfw.KeyEqual:
		return imgui.KeyEqual
	case glfw.KeyLeftBracket:
		return imgui.KeyLeftBracket
	case glfw.KeyBackslash:
		return imgui.KeyBackslash
	case glfw.KeyRightBracket:
		return imgui.KeyRightBracket
	case glfw.KeyGraveAccent:
		return imgui.KeyGraveAccent
	case glfw.KeyCapsLock:
		return imgui.KeyCapsLock
	case glfw.KeyScrollLock:
		return imgui.KeyScrollLock
	case glfw.KeyNumLock:
		return imgui.KeyNumLock
	case glfw.KeyPrintScreen:
		return imgui.KeyPrintScreen
	case glfw.KeyPause:
		return imgui.KeyPause
	case glfw.KeyKPDecimal:
		return imgui.KeyKeypadDecimal
	case glfw.KeyKPDivide:
		return imgui.KeyKeypadDivide
	case glfw.KeyKPMultiply:
		return imgui.KeyKeypadMultiply
	case glfw.KeyKPSubtract:
		return imgui.KeyKeypadSubtract
	case glfw.KeyKPAdd:
		return imgui.KeyKeypadAdd
	case glfw.KeyKPEnter:
		return imgui.KeyKeypadEnter
	case glfw.KeyKPEqual:
		return imgui.KeyKeypadEqual
	case glfw.KeyLeftShift:
		return imgui.KeyLeftShift
	case glfw.KeyLeftControl:
		return imgui.KeyLeftCtrl
	case glfw.KeyLeftAlt:
		return imgui.KeyLeftAlt
	case glfw.KeyLeftSuper:
		return imgui.KeyLeftSuper
	case glfw.KeyRightShift:
		return imgui.KeyRightShift
	case glfw.KeyRightControl:
		return imgui.KeyRightCtrl
	case glfw.KeyRightAlt:
		return imgui.KeyRightAlt
	case glfw.KeyRightSuper:
		return imgui.KeyRightSuper
	case glfw.KeyMenu:
		return imgui.KeyMenu
	}
	return imgui.KeyNone
}
