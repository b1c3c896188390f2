//go:build cgo

package window

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Aiming: Space fires along the view's centre (the crosshair), a left
// click in the view fires from the eye through the pointer. Both go
// through simulation.fire, which fires along a camera's view: a click
// hands it a camera at the same eye turned toward the pointer.

// fireThrough fires from the camera through the pointer at (x, y), window
// pixels; ctrl fires a thin plate.
func (a *app) fireThrough(x, y float64, ctrl bool) {
	_, dir := a.viewer.pointerRay(x, y)
	c := aimedCamera(a.viewer.cam.eye(), dir)
	a.sim.fire(&c, ctrl)
}

// pointerRay is the ray from the eye through the pointer at (x, y), window
// pixels, in the 3D view as last laid out.
func (v *viewer) pointerRay(x, y float64) (origin, dir mgl64.Vec3) {
	vw, vh := v.panel.u.SceneRect()
	return v.cam.view().Ray(x, y, int(vw), int(vh))
}

// aimedCamera is a camera at eye looking along the unit vector dir.
func aimedCamera(eye, dir mgl64.Vec3) camera {
	c := camera{yaw: math.Atan2(dir[2], dir[0]), pitch: -math.Asin(max(-1, min(1, dir[1]))), distance: 1}
	c.target = eye.Add(c.forward())
	return c
}
