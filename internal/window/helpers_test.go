//go:build cgo

package window

import (
	"os"
	"testing"

	"sandbox/engine/session"
	"sandbox/internal/safeio"
	"sandbox/internal/testenv"
)

// The helpers the window's in-process tests share with cmd/sandbox's
// binary-level tests, through internal/testenv.

func needDisplay(t testing.TB) { t.Helper(); testenv.NeedDisplay(t) }

// The file checks every output test makes (internal/testenv).
var (
	writeFile     = testenv.WriteFile
	wantContent   = testenv.WantContent
	noTemporaries = testenv.NoTemporaries
)

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
