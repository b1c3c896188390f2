package ui

import (
	"fmt"

	"github.com/go-gl/gl/v4.1-core/gl"

	"sandbox/engine/gfx"
)

// The panel's GL objects, each with an explicit constructor and Delete.
// They are counted in engine/gfx's one live-object count (gfx.LiveObjects),
// with the renderer's, so a test can prove that nothing leaks (the g3n
// pattern in STYLE.md; finalizers are deliberately not used, because GL
// objects must be freed on the thread that owns the context). The shader
// program is gfx's too: one way to compile, link and report errors.

// program is the panel's linked shader program and its uniform locations.
type program struct {
	p          *gfx.Program
	projLoc    int32
	textureLoc int32
}

// newProgram compiles and links shaders/ui.vert and ui.frag (embedded by
// package shaders with the renderer's) with gfx's program helper.
func newProgram() (*program, error) {
	p, err := gfx.NewProgram("ui")
	if err != nil {
		return nil, fmt.Errorf("ui: %w", err)
	}
	return &program{p: p, projLoc: p.Loc("ProjMtx"), textureLoc: p.Loc("Texture")}, nil
}

// Delete frees the program.
func (p *program) Delete() {
	if p == nil || p.p == nil {
		return
	}
	p.p.Delete()
	p.p = nil
}

// mesh is the vertex array with its vertex and index buffers, refilled
// from each ImDrawList.
type mesh struct {
	vao, vbo, ebo uint32
	vboBytes      int // current buffer store sizes, grown on demand
	eboBytes      int
}

// newMesh creates the vertex array and its two buffers and records the
// ImDrawVert layout (pos 2 x f32, uv 2 x f32, colour 4 x u8 normalised;
// stride 20 bytes) in the vertex array.
func newMesh(prog *program) *mesh {
	m := &mesh{}
	gl.GenVertexArrays(1, &m.vao)
	gl.GenBuffers(1, &m.vbo)
	gl.GenBuffers(1, &m.ebo)
	gfx.TrackObjects(3)

	gl.BindVertexArray(m.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, m.vbo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, m.ebo) // recorded in the vertex array
	const stride = 20
	gl.EnableVertexAttribArray(0)
	gl.VertexAttribPointerWithOffset(0, 2, gl.FLOAT, false, stride, 0)
	gl.EnableVertexAttribArray(1)
	gl.VertexAttribPointerWithOffset(1, 2, gl.FLOAT, false, stride, 8)
	gl.EnableVertexAttribArray(2)
	gl.VertexAttribPointerWithOffset(2, 4, gl.UNSIGNED_BYTE, true, stride, 16)
	gl.BindVertexArray(0)
	gl.BindBuffer(gl.ARRAY_BUFFER, 0)
	return m
}

// Delete frees the vertex array and both buffers.
func (m *mesh) Delete() {
	if m == nil || m.vao == 0 {
		return
	}
	gl.DeleteVertexArrays(1, &m.vao)
	gl.DeleteBuffers(1, &m.vbo)
	gl.DeleteBuffers(1, &m.ebo)
	m.vao, m.vbo, m.ebo = 0, 0, 0
	gfx.TrackObjects(-3)
}

// newTexture creates an RGBA8 texture of w x h texels with linear
// filtering and clamped edges and no contents yet; it is left bound to
// TEXTURE_2D.
func newTexture(w, h int32) uint32 {
	var id uint32
	gl.GenTextures(1, &id)
	gfx.TrackObjects(1)
	gl.BindTexture(gl.TEXTURE_2D, id)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, nil)
	return id
}

// deleteTexture frees a texture made by newTexture.
func deleteTexture(id uint32) {
	if id == 0 {
		return
	}
	gl.DeleteTextures(1, &id)
	gfx.TrackObjects(-1)
}
