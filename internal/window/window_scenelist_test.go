//go:build cgo

package window

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sandbox/engine/scene"
)

// A scene file named like a built-in scene (drop.json) gets an entry that
// says where it came from, not a second "drop" (issue 32, defect 11); the
// browser marks that entry as the running scene, and the built-in entry
// still loads the built-in.
func TestWindowSceneListFileEntry(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		_, data, err := scene.LoadSource("drop")
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		t.Chdir(dir)
		if err := os.MkdirAll("mine", 0o755); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("mine", "drop.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		a.openSceneFile(path)
		if err := a.runFrames(2); err != nil {
			return err
		}
		p := a.viewer.panel
		seen := map[string]bool{}
		for _, e := range p.st.Scenes {
			if seen[e] {
				t.Errorf("scene list %q: %q twice", p.st.Scenes, e)
			}
			seen[e] = true
		}
		last := p.st.Scenes[len(p.st.Scenes)-1]
		if last != path || p.st.Scene != len(p.st.Scenes)-1 {
			t.Errorf("file entry %q (running entry %d of %d), want %q, running", last, p.st.Scene, len(p.st.Scenes), path)
		}
		for i, e := range p.st.Scenes {
			if e == "drop" {
				p.loadEntry(a, i)
			}
		}
		if err := a.runFrames(1); err != nil {
			return err
		}
		if f := a.sim.sc.File; !strings.HasPrefix(f, "builtin/") || p.st.Scenes[p.st.Scene] != "drop" {
			t.Errorf("the built-in entry loaded %q (entry %q)", f, p.st.Scenes[p.st.Scene])
		}
		return nil
	})
}
