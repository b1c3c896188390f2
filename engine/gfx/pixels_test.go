package gfx

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Pixel helpers for the window tests: colours are compared as floats 0..1.

type rgb struct{ r, g, b float64 }

func at(img *image.RGBA, x, y int) rgb {
	c := img.RGBAAt(x, y)
	return rgb{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
}

func (c rgb) String() string { return fmt.Sprintf("(%.2f %.2f %.2f)", c.r, c.g, c.b) }

func (c rgb) dist(o rgb) float64 {
	return math.Max(math.Abs(c.r-o.r), math.Max(math.Abs(c.g-o.g), math.Abs(c.b-o.b)))
}

func (c rgb) luma() float64 { return 0.2126*c.r + 0.7152*c.g + 0.0722*c.b }

func fromArr(a [3]float32) rgb { return rgb{float64(a[0]), float64(a[1]), float64(a[2])} }

// isCrate: the crates are orange-brown, lit or in shade: red above green
// above blue, and blue well below red whatever the brightness.
func (c rgb) isCrate() bool { return c.r > 0.25 && c.r > c.g && c.g > c.b && c.r-c.b > 0.4*c.r }

// isBullet: the projectiles are saturated red.
func (c rgb) isBullet() bool { return c.r > 0.45 && c.r > 2.2*c.g && c.r > 2.2*c.b }

// isMarker: the hit markers are pure yellow (no blue at all, green close to
// red), unlike the trails (some blue when new, red when old) and the crates.
func (c rgb) isMarker() bool { return c.r > 0.5 && c.g > 0.8*c.r && c.b < 0.12 }

// projectPx projects p with the frame's camera to integer pixel
// coordinates. It runs on the main thread, where t.Fatal must not be called
// (it would end the main-thread loop), so a point out of view is an Errorf
// and a pixel outside the image, which reads as black.
func projectPx(t testing.TB, cam Camera, p mgl64.Vec3, w, h int) (int, int) {
	t.Helper()
	x, y, ok := cam.Project(p, w, h)
	if !ok {
		t.Errorf("point %v is not in view", p)
		return -1, -1
	}
	return int(x), int(y)
}

// centroid returns the mean pixel position of pixels matching f, and how many.
func centroid(img *image.RGBA, f func(rgb) bool) (float64, float64, int) {
	var sx, sy float64
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if f(at(img, x, y)) {
				sx += float64(x)
				sy += float64(y)
				n++
			}
		}
	}
	if n == 0 {
		return 0, 0, 0
	}
	return sx / float64(n), sy / float64(n), n
}

// countNear counts pixels matching f within r pixels of (cx, cy).
func countNear(img *image.RGBA, cx, cy, r int, f func(rgb) bool) int {
	n := 0
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if image.Pt(x, y).In(img.Bounds()) && f(at(img, x, y)) {
				n++
			}
		}
	}
	return n
}

// keepImage writes img under $SANDBOX_TEST_PNG_DIR (when set) to look at.
func keepImage(t testing.TB, name string, img image.Image) {
	if dir := os.Getenv("SANDBOX_TEST_PNG_DIR"); dir != "" {
		if err := SavePNG(filepath.Join(dir, name), img); err != nil {
			t.Log(err)
		}
	}
}
