package gfx

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestSavePNGNeverTruncates: a screenshot that cannot be encoded leaves the
// previous file as it was (it used to be truncated first, and a run killed
// mid-write left a PNG without its end), and one that can replaces it whole.
func TestSavePNGNeverTruncates(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot.png")
	if err := os.WriteFile(path, []byte("good"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := SavePNG(path, image.NewRGBA(image.Rect(0, 0, 0, 0))); err == nil {
		t.Fatal("a 0x0 image was encoded")
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != "good" {
		t.Fatalf("after a failed save the file holds %q, %v; want it untouched", got, err)
	}
	if err := SavePNG(path, image.NewRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() != 3 {
		t.Fatalf("saved PNG: %v, %v", img, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files in the folder, want only shot.png", len(entries))
	}
}
