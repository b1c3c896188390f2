package main

import (
	"path/filepath"
	"testing"

	"sandbox/engine/physics"
)

// -workers reaches the world the headless run builds, replays included,
// and its range is physics.WorldDef.Workers'.
func TestWorkersFlagReachesTheWorld(t *testing.T) {
	o, err := parseFlags([]string{"-headless", "-scene", "pile-1000", "-ticks", "5", "-workers", "3"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := planHeadless(o)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.opts.Scene.WorldDef(nil).Workers; got != 3 {
		t.Fatalf("-workers 3: the world gets %d workers", got)
	}
	def := physics.DefaultWorldDef()
	def.Workers = maxWorkers
	if _, err := physics.NewWorld(def); err != nil {
		t.Fatalf("-workers allows %d, physics refuses it: %v", maxWorkers, err)
	}
	def.Workers = maxWorkers + 1
	if _, err := physics.NewWorld(def); err == nil {
		t.Fatalf("physics takes %d workers, -workers stops at %d", maxWorkers+1, maxWorkers)
	}
}

// The state after a headless run is the same for 1 and 2 workers.
func TestWorkersFlagSameState(t *testing.T) {
	dir := t.TempDir()
	var hashes []string
	for _, w := range []string{"1", "2"} {
		path := filepath.Join(dir, "r"+w+".json")
		if _, stderr, code := sandbox(t, "-headless", "-scene", "pile-1000", "-ticks", "40", "-workers", w, "-report", path); code != 0 {
			t.Fatalf("-workers %s: exit %d: %s", w, code, stderr)
		}
		hashes = append(hashes, readReport(t, path).StateHash)
	}
	if hashes[0] != hashes[1] {
		t.Fatalf("state_hash %s with 1 worker, %s with 2", hashes[0], hashes[1])
	}
}
