package gfx

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// DebugOptions are the renderer's debug-draw toggles.
type DebugOptions struct {
	Ghosts     bool // wireframes of each body's prev (blue) and curr (orange) physics poses
	Trails     bool // projectile trails: the last 2 s of rendered positions
	HitMarkers bool // a marker where each CCD impact happened, for a few seconds
	SleepTint  bool // sleeping bodies tinted blue
	// Physics selects what the physics draws about itself (AABBs, contacts,
	// CCD sweeps, sleeping crosses).
	Physics physics.DebugOptions
}

// DefaultDebugOptions has trails, hit markers and the sleep tint on.
func DefaultDebugOptions() DebugOptions {
	return DebugOptions{Trails: true, HitMarkers: true, SleepTint: true}
}

// WorldView turns a physics world into what the renderer draws: every body
// at its interpolated pose as an instance, statics as instances, and the
// debug lines. It only reads the world. Its slices are reused: a warm
// WorldView allocates nothing per frame.
type WorldView struct {
	Mode    interp.Mode
	Debug   DebugOptions
	Trails  *Trails
	Markers *HitMarkers
	// Flagged, when set, reports whether body index i is to be marked as
	// caught teleporting without the flag.
	Flagged func(i int) bool

	// Dynamic holds one instance per body after Build, in creation order.
	Dynamic []Instance
}

// NewWorldView returns a view with the given interpolation mode and the
// default debug options.
func NewWorldView(mode interp.Mode) *WorldView {
	return &WorldView{Mode: mode, Debug: DefaultDebugOptions(), Trails: NewTrails(), Markers: NewHitMarkers()}
}

// Statics returns the world's slabs as instances for Renderer.SetStatics,
// and how many of them, at the front, are floors: the largest horizontal
// slab is the ground (the one floor), slabs thinner than 5 cm are the thin
// walls, the rest are plain walls.
func Statics(w *physics.World) (inst []Instance, floors int) {
	n := w.NumStatics()
	out := make([]Instance, 0, n)
	ground := GroundIndex(w)
	add := func(i int, c [4]float32) {
		s := w.Static(i)
		out = append(out, MakeInstance(s.Min.Add(s.Max).Mul(0.5), s.Max.Sub(s.Min).Mul(0.5), mgl64.QuatIdent(), c))
	}
	if ground >= 0 {
		add(ground, GroundColor)
		floors = 1
	}
	for i := 0; i < n; i++ {
		if i == ground {
			continue
		}
		s := w.Static(i)
		d := s.Max.Sub(s.Min)
		c := WallColor
		if min(d[0], d[1], d[2]) < 0.05 {
			c = ThinWallColor
		}
		add(i, c)
	}
	return out, floors
}

// GroundIndex is the index of the world's ground, the slab with the largest
// horizontal area that is thinner than it is wide, or -1 if there is none.
func GroundIndex(w *physics.World) int {
	ground, best := -1, 0.0
	for i := 0; i < w.NumStatics(); i++ {
		s := w.Static(i)
		d := s.Max.Sub(s.Min)
		if area := d[0] * d[2]; area > best && d[1] < d[0] && d[1] < d[2] {
			ground, best = i, area
		}
	}
	return ground
}

// AfterStep records what the last physics step produced that is drawn
// later (CCD impacts for the hit markers). Call it after every step, since
// a world keeps only its last step's events; now is the render time, s.
func (v *WorldView) AfterStep(w *physics.World, now float64) {
	if v.Markers == nil {
		return
	}
	ev := w.Events()
	for i := range ev.CCDHits {
		h := &ev.CCDHits[i]
		if h.Speed >= v.Markers.MinSpeed {
			v.Markers.Add(h.Point, h.Normal, now)
		}
	}
}

// Pose is where body b is drawn at alpha with the view's mode.
func (v *WorldView) Pose(b physics.BodyView, alpha, stepSeconds float64) physics.Pose {
	return interp.BodyPose(v.Mode, b, alpha, stepSeconds)
}

// Build fills Dynamic with every body at its interpolated pose and adds the
// enabled debug drawing: depth-tested lines to lines, markers to overlay
// (either may be nil to skip them). now is the render time in seconds.
func (v *WorldView) Build(w *physics.World, alpha, stepSeconds, now float64, lines, overlay *LineBatch) {
	n := w.NumBodies()
	v.Dynamic = v.Dynamic[:0]
	for i := 0; i < n; i++ {
		b := w.Body(i)
		p := interp.BodyPose(v.Mode, b, alpha, stepSeconds)
		c := CrateColor(i)
		if b.Bullet {
			c = BulletColor
		}
		if b.Sleeping && v.Debug.SleepTint {
			c = sleepTint(c)
		}
		if v.Flagged != nil && v.Flagged(i) {
			c = FlaggedColor
		}
		v.Dynamic = append(v.Dynamic, MakeInstance(p.Center, b.Half, p.Orientation, c))
		if lines == nil {
			continue
		}
		if v.Debug.Ghosts {
			lines.Box(b.Prev.Center, b.Half, b.Prev.Orientation, ghostPrevColor)
			lines.Box(b.Curr.Center, b.Half, b.Curr.Orientation, ghostCurrColor)
		}
		if v.Debug.Trails && v.Trails != nil && b.Bullet && (b.Velocity.Len() > 0.5 || b.Prev.Center != b.Curr.Center) {
			v.Trails.Record(i, p.Center, now, b.Teleported)
		}
	}
	if lines != nil {
		if v.Debug.Trails && v.Trails != nil {
			v.Trails.Draw(lines, now)
		}
		if v.Debug.Physics != (physics.DebugOptions{}) {
			w.DebugDraw(lines, v.Debug.Physics)
		}
	}
	if overlay != nil && v.Debug.HitMarkers && v.Markers != nil {
		v.Markers.Draw(overlay, now)
	}
}

// Reset forgets trails and markers (after a scene reset).
func (v *WorldView) Reset() {
	if v.Trails != nil {
		v.Trails.Reset()
	}
	if v.Markers != nil {
		v.Markers.Reset()
	}
}

// LineBatch is what the physics draws its debug view through.
var _ physics.DebugDrawer = (*LineBatch)(nil)
