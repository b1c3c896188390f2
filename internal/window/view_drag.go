//go:build cgo

package window

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/gfx"
	"sandbox/engine/physics"
)

// The mouse drag, as Box2D's, Box3D's and Jolt's sample apps have: Shift
// + left press on a body (or a plain left press, with the crosshair off)
// selects it and grabs the point under the pointer; moving the pointer while the button is held pulls that point
// toward the point under the pointer on the plane through the grabbed
// point facing the camera (its normal is the view direction at the
// press). The pull is physics' mouse joint (physics.InputDrag: a soft
// spring, force capped at 1000 N per kg), held on the session
// (Session.Hold) so that every step of every frame carries one: it is an
// input like a shot, recorded and replayed, never a write to physics
// state behind the loop's back. A click that does not move stays a plain
// selection: the drag starts once the pointer has moved
// dragStartPixels from the press. The view draws a line from the grabbed
// point to the target and a cross at the target.

// dragStartPixels is how far, in window pixels, the pointer must move
// from a grabbing press before the press becomes a drag.
const dragStartPixels = 3

// dragColor is the drag line's colour.
var dragColor = [3]float32{0.35, 1.0, 0.35}

// dragState is the drag between the press and the release.
type dragState struct {
	pressed bool // a grabbing left press went down on a body and is still held
	active  bool // the pointer has moved: pulling
	body    physics.BodyID
	local   mgl64.Vec3 // the grabbed point in the body's axes, m
	plane   mgl64.Vec3 // a point of the drag plane (the grabbed point at the press), m
	normal  mgl64.Vec3 // the drag plane's unit normal (the view direction at the press)
	pressX  float64    // where the press was, window pixels
	pressY  float64
	target  mgl64.Vec3 // where the grabbed point is pulled, m
}

// grab starts a drag on the body of w under the pointer at (x, y), the
// one selectAt just selected; it does nothing when no body is there or the
// session is locked by a replay (the recording's inputs are the only ones).
func (v *viewer) grab(w *physics.World, step float64, locked bool, x, y float64) {
	v.drag = dragState{}
	i := v.view.Selected
	if locked || i < 0 || i >= w.NumBodies() {
		return
	}
	o, d := v.pointerRay(x, y)
	b := w.Body(i)
	p := v.view.Pose(b, v.drawAlpha, step)
	t, ok := gfx.RayBox(o, d, p.Center, b.Half, p.Orientation)
	if !ok {
		return
	}
	hit := o.Add(d.Mul(t))
	v.drag = dragState{
		pressed: true, body: b.ID,
		local:  p.Orientation.Conjugate().Rotate(hit.Sub(p.Center)),
		plane:  hit,
		normal: v.cam.forward(),
		pressX: x, pressY: y,
		target: hit,
	}
}

// dragMoved is the cursor callback's part: a held press that has moved
// far enough becomes a drag.
func (v *viewer) dragMoved(x, y float64) {
	g := &v.drag
	if g.pressed && !g.active && math.Hypot(x-g.pressX, y-g.pressY) >= dragStartPixels {
		g.active = true
	}
}

// release ends the drag (the left button went up, a scene was loaded).
func (a *app) release() {
	a.viewer.drag = dragState{}
	if a.sim.sess != nil {
		a.sim.sess.Release()
	}
}

// updateDrag runs once a frame before the session advances: while the drag
// is active it aims the held input at the point under the pointer, so
// every step of this frame pulls toward it.
func (a *app) updateDrag() {
	g := &a.viewer.drag
	if !g.active {
		return
	}
	if _, ok := a.sim.world.BodyByID(g.body); !ok {
		a.release() // the body is gone (a rewind past its shot)
		return
	}
	x, y := a.shell.pointer()
	o, d := a.viewer.pointerRay(x, y)
	if den := d.Dot(g.normal); math.Abs(den) > 1e-6 {
		if t := g.plane.Sub(o).Dot(g.normal) / den; t > 0 {
			g.target = o.Add(d.Mul(t))
		}
	}
	a.sim.sess.Hold(physics.Input{Kind: physics.InputDrag, Body: g.body, Point: g.local, Target: g.target})
}

// drawDrag adds the drag line, from the grabbed point as drawn to the
// target, and a cross at the target, to the overlay (on top of the scene),
// with the body posed at alpha as the view draws it.
func (v *viewer) drawDrag(w *physics.World, step, alpha float64) {
	g := &v.drag
	if !g.active {
		return
	}
	b, ok := w.BodyByID(g.body)
	if !ok {
		return
	}
	p := v.view.Pose(b, alpha, step)
	from := p.Center.Add(p.Orientation.Rotate(g.local))
	v.overlay.Segment(from, g.target, dragColor)
	v.overlay.Cross(g.target, 0.15, dragColor)
	v.overlay.Cross(from, 0.08, dragColor)
}
