package ui

import (
	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// cursors are GLFW's standard cursors for ImGui's mouse cursor shapes.
// With them the pointer shows a resize arrow on the panel's draggable left
// edge and an I-beam over text fields; the shapes GLFW 3.3 lacks
// (diagonal resize, not allowed) show the arrow.
type cursors struct {
	shapes  [imgui.MouseCursorCOUNT]*glfw.Cursor
	current imgui.MouseCursor
}

// newCursors creates the cursors (GLFW must be initialised).
func newCursors() *cursors {
	c := &cursors{current: imgui.MouseCursorArrow}
	for shape, std := range map[imgui.MouseCursor]glfw.StandardCursor{
		imgui.MouseCursorArrow:     glfw.ArrowCursor,
		imgui.MouseCursorTextInput: glfw.IBeamCursor,
		imgui.MouseCursorResizeNS:  glfw.VResizeCursor,
		imgui.MouseCursorResizeEW:  glfw.HResizeCursor,
		imgui.MouseCursorHand:      glfw.HandCursor,
		imgui.MouseCursorResizeAll: glfw.CrosshairCursor,
	} {
		c.shapes[shape] = glfw.CreateStandardCursor(std)
	}
	return c
}

// update shows the shape ImGui asks for this frame, when it changed.
func (c *cursors) update(win *glfw.Window) {
	want := imgui.CurrentMouseCursor()
	if want == c.current || win.GetInputMode(glfw.CursorMode) == glfw.CursorDisabled {
		return
	}
	c.current = want
	var cur *glfw.Cursor
	if want >= 0 && int(want) < len(c.shapes) {
		cur = c.shapes[want]
	}
	win.SetCursor(cur) // nil: the default arrow
}

// destroy frees the cursors.
func (c *cursors) destroy(win *glfw.Window) {
	if c == nil {
		return
	}
	win.SetCursor(nil)
	for i, cur := range c.shapes {
		if cur != nil {
			cur.Destroy()
			c.shapes[i] = nil
		}
	}
}
