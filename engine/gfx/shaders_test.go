package gfx

import (
	"strings"
	"testing"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/shaders"
)

// TestShadersCompile compiles and links every program in shaders/.
func TestShadersCompile(t *testing.T) {
	names := shaders.Programs()
	if len(names) < 3 {
		t.Fatalf("only %d programs in shaders/: %v", len(names), names)
	}
	for _, f := range shaders.Files() {
		if !strings.HasSuffix(f, ".vert") && !strings.HasSuffix(f, ".frag") && !strings.HasSuffix(f, ".geom") {
			t.Errorf("unexpected file %s in shaders/", f)
		}
	}
	withContext(t, 64, 64, func(*glfw.Window) error {
		for _, n := range names {
			p, err := NewProgram(n)
			if err != nil {
				t.Errorf("%s: %v", n, err)
				continue
			}
			p.Delete()
		}
		return CheckError("compiling shaders")
	})
}

// TestShaderErrorsNameFile checks that compile and link errors name the
// shader file and carry the driver's log.
func TestShaderErrorsNameFile(t *testing.T) {
	withContext(t, 64, 64, func(*glfw.Window) error {
		before := LiveObjects()
		_, err := NewProgramFromStages("broken", Stage{"broken.vert", gl.VERTEX_SHADER,
			"#version 410 core\nvoid main() { gl_Position = vec4(undeclared, 1.0); }\n"})
		if err == nil {
			t.Error("a shader with an undeclared name compiled")
		} else if !strings.Contains(err.Error(), "broken.vert") || !strings.Contains(err.Error(), "undeclared") {
			t.Errorf("compile error does not name the file and the problem: %v", err)
		}
		vs := "#version 410 core\nvoid main() { gl_Position = vec4(0.0); }\n"
		fs := "#version 410 core\nout vec4 c;\nvoid helper();\nvoid main() { helper(); c = vec4(1.0); }\n"
		_, err = NewProgramFromStages("nolink", Stage{"nolink.vert", gl.VERTEX_SHADER, vs}, Stage{"nolink.frag", gl.FRAGMENT_SHADER, fs})
		if err == nil {
			t.Error("a program calling an undefined function linked")
		} else if !strings.Contains(err.Error(), "nolink.frag") || !strings.Contains(err.Error(), "helper") {
			t.Errorf("link error does not name the files and the problem: %v", err)
		}
		if LiveObjects() != before {
			t.Errorf("failed programs leaked %d objects", LiveObjects()-before)
		}
		return CheckError("shader errors")
	})
}
