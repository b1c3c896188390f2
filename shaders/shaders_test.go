package shaders

import (
	"strings"
	"testing"
)

// TestEveryShaderBelongsToAProgram checks the naming rule the renderer
// relies on: each .vert has a .frag and the reverse, and each .geom has both.
// (engine/gfx compiles every program under Xvfb.)
func TestEveryShaderBelongsToAProgram(t *testing.T) {
	progs := map[string]bool{}
	for _, p := range Programs() {
		progs[p] = true
	}
	for _, want := range []string{"box", "shadow", "line", "ui"} {
		if !progs[want] {
			t.Errorf("no %s program", want)
		}
	}
	for _, f := range Files() {
		base := f[:strings.LastIndex(f, ".")]
		if !progs[base] {
			t.Errorf("%s has no program: want %s.vert and %s.frag", f, base, base)
		}
		src, err := Source(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(src, "#version 410 core") {
			t.Errorf("%s does not start with #version 410 core", f)
		}
	}
	if _, err := Source("missing.vert"); err == nil || !strings.Contains(err.Error(), "missing.vert") {
		t.Errorf("missing file: %v", err)
	}
}
