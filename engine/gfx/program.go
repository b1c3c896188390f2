package gfx

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"

	"sandbox/shaders"
)

// Program is a linked GLSL program.
type Program struct {
	id   uint32
	name string
}

// NewProgram compiles and links shaders/NAME.vert, NAME.frag and, when it
// exists, NAME.geom. Compile and link errors name the file and carry the
// driver's log.
func NewProgram(name string) (*Program, error) { return NewProgramDefines(name) }

// NewProgramDefines is NewProgram with "#define" lines (e.g. "SHADOW_TAPS 1")
// inserted after each stage's #version line: compile-time variants cost
// nothing per pixel, where a uniform branch costs both sides on SIMD
// software rasterisers.
func NewProgramDefines(name string, defines ...string) (*Program, error) {
	vs, err := shaders.Source(name + ".vert")
	if err != nil {
		return nil, err
	}
	fs, err := shaders.Source(name + ".frag")
	if err != nil {
		return nil, err
	}
	stages := []Stage{{name + ".vert", gl.VERTEX_SHADER, vs}, {name + ".frag", gl.FRAGMENT_SHADER, fs}}
	if gs, err := shaders.Source(name + ".geom"); err == nil {
		stages = append(stages, Stage{name + ".geom", gl.GEOMETRY_SHADER, gs})
	}
	for i := range stages {
		stages[i].Source = withDefines(stages[i].Source, defines)
	}
	return NewProgramFromStages(name, stages...)
}

// withDefines inserts #define lines after the #version line (which must
// come first in GLSL), keeping line numbers of the rest in the driver's log
// off by len(defines) only.
func withDefines(src string, defines []string) string {
	if len(defines) == 0 {
		return src
	}
	head, rest, ok := strings.Cut(src, "\n")
	if !ok || !strings.HasPrefix(head, "#version") {
		head, rest = "", src
	}
	var b strings.Builder
	if head != "" {
		b.WriteString(head + "\n")
	}
	for _, d := range defines {
		b.WriteString("#define " + d + "\n")
	}
	b.WriteString(rest)
	return b.String()
}

// Stage is one shader of a program: its file name (for messages), its GL
// type (gl.VERTEX_SHADER, ...) and its source.
type Stage struct {
	File   string
	Type   uint32
	Source string
}

// NewProgramFromStages compiles and links the given stages; name labels the
// program in link errors.
func NewProgramFromStages(name string, stages ...Stage) (*Program, error) {
	ids := make([]uint32, 0, len(stages))
	defer func() {
		for _, id := range ids {
			gl.DeleteShader(id)
		}
	}()
	for _, s := range stages {
		id, err := compile(s)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	prog := gl.CreateProgram()
	if prog == 0 {
		return nil, fmt.Errorf("gfx: program %s: glCreateProgram failed", name)
	}
	for _, id := range ids {
		gl.AttachShader(prog, id)
	}
	gl.LinkProgram(prog)
	var ok int32
	gl.GetProgramiv(prog, gl.LINK_STATUS, &ok)
	for _, id := range ids {
		gl.DetachShader(prog, id)
	}
	if ok == gl.FALSE {
		log := programLog(prog)
		gl.DeleteProgram(prog)
		files := make([]string, len(stages))
		for i, s := range stages {
			files[i] = s.File
		}
		return nil, fmt.Errorf("gfx: linking %s (%s): %s", name, strings.Join(files, ", "), log)
	}
	track(1)
	return &Program{id: prog, name: name}, nil
}

func compile(s Stage) (uint32, error) {
	id := gl.CreateShader(s.Type)
	if id == 0 {
		return 0, fmt.Errorf("gfx: shader %s: glCreateShader failed", s.File)
	}
	src, free := gl.Strs(s.Source + "\x00")
	gl.ShaderSource(id, 1, src, nil)
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
		return 0, fmt.Errorf("gfx: compiling shader %s: %s", s.File, strings.TrimSpace(strings.TrimRight(string(log), "\x00")))
	}
	return id, nil
}

func programLog(p uint32) string {
	var n int32
	gl.GetProgramiv(p, gl.INFO_LOG_LENGTH, &n)
	if n <= 0 {
		return "(no log)"
	}
	log := make([]byte, n+1)
	gl.GetProgramInfoLog(p, n, nil, &log[0])
	return strings.TrimSpace(strings.TrimRight(string(log), "\x00"))
}

// Name is the program's base name.
func (p *Program) Name() string { return p.name }

// Use makes the program current.
func (p *Program) Use() { gl.UseProgram(p.id) }

// Loc returns a uniform's location, -1 when the program has no such active
// uniform. Look locations up once, not every frame.
func (p *Program) Loc(uniform string) int32 {
	return gl.GetUniformLocation(p.id, gl.Str(uniform+"\x00"))
}

// Delete frees the program; later calls do nothing.
func (p *Program) Delete() {
	if p == nil || p.id == 0 {
		return
	}
	gl.DeleteProgram(p.id)
	p.id = 0
	track(-1)
}
