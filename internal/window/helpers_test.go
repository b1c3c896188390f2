//go:build cgo

package window

import (
	"os"
	"strings"
	"testing"

	"sandbox/engine/session"
	"sandbox/internal/safeio"
	"sandbox/internal/testenv"
)

// The helpers the window's in-process tests share with cmd/sandbox's
// binary-level tests (which keep their own: a test package cannot import
// another's test files).

func needDisplay(t testing.TB) { t.Helper(); testenv.NeedDisplay(t) }

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func wantContent(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil || string(got) != want {
		t.Fatalf("%s = %q, %v; want %q untouched", path, got, err, want)
	}
}

// noTemporaries fails when dir holds a file the program left behind.
func noTemporaries(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("%s: temporary file %s left behind", dir, e.Name())
		}
	}
}

// loadReplay opens and checks a recording, as -replay does.
func loadReplay(path string) (*session.Replay, error) {
	f, err := safeio.OpenRegular(path, session.MaxRecordBytes)
	if err != nil {
		return nil, err
	}
	rp, err := session.ReadReplay(path, f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return rp, nil
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
