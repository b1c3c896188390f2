//go:build cgo

package window

import (
	"strconv"
	"unsafe"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/gl/v4.1-core/gl"

	"sandbox/engine/compare"
	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// splitView presents the one simulation twice, side by side: the left
// half of the 3D view as a display of LeftHz would show it, the right half
// as one of RightHz. Each half is redrawn only on its own cadence and held
// in between, so on a fast monitor (or in slow motion on any monitor)
// the two rates can be watched next to each other. The cadence runs on
// simulated display time (frame time times the time scale), which is what
// makes slow motion show the difference on a 60 Hz monitor.
type splitView struct {
	On            bool
	LeftHz        float64
	RightHz       float64
	clock         float64 // simulated display seconds since the split was turned on
	halves        [2]splitHalf
	label         []byte      // reused label text
	width, height int         // size the hold buffers were made for
	follow        splitFollow // the body the camera follows, and the camera to return to

	// The live judder follows the camera's body in both halves, by
	// compare's definition, since the split was turned on, the scene was
	// reset or loaded, or the time scale, the interpolation mode, the body
	// or the half's rate changed.
	body      int              // -1 = none yet
	sess      *session.Session // the session it follows (a reset makes a new one)
	timeScale float64          // the time scale it was measured at
	mode      interp.Mode      // the interpolation mode it was measured with
}

// splitHalf is one half: its next presentation time, the image held since
// its last one, and its judder.
type splitHalf struct {
	next     float64 // simulated display time of the next redraw, s
	fbo, rb  uint32  // hold buffer: the half's last image
	vp       gfx.Viewport
	follow   compare.Follower
	hz       float64     // the rate the judder was measured at
	prevTime float64     // simulated display time of the last redraw, s
	ghosts   splitGhosts // the followed body's poses at the last presentations
}

// hz is the half's presentation rate.
func (s *splitView) hz(i int) float64 {
	if i == 0 {
		return s.LeftHz
	}
	return s.RightHz
}

// toggleSplit turns the split view on or off (X and the panel).
func (a *app) toggleSplit() {
	s := &a.split
	if s.LeftHz == 0 {
		s.LeftHz, s.RightHz = ui.DefaultSplitLeftHz, ui.DefaultSplitRightHz
	}
	s.On = !s.On
	if !s.On {
		s.deleteBuffers()
		a.endFollow()
		if s.sess != nil {
			s.sess.Observe(nil)
			s.sess = nil
		}
		return
	}
	a.startFollow()
	s.clock = 0
	for i := range s.halves {
		s.halves[i].next = 0
	}
	s.sess = nil // followed afresh by the next frame
}

// followJudder starts the judder afresh when what it measures changed: a
// new session (R, a scene loaded), another time scale or interpolation
// mode, another followed body (follow picks it), or a half's rate. It watches the session's steps, which tell steady motion
// from impacts and stops.
func (a *app) followJudder() {
	s := &a.split
	w := a.sim.world
	restart := false
	if s.sess != a.sim.sess {
		if s.sess != nil {
			s.sess.Observe(nil)
		}
		s.sess = a.sim.sess
		s.sess.Observe(s.observeStep)
		s.body, restart = -1, true
	}
	if ts := a.sim.lp.TimeScale(); ts != s.timeScale {
		s.timeScale, restart = ts, true
	}
	if a.viewer.view.Mode != s.mode {
		s.mode, restart = a.viewer.view.Mode, true
	}
	if b := s.follow.body; b != s.body || b < 0 {
		s.body, restart = b, true
	}
	for i := range s.halves {
		h := &s.halves[i]
		if !restart && h.hz == s.hz(i) {
			continue
		}
		h.hz, h.follow = s.hz(i), compare.Follower{}
		if s.body >= 0 {
			h.follow.Start(w.Tick(), w.Body(s.body).Velocity)
		}
	}
}

// observeStep feeds each half's follower the followed body's velocity
// after every physics step (the session calls it; it only reads).
func (s *splitView) observeStep(w *physics.World) {
	if s.body < 0 || s.body >= w.NumBodies() {
		return
	}
	b := w.Body(s.body)
	for i := range s.halves {
		s.halves[i].follow.Step(w.Tick(), b, s.sess.StepSeconds())
	}
}

// drawSplit renders the halves that are due into their hold buffers and
// composes both into the 3D view. fed is this frame's simulated display time.
func (a *app) drawSplit(fr *session.Frame, fw, fh int, vp gfx.Viewport) error {
	s := &a.split
	s.clock += fr.FrameSeconds * a.sim.lp.TimeScale()
	half := vp.W / 2
	vps := [2]gfx.Viewport{{X: vp.X, Y: vp.Y, W: half, H: vp.H}, {X: vp.X + half, Y: vp.Y, W: vp.W - half, H: vp.H}}
	if s.width != vp.W || s.height != vp.H {
		s.deleteBuffers()
		for i := range s.halves {
			s.halves[i].newBuffer(vps[i].W, vps[i].H)
			s.halves[i].next = s.clock // redraw both now
		}
		s.width, s.height = vp.W, vp.H
	}
	step := a.sim.lp.Config().StepSeconds
	if !a.byPolicy() { // two loops: the whole scene, not one body
		a.follow(fr.Alpha)
	}
	a.followJudder()
	for i := range s.halves {
		h := &s.halves[i]
		h.vp = vps[i]
		period := 1 / s.hz(i)
		// A millionth of a period of slack: frame times summed in float64
		// fall a hair short of the exact multiples.
		if s.clock < h.next-1e-6*period && !a.byPolicy() { // two loops: both halves every frame
			continue
		}
		// Fallen far behind (a hitch, a pause): restart the cadence
		// rather than redraw a burst.
		if s.clock-h.next > period {
			h.next = s.clock
		}
		h.next += period
		a.viewer.lines.Reset()
		a.viewer.overlay.Reset()
		world, view, alpha := a.halfSource(i, fr)
		view.Build(world, alpha, step, a.simTime(), &a.viewer.lines, &a.viewer.overlay)
		a.viewer.drawDrag(a.sim.world, a.sim.lp.Config().StepSeconds, fr.Alpha)
		if !a.byPolicy() {
			a.recordGhost(h, fr.Alpha, s.clock)
		}
		a.viewer.frame = gfx.Frame{
			Width: fw, Height: fh, View: h.vp, Camera: a.viewer.cam.view(),
			Dynamic: view.Dynamic, Lines: &a.viewer.lines, Overlay: &a.viewer.overlay,
		}
		if err := a.viewer.r.Render(&a.viewer.frame); err != nil {
			return err
		}
		h.hold(true)
		h.measure(a, fr.Alpha, step, s.clock)
	}
	// The renderer clears the whole framebuffer: put both held images back.
	for i := range s.halves {
		s.halves[i].hold(false)
	}
	a.splitLabels(fh)
	return nil
}

// newBuffer makes the half's hold buffer of w x h pixels.
func (h *splitHalf) newBuffer(w, ht int) {
	gl.GenFramebuffers(1, &h.fbo)
	gl.GenRenderbuffers(1, &h.rb)
	gl.BindRenderbuffer(gl.RENDERBUFFER, h.rb)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(max(1, w)), int32(max(1, ht)))
	gl.BindFramebuffer(gl.FRAMEBUFFER, h.fbo)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, h.rb)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	gl.BindRenderbuffer(gl.RENDERBUFFER, 0)
}

