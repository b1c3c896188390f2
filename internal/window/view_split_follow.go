//go:build cgo

package window

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// The split view watches one moving body: the camera follows it (the
// glider would leave the view in a second and a half otherwise), and each
// half outlines where it drew that body at its last presentations, so a
// still frame shows the two rates apart: the slower half's outlines lie
// further apart, and judder shows as outlines bunched unevenly.
const (
	// followDistance is the farthest the camera stays from the followed
	// body when following begins, m: close enough to see it move.
	followDistance = 8
	// ghostSeconds is how far back, in simulated display time, each half
	// outlines its presented poses.
	ghostSeconds = 1.0 / 6
	// maxGhosts bounds one half's outlines: ghostSeconds at MaxSplitHz.
	maxGhosts = 64
)

// ghostColor is the outline of a presented pose (fading with age).
var ghostColor = [3]float32{0.85, 0.95, 1.0}

// splitFollow is the camera's side of the split view: the body followed,
// where it was last frame, and the camera as it was before the split, to
// return to when the split ends.
type splitFollow struct {
	body  int // -1 = none yet
	last  mgl64.Vec3
	saved camera0
}

// splitGhosts is one half's record of the followed body's drawn poses at
// its presentations, newest last.
type splitGhosts struct {
	body    int
	poses   [maxGhosts]physics.Pose
	times   [maxGhosts]float64 // simulated display time of each presentation, s
	head, n int
}

// startFollow saves the camera and forgets the body followed (split on).
func (a *app) startFollow() {
	c := &a.viewer.cam
	a.split.follow = splitFollow{body: -1, saved: camera0{target: c.target, yaw: c.yaw, pitch: c.pitch, dst: c.distance}}
	for i := range a.split.halves {
		a.split.halves[i].ghosts = splitGhosts{body: -1}
	}
}

// endFollow puts the camera back where it was before the split (split off).
func (a *app) endFollow() {
	s := a.split.follow.saved
	a.viewer.cam.target, a.viewer.cam.yaw, a.viewer.cam.pitch, a.viewer.cam.distance = s.target, s.yaw, s.pitch, s.dst
}

// restartFollow is a scene load while split: the new scene's camera is the
// one to return to, and the followed body is chosen again.
func (a *app) restartFollow() {
	if a.split.On {
		a.startFollow()
	}
}

// followedBody is the body the split view follows: the selected one, else
// the one followed so far while it moves, else the fastest moving one; -1
// when nothing moves.
func (a *app) followedBody() int {
	w := a.sim.world
	if sel := a.viewer.view.Selected; sel >= 0 && sel < w.NumBodies() {
		return sel
	}
	if f := a.split.follow.body; f >= 0 && f < w.NumBodies() && !w.Body(f).Sleeping {
		return f
	}
	return fastestBody(a)
}

// follow moves the camera with the followed body: by the body's motion
// since last frame, so that the user's orbit, zoom and WASD offsets stay;
// on a new body, onto it. The body's place is taken at the blend of lerp
// whatever the drawing mode, a path as smooth as its motion, so the camera
// adds no judder of its own and the drawing mode's shows.
func (a *app) follow(alpha float64) {
	f := &a.split.follow
	i := a.followedBody()
	if i < 0 {
		f.body = -1
		return
	}
	p := interp.BodyPose(interp.Lerp, a.sim.world.Body(i), alpha, a.sim.lp.Config().StepSeconds).Center
	if i == f.body {
		a.viewer.cam.target = a.viewer.cam.target.Add(p.Sub(f.last))
	} else {
		a.viewer.cam.target = p
		a.viewer.cam.distance = min(a.viewer.cam.distance, followDistance)
		a.viewer.cam.fly = false
	}
	f.body, f.last = i, p
}

// recordGhost adds the followed body's pose as half h drew it at
// simulated display time now, and outlines the half's presented poses of
// the last ghostSeconds (the one just drawn is the body itself) into the
// overlay.
func (a *app) recordGhost(h *splitHalf, alpha, now float64) {
	g := &h.ghosts
	i := a.split.follow.body
	if i < 0 {
		g.n = 0
		return
	}
	if i != g.body {
		g.body, g.head, g.n = i, 0, 0
	}
	b := a.sim.world.Body(i)
	for k := 0; k < g.n; k++ {
		j := (g.head + k) % maxGhosts
		age := now - g.times[j]
		if age > ghostSeconds || age < 0 {
			continue
		}
		fade := float32(1 - 0.7*age/ghostSeconds)
		c := [3]float32{ghostColor[0] * fade, ghostColor[1] * fade, ghostColor[2] * fade}
		a.viewer.overlay.Box(g.poses[j].Center, b.Half, g.poses[j].Orientation, c)
	}
	if g.n == maxGhosts {
		g.head = (g.head + 1) % maxGhosts
		g.n--
	}
	j := (g.head + g.n) % maxGhosts
	g.poses[j], g.times[j] = a.viewer.view.Pose(b, alpha, a.sim.lp.Config().StepSeconds), now
	g.n++
}
