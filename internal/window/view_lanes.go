//go:build cgo

package window

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/gfx"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/ui"
)

// A range lane stands the camera level on a firing line in front of one
// wall (a thin upright slab, see rangeWall), at a chosen distance, looking square
// at the middle of its face: one key (L) aims at the 1 mm wall. The lanes
// and the wall labels are made once per scene load, so that a frame
// allocates nothing.
type lane struct {
	static int        // slab index
	face   mgl64.Vec3 // m, middle of the face the lane looks at
	normal mgl64.Vec3 // unit, out of that face, toward the firing line
}

// rangeLanes are the scene's lanes and the labels drawn over its walls.
type rangeLanes struct {
	lanes  []lane
	names  []string       // the panel's list: "wall-1mm (1 mm)"
	labels []ui.ViewLabel // one per lane, placed each frame
	tops   []mgl64.Vec3   // m, where each wall's label stands
}

// maxLanes caps the lanes (and so the panel's list and the wall labels):
// a level of thousands of walls gets the first few, in scene order, not a
// list nobody can use and labels that cover the view.
const maxLanes = 16

// wallThinness is how many times thinner than its other two extents a slab
// must be to count as a range wall: pillars, blocks and floors are not.
const wallThinness = 4

// rangeWall reports whether slab s is a wall of the range kind, a thin
// upright slab, and which axis (0: x, 2: z) is its thickness.
func rangeWall(s physics.StaticView) (axis int, ok bool) {
	ext := s.Max.Sub(s.Min)
	k, o := 0, 2 // the thin axis, of x and z: walls stand upright
	if ext[2] < ext[0] {
		k, o = 2, 0
	}
	t := ext[k] * wallThinness
	return k, t <= ext[1] && t <= ext[o]
}

// build makes the lanes of a world: one per range wall (not the ground),
// the first maxLanes in scene order, each facing the side of its thin axis
// that looks toward the world's origin, where the range's shooters stand.
func (r *rangeLanes) build(w *physics.World) {
	r.lanes, r.names, r.labels, r.tops = r.lanes[:0], r.names[:0], r.labels[:0], r.tops[:0]
	ground := scene.GroundIndex(w)
	for i := 0; i < w.NumStatics() && len(r.lanes) < maxLanes; i++ {
		if i == ground {
			continue
		}
		s := w.Static(i)
		k, ok := rangeWall(s)
		if !ok {
			continue
		}
		ext := s.Max.Sub(s.Min)
		c := s.Min.Add(s.Max).Mul(0.5)
		n := mgl64.Vec3{}
		n[k] = -1
		if c[k] < 0 {
			n[k] = 1
		}
		face := c
		face[k] = c[k] + n[k]*ext[k]/2
		thick := formatThickness(min(ext[0], ext[1], ext[2]))
		r.lanes = append(r.lanes, lane{static: i, face: face, normal: n})
		r.names = append(r.names, s.Name+" ("+thick+")")
		r.labels = append(r.labels, ui.ViewLabel{Text: thick, Meters: -1})
		r.tops = append(r.tops, mgl64.Vec3{c[0], s.Max[1] + 0.2, c[2]})
	}
}

// formatThickness writes a wall's thickness as people say it: 1 mm, 5 cm,
// 20 cm, 1.5 m.
func formatThickness(t float64) string {
	switch {
	case t < 0.00995:
		return fmt.Sprintf("%.3g mm", t*1000)
	case t < 0.995:
		return fmt.Sprintf("%.3g cm", t*100)
	}
	return fmt.Sprintf("%.3g m", t)
}

// place puts camera c in lane i, d metres in front of its wall's face,
// level, at the height of the face's middle, looking at it.
func (l *lane) place(c *camera, d float64) {
	eye := l.face.Add(l.normal.Mul(d))
	dir := l.normal.Mul(-1)
	c.fly = false
	c.yaw, c.pitch = math.Atan2(dir[2], dir[0]), 0
	c.distance = math.Max(minDistance, math.Min(maxDistance, d))
	c.target = eye.Add(dir.Mul(c.distance))
}

// place fills the labels for this frame's camera and view (w x h window
// pixels): each wall's thickness above it; the current lane's highlighted
// and with its distance from the eye. Labels of walls out of view go off
// screen.
func (r *rangeLanes) place(cam gfx.Camera, w, h float32, current int, wld *physics.World) []ui.ViewLabel {
	for i := range r.labels {
		lb := &r.labels[i]
		x, y, ok := cam.Project(r.tops[i], int(w), int(h))
		if !ok {
			x, y = -1e4, -1e4
		}
		lb.X, lb.Y = float32(x), float32(y)
		lb.Lane = i == current
		lb.Meters = -1
		if lb.Lane {
			s := wld.Static(r.lanes[i].static)
			lb.Meters = float32(distanceToBox(cam.Eye, s.Min, s.Max))
		}
	}
	return r.labels
}

// distanceToBox is the distance from p to the nearest point of the box, m.
func distanceToBox(p, lo, hi mgl64.Vec3) float64 {
	var d2 float64
	for k := 0; k < 3; k++ {
		v := math.Max(lo[k]-p[k], math.Max(0, p[k]-hi[k]))
		d2 += v * v
	}
	return math.Sqrt(d2)
}

// selectLane puts the camera in lane i at the panel's distance.
func (v *viewer) selectLane(i int) {
	if i < 0 || i >= len(v.lanes.lanes) {
		return
	}
	v.lane = i
	v.lanes.lanes[i].place(&v.cam, float64(v.panel.st.LaneDistance))
}

// nextLane cycles the lanes (L).
func (v *viewer) nextLane(w *physics.World) {
	// The lanes key also shows or hides the movers' paths (a scene's
	// other lines of motion).
	if w.NumMovers() > 0 {
		v.view.Debug.MoverPaths = !v.view.Debug.MoverPaths
	}
	if len(v.lanes.lanes) == 0 {
		return
	}
	v.selectLane((v.lane + 1) % len(v.lanes.lanes))
}
