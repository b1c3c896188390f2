package ui

import "math"

// The window is split three ways: the panel of numbers and controls
// against the right edge, full height; the strip of live plots along the
// bottom, left of the panel; and the 3D view in what is left, top left.
// Time series read best wide, which is why the plots are a strip under the
// view rather than a stack in the panel (where at 720 px they would push
// the controls out of sight).
const (
	// PanelWidth is the panel's default width, in window (logical) pixels:
	// about 31 em of ImGui's default 13 px font, room for the widest
	// number row ("bodies 1000 (1000 awake)") and the slider labels. The
	// user may drag the panel's left edge or set the width in the Display
	// section.
	PanelWidth = 400
	// PlotsHeight is the plot strip's height in a tall enough window, in
	// window pixels.
	PlotsHeight = 200
)

// Limits that keep the 3D view at least half the window, in window pixels.
const (
	// MinPanelWidth is the narrowest the user can make the panel.
	MinPanelWidth = 240
	// maxPanelShare and maxPlotsShare are the largest parts of the window's
	// width and height the panel and the plot strip may take.
	maxPanelShare = 0.5
	maxPlotsShare = 0.3
	// minPlotsHeight: a strip shorter than this shows nothing readable and
	// is left out.
	minPlotsHeight = 100
)

// layout is where the three parts go this frame, in window pixels.
type layout struct {
	viewW, viewH float32 // the 3D view, from the top-left corner
	panelW       float32 // the panel, at the right edge; 0 = hidden
	plots        bool    // the plot strip is shown, under the view
}

// computeLayout splits a display of w x h window pixels. panelW is the
// width the user wants for the panel (0 = hidden); showPlots is the user's
// choice of the plot strip. The panel never takes more than half the
// width, nor the strip more than 30 % of the height, so the 3D view always
// keeps at least half the window's width.
func computeLayout(w, h float32, showPlots bool, panelW float32) layout {
	l := layout{viewW: w, viewH: h}
	if w <= 0 || h <= 0 {
		return layout{}
	}
	if panelW > 0 {
		l.panelW = float32(math.Floor(float64(min(max(panelW, MinPanelWidth), w*maxPanelShare))))
	}
	l.viewW = w - l.panelW
	plotsH := float32(math.Floor(float64(min(PlotsHeight, h*maxPlotsShare))))
	if showPlots && plotsH >= minPlotsHeight {
		l.plots = true
		l.viewH = h - plotsH
	}
	return l
}

// SceneViewport is the part of the framebuffer that the panel and the plot
// strip leave for the 3D view in the frame last built by Panel, in
// framebuffer pixels with OpenGL's bottom-left origin (ready for
// glViewport). Before any Panel call it is the whole framebuffer.
func (u *UI) SceneViewport() (x, y, w, h int) {
	if !u.laidOut {
		return 0, 0, u.fbWidth, u.fbHeight
	}
	w = min(int(math.Round(float64(u.layout.viewW)*u.fbScaleX)), u.fbWidth)
	h = min(int(math.Round(float64(u.layout.viewH)*u.fbScaleY)), u.fbHeight)
	return 0, u.fbHeight - h, w, h
}

// SceneRect is the 3D view's size in window pixels (its top-left corner is
// the window's), as laid out by the last Panel call.
func (u *UI) SceneRect() (w, h float32) { return u.layout.viewW, u.layout.viewH }

// SceneSize is the size of the 3D view, in window pixels, that Panel's
// layout leaves in a window of w x h window pixels with the panel at its
// default width and the plot strip shown or not: for fitting a camera to
// the view before the first frame.
func SceneSize(w, h float32, showPlots bool) (viewW, viewH float32) {
	l := computeLayout(w, h, showPlots, PanelWidth)
	return l.viewW, l.viewH
}

// InScene reports whether a mouse press at (x, y), window pixels, lands in
// the 3D view: inside the view's rectangle and on no floating window (the
// key help) or open popup of the last frame. The app decides clicks by
// this, at the press position, rather than by ImGui's capture flag of the
// last frame, which is stale when the pointer moved onto the panel and
// pressed within one event batch.
func (u *UI) InScene(x, y float64) bool {
	if !u.laidOut {
		return true
	}
	if x < 0 || y < 0 || x >= float64(u.layout.viewW) || y >= float64(u.layout.viewH) {
		return false
	}
	if u.popupOpen {
		return false
	}
	for _, r := range u.floating {
		if r.w > 0 && x >= float64(r.x) && x < float64(r.x+r.w) && y >= float64(r.y) && y < float64(r.y+r.h) {
			return false
		}
	}
	return true
}

// rect is a window's rectangle, window pixels.
type rect struct{ x, y, w, h float32 }
