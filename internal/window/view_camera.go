//go:build cgo

package window

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/ccd"
	"sandbox/engine/gfx"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
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

	home   camera0      // the scene's default view, for Home
	points []mgl64.Vec3 // what the default view shows: corners of bodies and walls, m
	// homeAspect is the view shape (width / height) home was fitted to.
	homeAspect float64
	midY       float64 // m, the height the default view's target is at
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
	return gfx.Camera{Eye: c.eye(), Target: c.target, FovY: mgl64.DegToRad(homeFovY), Near: 0.05, Far: 3000}
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

// atHome reports whether the camera is still at its default view (the
// user has not moved it since).
func (c *camera) atHome() bool {
	h := &c.home
	return !c.fly && c.target == h.target && c.yaw == h.yaw && c.pitch == h.pitch && c.distance == h.dst
}

// keepFitted refits the default view to a view of the given aspect when
// the camera is still at it and the view's shape has changed (a resize,
// fullscreen, the plot strip switched): what the user has not moved
// follows the window.
func (c *camera) keepFitted(aspect float64) {
	if aspect > 0 && math.Abs(aspect-c.homeAspect) > 1e-6 && c.atHome() {
		c.fitHome(aspect)
		c.reset()
	}
}

// reset returns to the scene's default view.
func (c *camera) reset() {
	c.target, c.yaw, c.pitch, c.distance = c.home.target, c.home.yaw, c.home.pitch, c.home.dst
}

// The default view: looking down the range (+x) and across it (-z), from
// above. Across, because the range's walls stand on a diagonal (+x, +z)
// and seen along it would hide one another; this way the walls' fronts,
// the pyramid's face and the tower all show. The field of view is fairly
// narrow so that the nearest things are not blown up by perspective.
const (
	homeYaw   = -0.9 // radians
	homePitch = 0.5  // radians, looking down
	homeFovY  = 45   // degrees, vertical
	// homeMargin is how far from the centre, in NDC, the scene may reach:
	// a little room at the edges of the view.
	homeMargin = 0.9
)

// frameWorld picks the default view for a world: from homeYaw and
// homePitch, every corner of the bodies and of the range walls the lanes
// face (or, in a world of no bodies, of every slab but the ground), fitted into a view of the given aspect (width / height).
func (c *camera) frameWorld(w *physics.World, aspect float64) {
	c.points = c.points[:0]
	box := func(lo, hi mgl64.Vec3) {
		for i := 0; i < 8; i++ {
			p := lo
			for k := 0; k < 3; k++ {
				if i>>k&1 == 1 {
					p[k] = hi[k]
				}
			}
			c.points = append(c.points, p)
		}
	}
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		ext := ccd.OrientedExtent(b.Half, b.Curr.Orientation)
		box(b.Curr.Center.Sub(ext), b.Curr.Center.Add(ext))
	}
	// And the movers, which carry and push them.
	for i := 0; i < w.NumMovers(); i++ {
		m := w.Mover(i)
		ext := ccd.OrientedExtent(m.Half, m.Curr.Orientation)
		box(m.Curr.Center.Sub(ext), m.Curr.Center.Add(ext))
	}
	// With bodies, the view frames them and the range's walls (what one
	// shoots at), not a level's bulk: an 800 m field of pillars would make
	// the bodies specks. Without bodies, the slabs are all there is to see.
	ground, walls := scene.GroundIndex(w), 0
	for i := 0; i < w.NumStatics(); i++ {
		if i == ground { // not what we look at
			continue
		}
		s := w.Static(i)
		if w.NumBodies() > 0 {
			if _, ok := rangeWall(s); !ok || walls == maxLanes {
				continue
			}
			walls++
		}
		box(s.Min, s.Max)
	}
	// Around the middle, at least a 6 m cube of the ground, so that one
	// small body is not blown up to fill the view.
	lo, hi := mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{3, 0, 3}
	if len(c.points) > 0 {
		lo, hi = c.points[0], c.points[0]
		for _, p := range c.points {
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
			}
		}
	}
	mid := lo.Add(hi).Mul(0.5)
	mid[1] = math.Max(lo[1], 0)
	box(mid.Sub(mgl64.Vec3{3, 0, 3}), mid.Add(mgl64.Vec3{3, 3, 3}))
	c.midY = math.Max(lo[1], 0) + math.Min(hi[1]-math.Max(lo[1], 0), 6)/2
	c.fitHome(aspect)
	c.fly = false
	c.reset()
}

// fitHome sets the home view: homeYaw and homePitch, with the eye as near
// as it can be while every corner of the saved bounds stays inside the
// view of the given aspect (width / height), within homeMargin.
//
// With the orientation fixed, "p is inside the frustum from eye e" is four
// linear inequalities in e, one per side plane n: n·(p - e) <= 0. So each
// pair of opposite planes gives the eye's sideways (or up-down) position
// and how far back it must be, in closed form; the eye takes the further
// of the two distances. (The rejected alternative, iterating on target and
// distance, wandered when near corners dominated.)
func (c *camera) fitHome(aspect float64) {
	if !(aspect > 0) || math.IsInf(aspect, 0) {
		aspect = 16.0 / 9
	}
	v := camera{yaw: homeYaw, pitch: homePitch}
	f := v.forward()
	r := f.Cross(mgl64.Vec3{0, 1, 0}).Normalize()
	u := r.Cross(f)
	tanY := math.Tan(mgl64.DegToRad(homeFovY)/2) * homeMargin
	tanX := math.Tan(mgl64.DegToRad(homeFovY)/2) * aspect * homeMargin
	// reach is the largest n·p over the points.
	reach := func(n mgl64.Vec3) float64 {
		m := math.Inf(-1)
		for _, p := range c.points {
			m = math.Max(m, n.Dot(p))
		}
		return m
	}
	right, left := reach(r.Sub(f.Mul(tanX))), reach(r.Mul(-1).Sub(f.Mul(tanX)))
	up, down := reach(u.Sub(f.Mul(tanY))), reach(u.Mul(-1).Sub(f.Mul(tanY)))
	// Eye coordinates along r, u and f.
	er, eu := (right-left)/2, (up-down)/2
	ef := math.Min(-(right+left)/(2*tanX), -(up+down)/(2*tanY))
	eye := r.Mul(er).Add(u.Mul(eu)).Add(f.Mul(ef))
	// The target is where the view's centre line comes down to the
	// height of the scene's middle: orbiting turns about the scene.
	d := (c.midY - eye[1]) / f[1]
	if !(d > minDistance) {
		d = 20
	}
	d = math.Min(d, maxDistance)
	c.home = camera0{target: eye.Add(f.Mul(d)), yaw: homeYaw, pitch: homePitch, dst: d}
	c.homeAspect = aspect
}
