package ui

import (
	"unsafe"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/gl/v4.1-core/gl"
)

// renderer draws ImGui's draw data with OpenGL 4.1 core. It implements the
// two backend capabilities Dear ImGui 1.92 asks for:
//
//   - RendererHasVtxOffset: a draw list may hold more than 65,536 vertices
//     with 16-bit indices, each command giving a base vertex
//     (glDrawElementsBaseVertex).
//   - RendererHasTextures: ImGui owns the list of textures (the font atlas
//     among them) and asks the renderer to create, update and destroy them
//     through each texture's Status; the renderer never builds the atlas
//     itself.
//
// It draws onto whatever framebuffer is bound, and saves and restores every
// piece of GL state it changes, so the 3D renderer's state survives.
type renderer struct {
	prog  *program
	mesh  *mesh
	saved glState
	proj  [16]float32 // orthographic projection; a field so cgo never sees a stack pointer
}

// glState is the GL state the panel pass changes. It lives in the renderer
// (not on the stack) because a pointer passed to a cgo call escapes, and a
// heap-allocated local per query would allocate every frame.
type glState struct {
	activeTexture, program, texture, sampler int32
	arrayBuffer, vertexArray                 int32
	viewport, scissorBox                     [4]int32
	polygonMode                              [2]int32
	blendSrcRGB, blendDstRGB                 int32
	blendSrcAlpha, blendDstAlpha             int32
	blendEqRGB, blendEqAlpha                 int32
	blend, cull, depth, stencil, scissor     bool
	primitiveRestart, srgb                   bool
	unpackAlignment, unpackRowLength         int32
}

// drawCallbackResetRenderState is ImDrawCallback_ResetRenderState,
// (ImDrawCallback)(-8): a command asking the renderer to set up its state
// again.
const drawCallbackResetRenderState = ^uintptr(7)

func newRenderer() (*renderer, error) {
	prog, err := newProgram()
	if err != nil {
		return nil, err
	}
	return &renderer{prog: prog, mesh: newMesh(prog)}, nil
}

// Delete frees the program, the mesh and every texture ImGui had asked for.
func (r *renderer) Delete() {
	for _, t := range platformTextures() {
		if t.TexID != 0 {
			r.destroyTexture(t)
		}
	}
	r.mesh.Delete()
	r.prog.Delete()
}

// updateTextures serves ImGui's texture requests (1.92 texture protocol).
// Most frames the list holds one texture with status OK and nothing
// happens.
func (r *renderer) updateTextures(dd *cDrawData) {
	for _, t := range dd.textures() {
		switch t.Status {
		case imgui.TextureStatusWantCreate:
			r.createTexture(t)
		case imgui.TextureStatusWantUpdates:
			r.uploadUpdates(t)
		case imgui.TextureStatusWantDestroy:
			// ImGui asks a frame ahead; a texture still used by this
			// frame's commands (UnusedFrames == 0) must survive it.
			if t.UnusedFrames > 0 {
				r.destroyTexture(t)
			}
		}
	}
}

// createTexture makes the GL texture for t, uploads all of its pixels and
// hands its name back to ImGui as the texture id.
func (r *renderer) createTexture(t *cTextureData) {
	gl.GetIntegerv(gl.TEXTURE_BINDING_2D, &r.saved.texture)
	prev := r.saved.texture
	id := newTexture(t.Width, t.Height)
	r.upload(t, 0, 0, int(t.Width), int(t.Height))
	gl.BindTexture(gl.TEXTURE_2D, uint32(prev))
	t.TexID = uint64(id)
	setTextureStatus(t, imgui.TextureStatusOK)
}

