package ui

import "math"

// The window is split three ways: the panel of numbers and controls
// against the right edge, full height; the strip of live plots along the
// bottom, left of the panel; and the 3D view in what is left, top left.
// Time series read best wide, which is why the plots are a strip under the
// view rather than a stack in the panel (where at 720 px they would push
// the controls out of sight).
const (
	// PanelWidth is the width of the panel, in window (logical) pixels.
	PanelWidth = 380
	// PlotsHeight is the height of the plot strip, in window pixels.
	PlotsHeight = 200
)

// Below these the window is too small to split: the panel is drawn over
// the view (which then takes the whole window) and the plot strip is left
// out, in window pixels.
const (
	minViewWidth  = 320
	minViewHeight = 240
)

// layout is where the three parts go this frame, in window pixels.
type layout struct {
	viewW, viewH float32 // the 3D view, from the top-left corner
	plots        bool    // the plot strip is shown, under the view
}

// computeLayout splits a display of w x h window pixels; showPlots is the
// user's choice of the plot strip.
func computeLayout(w, h float32, showPlots bool) layout {
	l := layout{viewW: w, viewH: h}
	if w-PanelWidth < minViewWidth {
		return l // too narrow: the panel covers the view
	}
	l.viewW = w - PanelWidth
	if showPlots && h-PlotsHeight >= minViewHeight {
		l.plots = true
		l.viewH = h - PlotsHeight
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

// SceneSize is the size of the 3D view, in window pixels, that Panel's
// layout leaves in a window of w x h window pixels with the plot strip
// shown or not: for fitting a camera to the view before the first frame.
func SceneSize(w, h float32, showPlots bool) (viewW, viewH float32) {
	l := computeLayout(w, h, showPlots)
	return l.viewW, l.viewH
}
