package scene

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// LoadSource returns the very bytes a scene was parsed from, for built-in
// scenes and files alike, and Load's one-line errors.
func TestLoadSource(t *testing.T) {
	sc, data, err := LoadSource("teleport")
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse(sc.File, data)
	if err != nil || !reflect.DeepEqual(again, sc) {
		t.Fatalf("the built-in's bytes parse to %+v, %v; want the scene itself", again, err)
	}
	path := filepath.Join(t.TempDir(), "mine.json")
	src := []byte(`{"statics": [], "bodies": [{"name": "a", "center": [0, 1, 0], "half": [1, 1, 1]}]}`)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	sc, data, err = LoadSource(path)
	if err != nil || string(data) != string(src) || sc.Name != "mine" {
		t.Fatalf("file: scene %+v, bytes %q, %v", sc, data, err)
	}
	if _, _, err := LoadSource(filepath.Join(t.TempDir(), "none.json")); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Fatalf("missing file: %v", err)
	}
}
