//go:build cgo

package window

import (
	"time"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/ui"
)

// viewer is what the window shows and how the user points at it: the
// renderer and the world's view, the camera, selection and drag, the
// range's lanes, the event list, the view's message and the panel bound to
// all of it. It draws whatever world it is handed.
type viewer struct {
	r       *gfx.Renderer
	panel   *panel // the Dear ImGui panel
	view    *gfx.WorldView
	lines   gfx.LineBatch
	overlay gfx.LineBatch
	frame   gfx.Frame

	cam  camera
	drag dragState // Shift + left drag on a body (view_drag.go)

	// drawAlpha is the blend the frame is drawn at: the loop's alpha, or
	// the step's end after a single step while paused (hold), so that N
	// shows the new state.
	drawAlpha float64
	hold      interp.StepHold

	lanes rangeLanes // the scene's range lanes and wall labels
	lane  int        // the lane the camera was put in, -1 for none
	// events is the panel's list of the newest physics events (view_events.go),
	// eventNote the panel's line on the last click in it that could not
	// do everything ("" = it did).
	events    ui.EventLog
	eventNote string

	toastUntil int64 // frame clock ns until which the view's message shows
}

// toastSeconds is how long a message stays over the view, s of wall time.
const toastSeconds = 2

// showToast shows msg over the view for toastSeconds from nowNs.
func (v *viewer) showToast(msg string, nowNs int64) {
	v.panel.st.Toast = msg
	v.toastUntil = nowNs + int64(toastSeconds*time.Second)
}
