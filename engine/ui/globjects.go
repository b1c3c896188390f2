package ui

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"

	"sandbox/shaders"
)

// The panel's GL objects, each with an explicit constructor and Delete and
// counted while alive, so a test can prove that nothing leaks (the g3n
// pattern in STYLE.md; finalizers are deliberately not used, because GL
// objects must be freed on the thread that owns the context).

// live counts GL objects created by this package and not yet deleted. All
// GL work happens on the main thread, so a plain int is enough.
var live int

// LiveObjects reports how many GL objects (program, vertex array, buffers,
// textures) this package has created and not yet deleted. It returns to 0
// after (*UI).Delete.
func LiveObjects() int { return live }

// program is the panel's linked shader program and its uniform locations.
type program struct {
	id         uint32
	projLoc    int32
	textureLoc int32
}

// The panel's shaders are shaders/ui.vert and shaders/ui.frag, embedded by
// package shaders with the renderer's (STYLE.md: shaders are files in
// shaders/; engine/gfx's compile test covers them with the others).
const (
	vertexFile   = "ui.vert"
	fragmentFile = "ui.frag"
)

// newProgram compiles and links the embedded panel shaders. Errors name the
// shader file and carry the driver's log.
func newProgram() (*program, error) {
	vertexSource, err := shaders.Source(vertexFile)
	if err != nil {
		return nil, fmt.Errorf("ui: %w", err)
	}
	fragmentSource, err := shaders.Source(fragmentFile)
	if err != nil {
		return nil, fmt.Errorf("ui: %w", err)
	}
	vs, err := compileShader("shaders/"+vertexFile, vertexSource, gl.VERTEX_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(vs)
	fs, err := compileShader("shaders/"+fragmentFile, fragmentSource, gl.FRAGMENT_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(fs)

	id := gl.CreateProgram()
	gl.AttachShader(id, vs)
	gl.AttachShader(id, fs)
	gl.LinkProgram(id)
	var ok int32
	gl.GetProgramiv(id, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		log := programLog(id)
		gl.DeleteProgram(id)
		return nil, fmt.Errorf("ui: link shaders/%s + %s: %s", vertexFile, fragmentFile, log)
	}
	// Shaders are flagged for deletion by the deferred calls and go away
	// with the program; detaching now frees them as early as possible.
	gl.DetachShader(id, vs)
	gl.DetachShader(id, fs)
	live++
	return &program{
		id:         id,
		projLoc:    gl.GetUniformLocation(id, gl.Str("ProjMtx\x00")),
		textureLoc: gl.GetUniformLocation(id, gl.Str("Texture\x00")),
	}, nil
}

// Delete frees the program.
func (p *program) Delete() {
	if p == nil || p.id == 0 {
		return
	}
	gl.DeleteProgram(p.id)
	p.id = 0
	live--
}

func compileShader(file, src string, kind uint32) (uint32, error) {
	id := gl.CreateShader(kind)
	csrc, free := gl.Strs(src + "\x00")
	gl.ShaderSource(id, 1, csrc, nil)
	free()
	gl.CompileShader(id)
	var ok int32
	gl.GetShaderiv(id, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetShaderiv(id, gl.INFO_LOG_LENGTH, &n)
		log := make([]byte, n+1)
		gl.GetShaderInfoLog(id, n, nil, &log[0])
		gl.DeleteShader(id)
		return 0, fmt.Errorf("ui: compile %s: %s", file, strings.TrimRight(string(log), "\x00\n"))
	}
	return id, nil
}

func programLog(id uint32) string {
	var n int32
	gl.GetProgramiv(id, gl.INFO_LOG_LENGTH, &n)
	log := make([]byte, n+1)
	gl.GetProgramInfoLog(id, n, nil, &log[0])
	return strings.TrimRight(string(log), "\x00\n")
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
	live += 3

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
	live -= 3
}

// newTexture creates an RGBA8 texture of w x h texels with linear
// filtering and clamped edges and no contents yet; it is left bound to
// TEXTURE_2D.
func newTexture(w, h int32) uint32 {
	var id uint32
	gl.GenTextures(1, &id)
	live++
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
	live--
}