// hold copies the half between the window's framebuffer and its hold
// buffer: save after a redraw, restore every frame.
func (h *splitHalf) hold(save bool) {
	v := h.vp
	x0, y0, x1, y1 := int32(v.X), int32(v.Y), int32(v.X+v.W), int32(v.Y+v.H)
	if save {
		gl.BindFramebuffer(gl.READ_FRAMEBUFFER, 0)
		gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, h.fbo)
		gl.BlitFramebuffer(x0, y0, x1, y1, 0, 0, int32(v.W), int32(v.H), gl.COLOR_BUFFER_BIT, gl.NEAREST)
	} else {
		gl.BindFramebuffer(gl.READ_FRAMEBUFFER, h.fbo)
		gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, 0)
		gl.BlitFramebuffer(0, 0, int32(v.W), int32(v.H), x0, y0, x1, y1, gl.COLOR_BUFFER_BIT, gl.NEAREST)
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}

// deleteBuffers frees the hold buffers (split off, resize, exit).
func (s *splitView) deleteBuffers() {
	for i := range s.halves {
		h := &s.halves[i]
		if h.fbo != 0 {
			gl.DeleteFramebuffers(1, &h.fbo)
			h.fbo = 0
		}
		if h.rb != 0 {
			gl.DeleteRenderbuffers(1, &h.rb)
			h.rb = 0
		}
	}
	s.width, s.height = 0, 0
}

