package gfx

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/ccd"
	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// DebugOptions are the renderer's debug-draw toggles.
type DebugOptions struct {
	Ghosts bool // wireframes of each body's prev (blue) and curr (orange) physics poses
	Trails bool // projectile trails: the last 2 s of simulation time of drawn positions
	// HitMarkers draws a marker where each CCD impact happened, and a red
	// one where each body tunnelled through a slab, for 6 s of simulation time.
	HitMarkers bool
	SleepTint  bool // sleeping bodies tinted blue
	// Islands colours every body by its island (physics.World.IslandRoots:
	// bodies that touch, directly or through others, share a colour).
	Islands bool
	// Physics selects what the physics draws about itself (AABBs, contacts,
	// CCD sweeps, sleeping crosses).
	Physics physics.DebugOptions
	// MoverPaths draws each mover's path (the lanes key, L).
	MoverPaths bool
}

// DefaultDebugOptions has trails, hit markers, the sleep tint and springs on.
func DefaultDebugOptions() DebugOptions {
	return DebugOptions{Trails: true, HitMarkers: true, SleepTint: true, Physics: physics.DebugOptions{Springs: true}}
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
	// Tunnels marks where bodies went through slabs (drawn with the hit markers).
	Tunnels *TunnelMarks
	// Selected is the creation index of the picked body, drawn with a
	// cyan outline on top of everything; -1 for none.
	Selected int

	// Dynamic holds one instance per body after Build, in creation order.
	Dynamic []Instance

	// contacts counts, per body creation index, the slabs and bodies it
	// touches, kept from each step's begun and ended contact events.
	contacts []int32
	// islands is the island root of each body, when Debug.Islands is on.
	islands []int32
	// flaggedUntil is, per body creation index, the simulation time until
	// which it is drawn as caught teleporting (flagmarks.go).
	flaggedUntil []float64
	// pathPts is the scratch of a mover's path (addMovers).
	pathPts []mgl64.Vec3
}

// NewWorldView returns a view with the given interpolation mode and the
// default debug options.
func NewWorldView(mode interp.Mode) *WorldView {
	return &WorldView{Mode: mode, Debug: DefaultDebugOptions(), Trails: NewTrails(), Markers: NewHitMarkers(), Tunnels: NewTunnelMarks(), Selected: -1}
}

// Statics returns the world's slabs as instances for Renderer.SetStatics,
// and how many of them, at the front, are floors: the largest horizontal
// slab is the ground (the one floor, scene.GroundIndex), slabs thinner than 5 cm are the thin
// walls, the rest are plain walls.
func Statics(w *physics.World) (inst []Instance, floors int) {
	n := w.NumStatics()
	out := make([]Instance, 0, n)
	ground := scene.GroundIndex(w)
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

// AddHit records a CCD impact for the hit markers at simulation time now
// (s); impacts slower than Markers.MinSpeed are not marked.
func (v *WorldView) AddHit(h physics.CCDHit, now float64) {
	if v.Markers != nil && h.Speed >= v.Markers.MinSpeed {
		v.Markers.AddHit(HitMarker{Point: h.Point, Normal: h.Normal, Time: now, Body: h.Body, Static: h.Static})
	}
}

// AddTunnel records a tunnel through slab (its box) for the tunnel marks
// at simulation time now (s).
func (v *WorldView) AddTunnel(e physics.TunnelEvent, slab ccd.AABB, now float64) {
	if v.Tunnels == nil {
		return
	}
	if m, ok := TunnelCrossing(e.From, e.To, slab); ok {
		m.Time, m.Body, m.Static = now, e.Body, e.Static
		v.Tunnels.Add(m)
	}
}

// CountContact keeps the per-body touching counts from the contact events
// (the world reports changes, not the current pairs): d is +1 for a pair
// that began touching, -1 for one that ended.
func (v *WorldView) CountContact(c physics.ContactEvent, d int32, bodies int) {
	for len(v.contacts) < bodies {
		v.contacts = append(v.contacts, 0)
	}
	for _, id := range [2]physics.BodyID{c.A, c.B} {
		if i := id.Index(); i >= 0 && i < len(v.contacts) {
			v.contacts[i] = max(0, v.contacts[i]+d)
		}
	}
}

// Contacts is how many slabs and bodies body i touches after the last step.
func (v *WorldView) Contacts(i int) int {
	if i < 0 || i >= len(v.contacts) {
		return 0
	}
	return int(v.contacts[i])
}

// Pick is the creation index of the body the ray enters first at the poses
// drawn at alpha, or -1 when it hits none (for selecting with the mouse).
func (v *WorldView) Pick(w *physics.World, alpha, stepSeconds float64, origin, dir mgl64.Vec3) int {
	best, bestT := -1, 0.0
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		p := interp.BodyPose(v.Mode, b, alpha, stepSeconds)
		if t, ok := RayBox(origin, dir, p.Center, b.Half, p.Orientation); ok && (best < 0 || t < bestT) {
			best, bestT = i, t
		}
	}
	return best
}