// uploadUpdates copies t's changed rectangles (new glyphs, mostly) into its
// GL texture.
func (r *renderer) uploadUpdates(t *cTextureData) {
	gl.GetIntegerv(gl.TEXTURE_BINDING_2D, &r.saved.texture)
	prev := r.saved.texture
	gl.BindTexture(gl.TEXTURE_2D, uint32(t.TexID))
	for _, u := range t.updates() {
		r.upload(t, int(u.X), int(u.Y), int(u.W), int(u.H))
	}
	gl.BindTexture(gl.TEXTURE_2D, uint32(prev))
	setTextureStatus(t, imgui.TextureStatusOK)
}

// upload copies one rectangle of t's pixels into the bound texture. ImGui
// keeps RGBA32 by default; Alpha8 is widened to white with that alpha in a
// Go-side copy, which only happens when glyphs are added, not per frame.
func (r *renderer) upload(t *cTextureData, x, y, w, h int) {
	if w <= 0 || h <= 0 || t.Pixels == nil {
		return
	}
	// Texture events are rare (start-up, new glyphs), so the unpack state
	// is saved and restored here rather than in save/restore.
	gl.GetIntegerv(gl.UNPACK_ALIGNMENT, &r.saved.unpackAlignment)
	gl.GetIntegerv(gl.UNPACK_ROW_LENGTH, &r.saved.unpackRowLength)
	defer gl.PixelStorei(gl.UNPACK_ROW_LENGTH, r.saved.unpackRowLength)
	defer gl.PixelStorei(gl.UNPACK_ALIGNMENT, r.saved.unpackAlignment)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
	if t.Format == imgui.TextureFormatAlpha8 {
		rgba := make([]byte, 4*w*h)
		for j := 0; j < h; j++ {
			row := unsafe.Slice((*byte)(t.pixelsAt(x, y+j)), w)
			for i, a := range row {
				rgba[4*(j*w+i)+0] = 255
				rgba[4*(j*w+i)+1] = 255
				rgba[4*(j*w+i)+2] = 255
				rgba[4*(j*w+i)+3] = a
			}
		}
		gl.TexSubImage2D(gl.TEXTURE_2D, 0, int32(x), int32(y), int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&rgba[0]))
		return
	}
	// Rows of the rectangle are Width texels apart in ImGui's buffer.
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, t.Width)
	gl.TexSubImage2D(gl.TEXTURE_2D, 0, int32(x), int32(y), int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, t.pixelsAt(x, y))
}

// destroyTexture frees t's GL texture and tells ImGui it is gone.
func (r *renderer) destroyTexture(t *cTextureData) {
	deleteTexture(uint32(t.TexID))
	t.TexID = 0
	setTextureStatus(t, imgui.TextureStatusDestroyed)
}

// setTextureStatus is ImTextureData::SetStatus: a texture destroyed while
// ImGui still holds its pixels and did not ask for it goes back to
// WantCreate.
func setTextureStatus(t *cTextureData, s imgui.TextureStatus) {
	t.Status = s
	if s == imgui.TextureStatusDestroyed && !t.WantDestroyNextFrame && t.Pixels != nil {
		t.Status = imgui.TextureStatusWantCreate
	}
}

