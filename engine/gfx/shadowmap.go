package gfx

import (
	"fmt"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// ShadowMap is a square depth texture with a framebuffer to render into it,
// sampled with hardware depth comparison (sampler2DShadow).
type ShadowMap struct {
	tex, fbo uint32
	size     int32
}

// NewShadowMap makes a size x size depth shadow map (size in texels, 256..8192).
func NewShadowMap(size int) (*ShadowMap, error) {
	if size < 256 || size > 8192 {
		return nil, fmt.Errorf("gfx: shadow map size %d: want 256..8192", size)
	}
	s := &ShadowMap{size: int32(size)}
	gl.GenTextures(1, &s.tex)
	if s.tex == 0 {
		return nil, errGen("texture")
	}
	track(1)
	gl.BindTexture(gl.TEXTURE_2D, s.tex)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.DEPTH_COMPONENT24, s.size, s.size, 0, gl.DEPTH_COMPONENT, gl.FLOAT, nil)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_COMPARE_MODE, gl.COMPARE_REF_TO_TEXTURE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_COMPARE_FUNC, gl.LEQUAL)
	gl.BindTexture(gl.TEXTURE_2D, 0)

	gl.GenFramebuffers(1, &s.fbo)
	if s.fbo == 0 {
		s.Delete()
		return nil, errGen("framebuffer")
	}
	track(1)
	gl.BindFramebuffer(gl.FRAMEBUFFER, s.fbo)
	gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, s.tex, 0)
	gl.DrawBuffer(gl.NONE)
	gl.ReadBuffer(gl.NONE)
	status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if status != gl.FRAMEBUFFER_COMPLETE {
		s.Delete()
		return nil, fmt.Errorf("gfx: shadow framebuffer incomplete (status 0x%x)", status)
	}
	return s, nil
}

// Size is the map's width and height in texels.
func (s *ShadowMap) Size() int { return int(s.size) }

// Delete frees the texture and framebuffer; later calls do nothing.
func (s *ShadowMap) Delete() {
	if s == nil {
		return
	}
	if s.fbo != 0 {
		gl.DeleteFramebuffers(1, &s.fbo)
		s.fbo = 0
		track(-1)
	}
	if s.tex != 0 {
		gl.DeleteTextures(1, &s.tex)
		s.tex = 0
		track(-1)
	}
}
