//go:build cgo

package window

import "sandbox/engine/ui"

// Picking: Shift + left click selects the body under the pointer, as drawn
// this frame (so does a plain left click on a body with the crosshair
// off); the panel shows its state and the view outlines it. Moving the
// pointer with the button held drags the body (view_drag.go).

// selectAt selects the body under the pointer at (x, y), window pixels, or
// clears the selection when there is none.
func (a *app) selectAt(x, y float64) { a.viewer.view.Selected = a.bodyAt(x, y) }

// bodyAt is the creation index of the body under the pointer at (x, y),
// as drawn this frame, or -1.
func (a *app) bodyAt(x, y float64) int {
	o, d := a.viewer.pointerRay(x, y)
	return a.viewer.view.Pick(a.sim.world, a.viewer.drawAlpha, a.sim.lp.Config().StepSeconds, o, d)
}

// bodyInfo fills the panel's view of the selected body; false when none
// is selected (or it no longer exists).
func (a *app) bodyInfo(b *ui.BodyInfo) bool {
	i := a.viewer.view.Selected
	w := a.sim.world
	if i < 0 || i >= w.NumBodies() {
		return false
	}
	v := w.Body(i)
	q := v.Curr.Orientation
	*b = ui.BodyInfo{
		Name:            v.Name,
		Center:          v.Curr.Center,
		Orientation:     [4]float64{q.W, q.V[0], q.V[1], q.V[2]},
		Velocity:        v.Velocity,
		AngularVelocity: v.AngularVelocity,
		Mass:            v.Mass,
		Contacts:        a.viewer.view.Contacts(i),
		Sleeping:        v.Sleeping,
		Bullet:          v.Bullet,
	}
	return true
}