// render draws dd onto the bound framebuffer.
func (r *renderer) render(dd *cDrawData) {
	r.updateTextures(dd)
	fbW := int32(dd.DisplaySize.X * dd.FramebufferScale.X)
	fbH := int32(dd.DisplaySize.Y * dd.FramebufferScale.Y)
	if fbW <= 0 || fbH <= 0 || dd.CmdListsCount == 0 {
		return // minimised or nothing to draw
	}
	r.save()
	r.setup(dd, fbW, fbH)

	clipOff, clipScale := dd.DisplayPos, dd.FramebufferScale
	for _, l := range dd.drawLists() {
		vtxBytes := int(l.VtxBuffer.Size) * int(unsafe.Sizeof(cDrawVert{}))
		idxBytes := int(l.IdxBuffer.Size) * 2
		r.mesh.fill(l.VtxBuffer.Data, vtxBytes, l.IdxBuffer.Data, idxBytes)
		cmds := l.cmds()
		for i := range cmds {
			c := &cmds[i]
			if c.UserCallback != nil {
				// Only ImGui's own reset request is honoured: the panel
				// adds no callbacks, and calling a C function pointer
				// from Go would need a C trampoline for nothing.
				if uintptr(c.UserCallback) == drawCallbackResetRenderState {
					r.setup(dd, fbW, fbH)
				}
				continue
			}
			x0 := (c.ClipRect.X - clipOff.X) * clipScale.X
			y0 := (c.ClipRect.Y - clipOff.Y) * clipScale.Y
			x1 := (c.ClipRect.Z - clipOff.X) * clipScale.X
			y1 := (c.ClipRect.W - clipOff.Y) * clipScale.Y
			if x1 <= x0 || y1 <= y0 || c.ElemCount == 0 {
				continue
			}
			// GL's scissor origin is the bottom-left corner.
			gl.Scissor(int32(x0), fbH-int32(y1), int32(x1-x0), int32(y1-y0))
			gl.BindTexture(gl.TEXTURE_2D, uint32(c.texID()))
			gl.DrawElementsBaseVertexWithOffset(gl.TRIANGLES, int32(c.ElemCount), gl.UNSIGNED_SHORT,
				uintptr(c.IdxOffset)*2, int32(c.VtxOffset))
		}
	}
	r.restore()
}

// fill uploads one draw list's vertices and indices, growing the buffer
// stores only when a list is bigger than any before (then sub-data).
func (m *mesh) fill(vtx unsafe.Pointer, vtxBytes int, idx unsafe.Pointer, idxBytes int) {
	if vtxBytes > m.vboBytes {
		m.vboBytes = grow(vtxBytes)
		gl.BufferData(gl.ARRAY_BUFFER, m.vboBytes, nil, gl.STREAM_DRAW)
	}
	if idxBytes > m.eboBytes {
		m.eboBytes = grow(idxBytes)
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, m.eboBytes, nil, gl.STREAM_DRAW)
	}
	if vtxBytes > 0 {
		gl.BufferSubData(gl.ARRAY_BUFFER, 0, vtxBytes, vtx)
	}
	if idxBytes > 0 {
		gl.BufferSubData(gl.ELEMENT_ARRAY_BUFFER, 0, idxBytes, idx)
	}
}

// grow rounds a buffer size up so that slowly growing lists do not
// reallocate the store every frame.
func grow(n int) int {
	size := 64 << 10
	for size < n {
		size *= 2
	}
	return size
}

// setup puts GL in the state the panel pass needs: alpha blending, no face
// culling, no depth or stencil test, scissor on, filled polygons, the
// display rectangle as viewport and projection.
func (r *renderer) setup(dd *cDrawData, fbW, fbH int32) {
	gl.Enable(gl.BLEND)
	gl.BlendEquation(gl.FUNC_ADD)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.Disable(gl.CULL_FACE)
	gl.Disable(gl.DEPTH_TEST)
	gl.Disable(gl.STENCIL_TEST)
	gl.Disable(gl.PRIMITIVE_RESTART)
	gl.Disable(gl.FRAMEBUFFER_SRGB) // ImGui's colours are meant as stored
	gl.Enable(gl.SCISSOR_TEST)
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
	gl.Viewport(0, 0, fbW, fbH)

	l, t := dd.DisplayPos.X, dd.DisplayPos.Y
	rr, b := l+dd.DisplaySize.X, t+dd.DisplaySize.Y
	r.proj = [16]float32{
		2 / (rr - l), 0, 0, 0,
		0, 2 / (t - b), 0, 0,
		0, 0, -1, 0,
		(rr + l) / (l - rr), (t + b) / (b - t), 0, 1,
	}
	r.prog.p.Use()
	gl.Uniform1i(r.prog.textureLoc, 0)
	gl.UniformMatrix4fv(r.prog.projLoc, 1, false, &r.proj[0])
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindSampler(0, 0) // a sampler object bound by the 3D pass would override ours
	gl.BindVertexArray(r.mesh.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.mesh.vbo)
}

