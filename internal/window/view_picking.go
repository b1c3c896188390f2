//go:build cgo

package window

import (
	"sandbox/engine/physics"
	"sandbox/engine/ui"
)

// Picking: Shift + left click selects the body under the pointer, as drawn
// this frame (so does a plain left click on a body with the crosshair
// off); the panel shows its state and the view outlines it. Moving the
// pointer with the button held drags the body (view_drag.go).

// selectAt selects the body under the pointer at (x, y), window pixels, or
// clears the selection when there is none.
func (v *viewer) selectAt(w *physics.World, step, x, y float64) {
	v.view.Selected = v.bodyAt(w, step, x, y)
}

// bodyAt is the creation index of the body under the pointer at (x, y),
// as drawn this frame, or -1.
func (v *viewer) bodyAt(w *physics.World, step, x, y float64) int {
	o, d := v.pointerRay(x, y)
	return v.view.Pick(w, v.drawAlpha, step, o, d)
}

// bodyInfo fills the panel's view of the selected body; false when none
// is selected (or it no longer exists).
func (v *viewer) bodyInfo(w *physics.World, b *ui.BodyInfo) bool {
	i := v.view.Selected
	if i < 0 || i >= w.NumBodies() {
		return false
	}
	bd := w.Body(i)
	q := bd.Curr.Orientation
	*b = ui.BodyInfo{
		Name:            bd.Name,
		Center:          bd.Curr.Center,
		Orientation:     [4]float64{q.W, q.V[0], q.V[1], q.V[2]},
		Velocity:        bd.Velocity,
		AngularVelocity: bd.AngularVelocity,
		Mass:            bd.Mass,
		Contacts:        v.view.Contacts(i),
		Sleeping:        bd.Sleeping,
		Bullet:          bd.Bullet,
	}
	return true
}
