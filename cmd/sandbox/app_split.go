//go:build cgo

package main

import (
	"math"
	"strconv"
	"unsafe"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/gfx"
	"sandbox/engine/session"
)

// Split view defaults: the two display rates people compare most.
const (
	defaultSplitLeftHz  = 60
	defaultSplitRightHz = 144
	judderSamples       = 64 // on-screen velocities each half's live judder is taken over
)

// splitView presents the one simulation twice, side by side: the left
// half of the 3D view as a display of LeftHz would show it, the right half
// as one of RightHz. Each half is redrawn only on its own cadence and held
// in between, so on a fast monitor (or at time scale 0.1x on any monitor)
// the two rates can be watched next to each other. The cadence runs on
// simulated display time (frame time times the time scale), which is what
// makes slow motion show the difference on a 60 Hz monitor.
type splitView struct {
	On            bool
	LeftHz        float64
	RightHz       float64
	clock         float64 // simulated display seconds since the split was turned on
	halves        [2]splitHalf
	label         []byte // reused label text
	width, height int    // size the hold buffers were made for
	follow        splitFollow
}

// splitHalf is one half: its next presentation time, the image held since
// its last one, and what its judder figure is taken from.
type splitHalf struct {
	next     float64 // simulated display time of the next redraw, s
	fbo, rb  uint32  // hold buffer: the half's last image
	vp       gfx.Viewport
	body     int // body whose motion the judder figure follows, -1 = none yet
	havePrev bool
	prevPos  mgl64.Vec3
	prevTime float64
	d        [judderSamples]mgl64.Vec3 // on-screen velocity minus true velocity, m/s
	speed    [judderSamples]float64    // true speed, m/s
	n, head  int
	judder   float64
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
		s.LeftHz, s.RightHz = defaultSplitLeftHz, defaultSplitRightHz
	}
	s.On = !s.On
	if !s.On {
		s.deleteBuffers()
		a.endFollow()
		return
	}
	a.startFollow()
	s.clock = 0
	for i := range s.halves {
		h := &s.halves[i]
		h.next, h.body, h.havePrev, h.n, h.head, h.judder = 0, -1, false, 0, 0, 0
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
	a.follow(fr.Alpha)
	for i := range s.halves {
		h := &s.halves[i]
		h.vp = vps[i]
		period := 1 / s.hz(i)
		// A millionth of a period of slack: frame times summed in float64
		// fall a hair short of the exact multiples.
		if s.clock < h.next-1e-6*period {
			continue
		}
		// Fallen far behind (a hitch, a pause): restart the cadence
		// rather than redraw a burst.
		if s.clock-h.next > period {
			h.next = s.clock
		}
		h.next += period
		a.lines.Reset()
		a.overlay.Reset()
		a.view.Build(a.sim.world, fr.Alpha, step, a.simTime(), &a.lines, &a.overlay)
		a.drawDrag(fr.Alpha)
		a.recordGhost(h, fr.Alpha, s.clock)
		a.frame = gfx.Frame{
			Width: fw, Height: fh, View: h.vp, Camera: a.cam.view(),
			Dynamic: a.view.Dynamic, Lines: &a.lines, Overlay: &a.overlay,
		}
		if err := a.r.Render(&a.frame); err != nil {
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

// measure adds one presentation of the half to its live judder figure:
// the spread of the followed body's on-screen velocity (drawn position
// change over the time between this half's presentations) around its true
// velocity, over its true speed, for the last judderSamples presentations.
func (h *splitHalf) measure(a *app, alpha, step, now float64) {
	w := a.sim.world
	if h.body < 0 || h.body >= w.NumBodies() || w.Body(h.body).Sleeping {
		h.body, h.havePrev, h.n, h.head = fastestBody(a), false, 0, 0
		if h.body < 0 {
			return
		}
	}
	b := w.Body(h.body)
	p := a.view.Pose(b, alpha, step).Center
	if h.havePrev && now > h.prevTime && !b.Teleported {
		d := p.Sub(h.prevPos).Mul(1 / (now - h.prevTime)).Sub(b.Velocity)
		h.d[h.head], h.speed[h.head] = d, b.Velocity.Len()
		h.head = (h.head + 1) % judderSamples
		h.n = min(h.n+1, judderSamples)
		var mean mgl64.Vec3
		var speed float64
		for i := 0; i < h.n; i++ {
			mean, speed = mean.Add(h.d[i]), speed+h.speed[i]
		}
		mean, speed = mean.Mul(1/float64(h.n)), speed/float64(h.n)
		var v float64
		for i := 0; i < h.n; i++ {
			e := h.d[i].Sub(mean)
			v += e.Dot(e)
		}
		if speed > 0 {
			h.judder = math.Sqrt(v/float64(h.n)) / speed
		}
	}
	h.havePrev, h.prevPos, h.prevTime = true, p, now
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
		if h.n < 2 {
			b = append(b, '-')
		} else {
			b = strconv.AppendFloat(b, h.judder, 'f', 2, 64)
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