// measure adds one presentation of the half to its live judder: where the
// followed body is drawn and where the exact trajectory (one step late, as
// compare has it) puts it, now, in simulated display seconds.
func (h *splitHalf) measure(a *app, alpha, step, now float64) {
	s := &a.split
	w := a.sim.world
	if s.body < 0 || s.body >= w.NumBodies() {
		return
	}
	b := w.Body(s.body)
	drawn := a.viewer.view.Pose(b, alpha, step).Center
	exact := interp.LerpVec(b.Prev.Center, b.Curr.Center, alpha)
	h.follow.Frame(w.Tick(), drawn, exact, now-h.prevTime)
	h.prevTime = now
}

// judderLabel is the half's live judder as its label shows it: "-" until
// two moves were measured.
func (h *splitHalf) judderLabel(b []byte) []byte {
	if h.follow.Judder.Samples() < 2 {
		return append(b, '-')
	}
	return strconv.AppendFloat(b, h.follow.Judder.Value(), 'f', 2, 64)
}

// fastestBody is the awake body moving fastest (below 1 km/s: a bullet
// crosses the view in a frame), or -1.
func fastestBody(a *app) int {
	w := a.sim.world
	best, bestSpeed := -1, 0.05
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		if v := b.Velocity.Len(); !b.Sleeping && v > bestSpeed && v < 1000 {
			best, bestSpeed = i, v
		}
	}
	return best
}

// splitLabels writes each half's rate and live judder over it, and a line
// between the halves (drawn with the panel, on top of the 3D view).
func (a *app) splitLabels(fh int) {
	s := &a.split
	io := imgui.CurrentIO()
	scale := io.DisplayFramebufferScale()
	if scale.X <= 0 || scale.Y <= 0 {
		scale = imgui.Vec2{X: 1, Y: 1}
	}
	dl := imgui.ForegroundDrawListViewportPtr()
	for i := range s.halves {
		h := &s.halves[i]
		x := float32(h.vp.X)/scale.X + 8
		y := float32(fh-(h.vp.Y+h.vp.H))/scale.Y + 6
		b := strconv.AppendFloat(s.label[:0], s.hz(i), 'f', -1, 64)
		b = append(b, " Hz   judder "...)
		b = h.judderLabel(b)
		if a.byPolicy() {
			b = append(append(s.label[:0], a.halfPolicy(i).String()...), " loop"...)
		}
		s.label = b
		dl.AddRectFilled(imgui.Vec2{X: x - 4, Y: y - 2}, imgui.Vec2{X: x + 7*float32(len(b)) + 8, Y: y + 16}, 0xb0000000)
		dl.AddTextVec2(imgui.Vec2{X: x, Y: y}, 0xffffffff, unsafe.String(unsafe.SliceData(b), len(b)))
		if i == 1 {
			top := float32(fh-(h.vp.Y+h.vp.H)) / scale.Y
			dl.AddLine(imgui.Vec2{X: float32(h.vp.X) / scale.X, Y: top}, imgui.Vec2{X: float32(h.vp.X) / scale.X, Y: top + float32(h.vp.H)/scale.Y}, 0xffffffff)
		}
	}
}