// Pose is where body b is drawn at alpha with the view's mode.
func (v *WorldView) Pose(b physics.BodyView, alpha, stepSeconds float64) physics.Pose {
	return interp.BodyPose(v.Mode, b, alpha, stepSeconds)
}

// Build fills Dynamic with every body at its interpolated pose and adds the
// enabled debug drawing: depth-tested lines to lines, markers and the
// selection outline to overlay (either may be nil to skip them). now is
// the simulation time in seconds (trails and markers age by it).
func (v *WorldView) Build(w *physics.World, alpha, stepSeconds, now float64, lines, overlay *LineBatch) {
	n := w.NumBodies()
	v.Dynamic = v.Dynamic[:0]
	if v.Debug.Islands {
		v.islands = w.IslandRoots(v.islands)
	}
	for i := 0; i < n; i++ {
		b := w.Body(i)
		p := interp.BodyPose(v.Mode, b, alpha, stepSeconds)
		c := CrateColor(i)
		if b.Bullet {
			c = BulletColor
		}
		if v.Debug.Islands {
			c = IslandColor(int(v.islands[i]))
		}
		if b.Sleeping && v.Debug.SleepTint {
			c = sleepTint(c)
		}
		if v.Flagged(i, now) {
			c = FlaggedColor
		}
		v.Dynamic = append(v.Dynamic, MakeInstance(p.Center, b.Half, p.Orientation, c))
		if i == v.Selected && overlay != nil {
			// A little larger than the body, so the outline is not hidden
			// in its edges; on top, so it shows behind other bodies too.
			overlay.Box(p.Center, b.Half.Add(mgl64.Vec3{0.03, 0.03, 0.03}), p.Orientation, SelectedColor)
		}
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
	v.addMovers(w, alpha, stepSeconds, lines)
	if lines != nil {
		if v.Debug.Trails && v.Trails != nil {
			v.Trails.Draw(lines, now)
		}
		if o := v.Debug.Physics; o != (physics.DebugOptions{Impulses: o.Impulses}) {
			o.Impulses = false
			w.DebugDraw(lines, o)
		}
	}
	if overlay != nil && v.Debug.Physics.Impulses {
		// On top: an impulse's line runs along the normal, into one of
		// the two bodies, where the depth test would hide it.
		w.DebugDraw(overlay, physics.DebugOptions{Impulses: true})
	}
	if overlay != nil && v.Debug.HitMarkers && v.Markers != nil {
		v.Markers.Draw(overlay, now)
	}
	if overlay != nil && v.Debug.HitMarkers && v.Tunnels != nil {
		v.Tunnels.Draw(overlay, now)
	}
}

// Reset forgets trails, markers, tunnel marks, teleport flags, contact counts and the selection (after a
// scene load).
func (v *WorldView) Reset() {
	v.Selected = -1
	v.contacts = v.contacts[:0]
	v.flaggedUntil = v.flaggedUntil[:0]
	if v.Trails != nil {
		v.Trails.Reset()
	}
	if v.Markers != nil {
		v.Markers.Reset()
	}
	if v.Tunnels != nil {
		v.Tunnels.Reset()
	}
}

// LineBatch is what the physics draws its debug view through.
var _ physics.DebugDrawer = (*LineBatch)(nil)
