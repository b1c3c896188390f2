package testenv

import (
	"os"
	"strings"
	"testing"
)

// WriteFile writes data to path or fails the test.
func WriteFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// WantContent fails the test unless path still holds exactly want: a file
// the program did not create must come through untouched.
func WantContent(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil || string(got) != want {
		t.Fatalf("%s = %q, %v; want %q untouched", path, got, err, want)
	}
}

// NoTemporaries fails when dir holds a temporary file the program left
// behind.
func NoTemporaries(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("%s: temporary file %s left behind", dir, e.Name())
		}
	}
}