// save records the state setup changes.
func (r *renderer) save() {
	s := &r.saved
	gl.GetIntegerv(gl.ACTIVE_TEXTURE, &s.activeTexture)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.GetIntegerv(gl.CURRENT_PROGRAM, &s.program)
	gl.GetIntegerv(gl.TEXTURE_BINDING_2D, &s.texture)
	gl.GetIntegerv(gl.SAMPLER_BINDING, &s.sampler)
	gl.GetIntegerv(gl.ARRAY_BUFFER_BINDING, &s.arrayBuffer)
	gl.GetIntegerv(gl.VERTEX_ARRAY_BINDING, &s.vertexArray)
	gl.GetIntegerv(gl.POLYGON_MODE, &s.polygonMode[0])
	gl.GetIntegerv(gl.VIEWPORT, &s.viewport[0])
	gl.GetIntegerv(gl.SCISSOR_BOX, &s.scissorBox[0])
	gl.GetIntegerv(gl.BLEND_SRC_RGB, &s.blendSrcRGB)
	gl.GetIntegerv(gl.BLEND_DST_RGB, &s.blendDstRGB)
	gl.GetIntegerv(gl.BLEND_SRC_ALPHA, &s.blendSrcAlpha)
	gl.GetIntegerv(gl.BLEND_DST_ALPHA, &s.blendDstAlpha)
	gl.GetIntegerv(gl.BLEND_EQUATION_RGB, &s.blendEqRGB)
	gl.GetIntegerv(gl.BLEND_EQUATION_ALPHA, &s.blendEqAlpha)
	s.blend = gl.IsEnabled(gl.BLEND)
	s.cull = gl.IsEnabled(gl.CULL_FACE)
	s.depth = gl.IsEnabled(gl.DEPTH_TEST)
	s.stencil = gl.IsEnabled(gl.STENCIL_TEST)
	s.scissor = gl.IsEnabled(gl.SCISSOR_TEST)
	s.primitiveRestart = gl.IsEnabled(gl.PRIMITIVE_RESTART)
	s.srgb = gl.IsEnabled(gl.FRAMEBUFFER_SRGB)
}

// restore puts back what save recorded.
func (r *renderer) restore() {
	s := &r.saved
	gl.UseProgram(uint32(s.program))
	gl.BindTexture(gl.TEXTURE_2D, uint32(s.texture))
	gl.BindSampler(0, uint32(s.sampler))
	gl.ActiveTexture(uint32(s.activeTexture))
	gl.BindVertexArray(uint32(s.vertexArray))
	gl.BindBuffer(gl.ARRAY_BUFFER, uint32(s.arrayBuffer))
	gl.BlendEquationSeparate(uint32(s.blendEqRGB), uint32(s.blendEqAlpha))
	gl.BlendFuncSeparate(uint32(s.blendSrcRGB), uint32(s.blendDstRGB), uint32(s.blendSrcAlpha), uint32(s.blendDstAlpha))
	enable(gl.BLEND, s.blend)
	enable(gl.CULL_FACE, s.cull)
	enable(gl.DEPTH_TEST, s.depth)
	enable(gl.STENCIL_TEST, s.stencil)
	enable(gl.SCISSOR_TEST, s.scissor)
	enable(gl.PRIMITIVE_RESTART, s.primitiveRestart)
	enable(gl.FRAMEBUFFER_SRGB, s.srgb)
	// Core profile only has FRONT_AND_BACK; the first value is the mode.
	gl.PolygonMode(gl.FRONT_AND_BACK, uint32(s.polygonMode[0]))
	gl.Viewport(s.viewport[0], s.viewport[1], s.viewport[2], s.viewport[3])
	gl.Scissor(s.scissorBox[0], s.scissorBox[1], s.scissorBox[2], s.scissorBox[3])
}

func enable(capability uint32, on bool) {
	if on {
		gl.Enable(capability)
	} else {
		gl.Disable(capability)
	}
}
