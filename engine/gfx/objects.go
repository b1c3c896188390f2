package gfx

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// live counts GL object names created by this package and not yet deleted.
var live atomic.Int64

// LiveObjects is the number of GL objects (programs, buffers, vertex arrays,
// textures, framebuffers) made by this package and not yet deleted. It
// returns to 0 once every owner has called Delete.
func LiveObjects() int { return int(live.Load()) }

func track(n int) { live.Add(int64(n)) }

// TrackObjects adds n (negative when deleting) to LiveObjects for GL
// objects made outside this package's types (the panel's vertex array,
// buffers and textures), so that one count covers every GL object.
func TrackObjects(n int) { track(n) }

// Init loads the GL function pointers for the current context and checks that
// it is at least OpenGL 4.1. Call it once per context, after making it current.
func Init() error {
	if err := gl.Init(); err != nil {
		return fmt.Errorf("gfx: loading OpenGL functions: %w", err)
	}
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	if major < 4 || (major == 4 && minor < 1) {
		return fmt.Errorf("gfx: OpenGL %d.%d (%s): need 4.1 core", major, minor, Version())
	}
	return nil
}

// Version describes the current context: version string and renderer.
func Version() string {
	return gl.GoStr(gl.GetString(gl.VERSION)) + " / " + gl.GoStr(gl.GetString(gl.RENDERER))
}

// CheckError drains the GL error queue and returns every error found,
// naming the pass, or nil. It costs a driver round trip per call, so the
// renderer calls it only when Options.CheckErrors is set (tests do).
func CheckError(pass string) error {
	var names []string
	for i := 0; i < 16; i++ {
		e := gl.GetError()
		if e == gl.NO_ERROR {
			break
		}
		names = append(names, errorName(e))
	}
	if names == nil {
		return nil
	}
	return fmt.Errorf("gfx: GL error after %s: %s", pass, strings.Join(names, ", "))
}

func errorName(e uint32) string {
	switch e {
	case gl.INVALID_ENUM:
		return "GL_INVALID_ENUM"
	case gl.INVALID_VALUE:
		return "GL_INVALID_VALUE"
	case gl.INVALID_OPERATION:
		return "GL_INVALID_OPERATION"
	case gl.INVALID_FRAMEBUFFER_OPERATION:
		return "GL_INVALID_FRAMEBUFFER_OPERATION"
	case gl.OUT_OF_MEMORY:
		return "GL_OUT_OF_MEMORY"
	}
	return fmt.Sprintf("GL error 0x%x", e)
}

func errGen(what string) error {
	return fmt.Errorf("gfx: could not create a GL %s (is a context current?)", what)
}
