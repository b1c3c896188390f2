// Package ui is the sandbox's Dear ImGui + ImPlot panel (through cimgui-go's
// core imgui and implot packages), drawn by its own OpenGL 4.1 core
// renderer into the app's own GLFW window and fed the app's own input.
//
// It deliberately does not use cimgui-go's GLFW backend, which wants to own
// the window and the frame loop: the app keeps its window, callbacks and
// loop, and forwards events to the UI methods below. One frame:
//
//	u.NewFrame(frameSeconds) // display size, cursor, focus, delta time
//	u.Panel(&state)          // build the panel; read back the user's changes
//	u.Render()               // draw onto the current framebuffer, after the 3D pass
//
// Everything runs on the main OS thread, with the window's GL context
// current.
package ui

import (
	"errors"
	"fmt"
	"math"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/AllenDang/cimgui-go/implot"
	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// UI owns the ImGui and ImPlot contexts and the panel renderer for one
// window.
type UI struct {
	win     *glfw.Window
	io      *imgui.IO
	plotCtx *implot.Context
	r       *renderer
	cursors *cursors // the pointer shapes ImGui asks for (the resize arrow on the panel's edge)

	// ImGui's combo boxes edit an int32 through a pointer that cgo keeps:
	// a local would escape to the heap every frame, these fields do not.
	rateCombo, interpCombo int32

	displaySize imgui.Vec2 // window pixels, this frame
	fbWidth     int        // framebuffer pixels, this frame
	fbHeight    int
	fbScaleX    float64 // framebuffer pixels per window pixel, this frame
	fbScaleY    float64
	layout      layout // where the panel, plots and view went in the last Panel
	// floating are the rectangles of windows over the view in the last
	// frame (the key help), and popupOpen whether a popup was open: a
	// press there is not a click in the scene.
	floating  [1]rect
	popupOpen bool
	// windowPadding and itemSpacing are the style's, read once.
	windowPadding, itemSpacing imgui.Vec2
	laidOut                    bool // Panel has run at least once
	poll                       windowPoll
	cursorX                    float64 // window coordinates, this frame
	cursorY                    float64
	focused                    bool
	line                       line
	status                     status // the view's status line (status.go)
	inFrame                    bool
}

// active is the UI currently alive: ImGui has one global context, so only
// one UI may exist at a time.
var active *UI

// New creates the ImGui and ImPlot contexts and the GL objects of the panel
// for win, whose OpenGL 4.1 core context must be current on this (the
// main) thread. Only one UI may be alive at a time.
func New(win *glfw.Window) (*UI, error) {
	if win == nil {
		return nil, errors.New("ui: New: nil window")
	}
	if active != nil {
		return nil, errors.New("ui: New: a UI already exists (Delete it first)")
	}
	// go-gl's function table is global; loading it again for the current
	// context is harmless and makes the package usable on its own.
	if err := gl.Init(); err != nil {
		return nil, fmt.Errorf("ui: OpenGL init: %w", err)
	}

	imgui.CreateContext()
	plotCtx := implot.CreateContext() // after ImGui's: ImPlot hooks into it
	io := imgui.CurrentIO()
	// No imgui.ini: the panel's layout is fixed, and a file appearing in
	// whatever directory the app runs from would surprise users and tests.
	io.SetIniFilename("")
	io.SetBackendFlags(io.BackendFlags() | imgui.BackendFlagsRendererHasVtxOffset | imgui.BackendFlagsRendererHasTextures |
		imgui.BackendFlagsHasMouseCursors)
	imgui.StyleColorsDark()

	r, err := newRenderer()
	if err != nil {
		implot.DestroyContext()
		imgui.DestroyContext()
		return nil, err
	}
	style := imgui.CurrentStyle()
	u := &UI{win: win, io: io, plotCtx: plotCtx, r: r, line: newLine(), focused: true, cursors: newCursors(),
		windowPadding: style.WindowPadding(), itemSpacing: style.ItemSpacing()}
	active = u
	return u, nil
}

// Delete frees the panel's GL objects (textures included) and destroys the
// ImPlot context, then ImGui's. The window's context must be current.
func (u *UI) Delete() {
	if u == nil || u.r == nil {
		return
	}
	if u.inFrame {
		imgui.EndFrame()
		u.inFrame = false
	}
	u.r.Delete()
	u.r = nil
	u.cursors.destroy(u.win)
	u.cursors = nil
	implot.DestroyContext() // ImPlot's first: it lives inside ImGui's
	imgui.DestroyContext()
	if active == u {
		active = nil
	}
}

// NewFrame starts a UI frame: it reads the window and framebuffer sizes,
// the cursor and the focus from the window, and tells ImGui that
// frameSeconds have passed since the last frame (values that are not
// positive and finite are replaced by a tiny step, because ImGui requires a
// positive delta).
func (u *UI) NewFrame(frameSeconds float64) {
	if u.inFrame {
		imgui.EndFrame() // a frame that was never rendered
	}
	w, h, fw, fh, cx, cy := u.pollWindow()
	u.cursorX, u.cursorY = cx, cy
	u.displaySize = imgui.Vec2{X: float32(w), Y: float32(h)}
	u.io.SetDisplaySize(u.displaySize)
	u.fbWidth, u.fbHeight, u.fbScaleX, u.fbScaleY = fw, fh, 1, 1
	if w > 0 && h > 0 {
		u.fbScaleX, u.fbScaleY = float64(fw)/float64(w), float64(fh)/float64(h)
		u.io.SetDisplayFramebufferScale(imgui.Vec2{X: float32(fw) / float32(w), Y: float32(fh) / float32(h)})
	}
	dt := frameSeconds
	if !(dt > 1e-6) || math.IsInf(dt, 1) {
		dt = 1e-6
	}
	u.io.SetDeltaTime(float32(dt))
	u.pollPointer()
	imgui.NewFrame()
	u.inFrame = true
}

// Render finishes the frame and draws the UI onto the currently bound
// framebuffer (call it after the 3D pass, before swapping buffers). GL
// state it changes is restored.
func (u *UI) Render() {
	if !u.inFrame {
		return
	}
	imgui.Render()
	u.inFrame = false
	u.cursors.update(u.win)
	if dd := currentDrawData(); dd != nil && dd.Valid {
		u.r.render(dd)
	}
}
