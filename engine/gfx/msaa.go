package gfx

import (
	"fmt"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// msaaTarget is the multisampled colour and depth framebuffer the 3D view
// is drawn into and then resolved into the window's framebuffer.
//
// Why not simply ask the window for a multisampled framebuffer: then
// everything drawn into it is multisampled, the Dear ImGui panel too, and
// on a software rasteriser (llvmpipe) the panel then cost more than the
// whole 3D view of a small window. Resolving first leaves the panel a
// plain framebuffer, and the sample count becomes a renderer option
// instead of a window hint fixed before the driver is known.
type msaaTarget struct {
	fbo, color, depth uint32
	samples           int32
	w, h              int32 // storage size, pixels; 0 until the first frame
}

// maxSamples is the driver's GL_MAX_SAMPLES.
func maxSamples() int {
	var n int32
	gl.GetIntegerv(gl.MAX_SAMPLES, &n)
	return int(n)
}

// newMSAATarget makes the framebuffer and its two renderbuffers; storage
// is allocated by size on the first frame.
func newMSAATarget(samples int) (*msaaTarget, error) {
	m := &msaaTarget{samples: int32(samples)}
	gl.GenFramebuffers(1, &m.fbo)
	if m.fbo == 0 {
		return nil, errGen("framebuffer")
	}
	track(1)
	for _, rb := range []*uint32{&m.color, &m.depth} {
		gl.GenRenderbuffers(1, rb)
		if *rb == 0 {
			m.Delete()
			return nil, errGen("renderbuffer")
		}
		track(1)
	}
	return m, nil
}

// bind makes the target the draw framebuffer, first (re)allocating its
// storage when the frame's size changed.
func (m *msaaTarget) bind(w, h int) error {
	gl.BindFramebuffer(gl.FRAMEBUFFER, m.fbo)
	if int32(w) == m.w && int32(h) == m.h {
		return nil
	}
	gl.BindRenderbuffer(gl.RENDERBUFFER, m.color)
	gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, m.samples, gl.RGBA8, int32(w), int32(h))
	gl.BindRenderbuffer(gl.RENDERBUFFER, m.depth)
	gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, m.samples, gl.DEPTH_COMPONENT24, int32(w), int32(h))
	gl.BindRenderbuffer(gl.RENDERBUFFER, 0)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, m.color)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, m.depth)
	if status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER); status != gl.FRAMEBUFFER_COMPLETE {
		gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
		m.w, m.h = 0, 0
		return fmt.Errorf("gfx: %dx MSAA framebuffer of %dx%d incomplete (status 0x%x)", m.samples, w, h, status)
	}
	m.w, m.h = int32(w), int32(h)
	return nil
}

// resolve averages the samples of the whole frame into the window's
// framebuffer and leaves that bound.
func (m *msaaTarget) resolve() {
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, m.fbo)
	gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, 0)
	gl.BlitFramebuffer(0, 0, m.w, m.h, 0, 0, m.w, m.h, gl.COLOR_BUFFER_BIT, gl.NEAREST)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}

// Delete frees the framebuffer and renderbuffers; later calls do nothing.
func (m *msaaTarget) Delete() {
	if m == nil {
		return
	}
	if m.fbo != 0 {
		gl.DeleteFramebuffers(1, &m.fbo)
		m.fbo = 0
		track(-1)
	}
	for _, rb := range []*uint32{&m.color, &m.depth} {
		if *rb != 0 {
			gl.DeleteRenderbuffers(1, rb)
			*rb = 0
			track(-1)
		}
	}
}
