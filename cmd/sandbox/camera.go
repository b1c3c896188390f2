package main

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/gfx"
	"sandbox/engine/physics"
)

// camera is the window's view: a pivot (target) looked at from yaw/pitch at
// a distance. Orbit mode turns the view about the target (right drag); fly
// mode turns it about the eye. In both, WASD (and Q/E for down/up) move eye
// and target together, Shift four times faster, and the wheel zooms.
type camera struct {
	target     mgl64.Vec3
	yaw, pitch float64 // radians; yaw 0 looks along +x, pitch > 0 looks down
	distance   float64 // m, eye to target
	fly        bool

	home camera0 // the scene's default view, for Home
}

// camera0 is a saved view.
type camera0 struct {
	target          mgl64.Vec3
	yaw, pitch, dst float64
}

const (
	minDistance = 0.5
	maxDistance = 500
	maxPitch    = 1.55 // just short of straight down/up
)

// forward is the unit view direction.
func (c *camera) forward() mgl64.Vec3 {
	cp := math.Cos(c.pitch)
	return mgl64.Vec3{cp * math.Cos(c.yaw), -math.Sin(c.pitch), cp * math.Sin(c.yaw)}
}

// eye is the camera position.
func (c *camera) eye() mgl64.Vec3 { return c.target.Sub(c.forward().Mul(c.distance)) }

// view is the renderer's camera.
func (c *camera) view() gfx.Camera {
	return gfx.Camera{Eye: c.eye(), Target: c.target, FovY: mgl64.DegToRad(55), Near: 0.05, Far: 3000}
}

// rotate turns the view by dx, dy pixels of mouse motion.
func (c *camera) rotate(dx, dy float64) {
	const radPerPixel = 0.005
	eye := c.eye()
	c.yaw += dx * radPerPixel
	c.pitch = math.Max(-maxPitch, math.Min(maxPitch, c.pitch+dy*radPerPixel))
	if c.fly {
		// Keep the eye where it is and move the target instead.
		c.target = eye.Add(c.forward().Mul(c.distance))
	}
}

// zoom moves the eye toward (wheel up) or away from the target.
func (c *camera) zoom(steps float64) {
	c.distance = math.Max(minDistance, math.Min(maxDistance, c.distance*math.Pow(0.88, steps)))
}

// move flies eye and target by dt seconds of motion along the view
// (forward, right, up are -1, 0 or 1), fast when Shift is held.
func (c *camera) move(forward, right, up float64, fast bool, dt float64) {
	if forward == 0 && right == 0 && up == 0 {
		return
	}
	speed := 6 + 0.6*c.distance // m/s: quicker when zoomed out
	if fast {
		speed *= 4
	}
	f := c.forward()
	r := f.Cross(mgl64.Vec3{0, 1, 0})
	if r.Len() < 1e-6 {
		r = mgl64.Vec3{1, 0, 0}
	}
	r = r.Normalize()
	d := f.Mul(forward).Add(r.Mul(right)).Add(mgl64.Vec3{0, up, 0})
	c.target = c.target.Add(d.Mul(speed * dt))
}

// reset returns to the scene's default view.
func (c *camera) reset() {
	c.target, c.yaw, c.pitch, c.distance = c.home.target, c.home.yaw, c.home.pitch, c.home.dst
}

// frameWorld picks a default view for a world: looking at the middle of
// the bodies and the slabs that are not the ground, from behind-left and
// above, far enough to see them all.
func (c *camera) frameWorld(w *physics.World) {
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	grow := func(a, b mgl64.Vec3) {
		for k := 0; k < 3; k++ {
			lo[k] = math.Min(lo[k], a[k])
			hi[k] = math.Max(hi[k], b[k])
		}
	}
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		grow(b.Curr.Center.Sub(b.Half), b.Curr.Center.Add(b.Half))
	}
	ground := gfx.GroundIndex(w)
	for i := 0; i < w.NumStatics(); i++ {
		if i == ground { // not what we look at
			continue
		}
		s := w.Static(i)
		grow(s.Min, s.Max)
	}
	if lo[0] > hi[0] {
		lo, hi = mgl64.Vec3{-5, 0, -5}, mgl64.Vec3{5, 2, 5}
	}
	center := lo.Add(hi).Mul(0.5)
	radius := math.Max(hi.Sub(lo).Len()*0.5, 2)
	center[1] = math.Max(lo[1], 0) + math.Min(hi[1]-math.Max(lo[1], 0), 4)*0.3
	c.home = camera0{target: center, yaw: -0.5, pitch: 0.5, dst: math.Min(radius*1.2+4, maxDistance)}
	c.fly = false
	c.reset()
}
