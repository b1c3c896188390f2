//go:build cgo

package main

import (
	"encoding/json"
	"os"
	"testing"

	"sandbox/internal/window"
)

// readStats reads a window run's -stats file.
func readStats(t *testing.T, path string) window.StatsFile { return readStatsB(t, path) }

func readStatsB(t testing.TB, path string) window.StatsFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s window.StatsFile
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}
