// Package shaders holds the GLSL 410 core sources of the 3D renderer
// (engine/gfx) and of the Dear ImGui panel (engine/ui, program "ui") as
// files, embedded into the binary. A program is a vertex shader NAME.vert and a
// fragment shader NAME.frag with the same base name, and optionally a
// geometry shader NAME.geom.
package shaders

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.vert *.frag *.geom
var files embed.FS

// Source returns the text of one shader file, e.g. "box.vert".
func Source(file string) (string, error) {
	b, err := files.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("shaders: %s: %w", file, err)
	}
	return string(b), nil
}

// Files lists every shader file, sorted.
func Files() []string {
	ents, _ := fs.ReadDir(files, ".")
	out := make([]string, 0, len(ents))
	for _, e := range ents {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// Programs lists the base names that have both a .vert and a .frag file,
// sorted: each is one program.
func Programs() []string {
	have := map[string]int{}
	for _, f := range Files() {
		switch {
		case strings.HasSuffix(f, ".vert"):
			have[strings.TrimSuffix(f, ".vert")] |= 1
		case strings.HasSuffix(f, ".frag"):
			have[strings.TrimSuffix(f, ".frag")] |= 2
		}
	}
	var out []string
	for n, m := range have {
		if m == 3 {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
