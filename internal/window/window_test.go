//go:build cgo

package window

import (
	"encoding/json"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/ui"
)

// readStats reads a -stats file.
func readStats(t *testing.T, path string) StatsFile { return readStatsB(t, path) }

func readStatsB(t testing.TB, path string) StatsFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s StatsFile
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// markerPixels counts pure yellow pixels (the hit markers' colour, which
// trails and crates never have) within r pixels of (cx, cy).
func markerPixels(img *image.RGBA, cx, cy, r int) int {
	n := 0
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if !image.Pt(x, y).In(img.Bounds()) {
				continue
			}
			c := img.RGBAAt(x, y)
			red, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
			if red > 0.5 && g > 0.8*red && b < 0.12 {
				n++
			}
		}
	}
	return n
}

// TestWindowRangeShot runs the range scene in a real window, paced at
// 30 Hz so that its scripted 3,000 m/s shot at the 1 mm wall (tick 30) has
// happened whatever the machine's speed, and fires one shot of its own from
// the camera. The shot must stop in front of the wall with no tunnel, and
// the screenshot must show a hit marker where the default camera sees the
// impact, and the sky at the top.
//
// The run is driven by frame count, not by the wall clock: every frame hands
// the simulation 1/30 s (two steps), so 75 frames are exactly 150 ticks on
// any machine, however slowly it draws.
func TestWindowRangeShot(t *testing.T) {
	defer lockWindowThread(t)()
	dir := t.TempDir()
	shot, stats := filepath.Join(dir, "range.png"), filepath.Join(dir, "range.json")
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(Options{Scene: sc, DisplayHz: 30, VSync: false, CCD: true, Interp: interp.Lerp,
		Frames: 75, FireAtFrame: 3, Screenshot: shot, Stats: stats, frameSeconds: 1.0 / 30}); err != nil {
		t.Fatalf("window run: %v", err)
	}
	s := readStats(t, stats)
	if s.Frames != 75 || s.Ticks != 150 || s.Tunnels != 0 || s.CCDHits == 0 {
		t.Fatalf("stats: frames %d ticks %d tunnels %d ccd hits %d; want 75 frames, exactly 150 ticks, no tunnel, CCD hits",
			s.Frames, s.Ticks, s.Tunnels, s.CCDHits)
	}
	// The split of the CCD hits: the 1 mm wall is hit; the parts add up.
	if s.CCDWallHits == 0 || s.CCDWallHits+s.CCDGroundHits+s.CCDBodyHits != s.CCDHits {
		t.Errorf("stats: ccd_hits %d, wall %d + ground %d + body %d: want wall hits and the parts adding up",
			s.CCDHits, s.CCDWallHits, s.CCDGroundHits, s.CCDBodyHits)
	}
	var found, fired bool
	for _, b := range s.Bodies {
		q := b.Orientation
		if n := q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]; math.Abs(n-1) > 1e-9 {
			t.Errorf("stats: %s orientation %v is not a unit quaternion", b.Name, q)
		}
		switch b.Name {
		case "shot-1mm":
			found = true
			if b.Center[0] > 20 {
				t.Errorf("shot-1mm ended at %v: beyond the 1 mm wall at x = 20", b.Center)
			}
		case "user-shot-1":
			fired = true
		}
	}
	if !found || !fired {
		t.Fatalf("bodies lack shot-1mm (%v) or the -fire-at-frame shot (%v)", found, fired)
	}

	img := readPNG(t, shot)
	cam, vw, vh := defaultView(t, img, "range")
	x, y, ok := cam.view().Project(mgl64.Vec3{20, 1.5, -7.5}, vw, vh)
	if !ok {
		t.Fatalf("the 1 mm wall's hit point is not in the default view")
	}
	if n := markerPixels(img, int(x), int(y), 14); n < 10 {
		t.Errorf("%d marker pixels around the 1 mm wall's hit point (%.0f, %.0f) in the %dx%d view; want a hit marker", n, x, y, vw, vh)
	}
	top := img.RGBAAt(vw/2, 2)
	if !(top.B > top.R && top.B > 200) {
		t.Errorf("top of the view %v is not sky", top)
	}
}

// defaultView is the window's default camera for a built-in scene, computed
// as the app does for a screenshot img of the whole window, and the size of
// the 3D view in it (the view is the image's top-left corner).
func defaultView(t *testing.T, img *image.RGBA, name string) (camera, int, int) {
	t.Helper()
	sc, err := scene.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	fw, fh := img.Bounds().Dx(), img.Bounds().Dy()
	sw, sh := ui.SceneSize(float32(fw), float32(fh), true) // Xvfb: framebuffer = window pixels
	vw, vh := int(sw), int(sh)
	var cam camera
	cam.frameWorld(w, float64(vw)/float64(vh))
	return cam, vw, vh
}

func TestNearestMode(t *testing.T) {
	modes := []*glfw.VidMode{
		{Width: 1920, Height: 1080, RefreshRate: 60},
		{Width: 1280, Height: 720, RefreshRate: 144},
		{Width: 1920, Height: 1080, RefreshRate: 144},
		{Width: 1920, Height: 1080, RefreshRate: 240},
	}
	for _, tc := range []struct {
		hz   float64
		want int
	}{{60, 0}, {144, 2}, {165, 2}, {200, 3}, {0, 3}, {30, 0}} {
		if got := nearestMode(modes, tc.hz); got != tc.want {
			t.Errorf("nearest to %g Hz: mode %d, want %d", tc.hz, got, tc.want)
		}
	}
	if nearestMode(nil, 60) != -1 {
		t.Error("no modes must give -1")
	}
}

func TestShotSpeedSteps(t *testing.T) {
	s := simulation{shotSpeed: 3000}
	s.changeSpeed(1)
	if s.shotSpeed != 5000 {
		t.Fatalf("3000 up: %g", s.shotSpeed)
	}
	for i := 0; i < 20; i++ {
		s.changeSpeed(1)
	}
	if s.shotSpeed != maxShotSpeed {
		t.Fatalf("top speed %g", s.shotSpeed)
	}
	for i := 0; i < 30; i++ {
		s.changeSpeed(-1)
	}
	if s.shotSpeed != minShotSpeed {
		t.Fatalf("bottom speed %g", s.shotSpeed)
	}
	s.shotHalf = 0.1
	for i := 0; i < 40; i++ {
		s.changeSize(1.25)
	}
	if s.shotHalf != maxShotHalf {
		t.Fatalf("largest shot %g", s.shotHalf)
	}
}

func TestCameraControls(t *testing.T) {
	var c camera
	c.home = camera0{target: mgl64.Vec3{10, 1, 0}, yaw: -0.5, pitch: 0.4, dst: 20}
	c.reset()
	if d := c.eye().Sub(c.target).Len(); math.Abs(d-20) > 1e-9 {
		t.Fatalf("eye %v is %g from the target", c.eye(), d)
	}
	// Orbit keeps the target; fly keeps the eye.
	c.rotate(100, 20)
	if c.target != (mgl64.Vec3{10, 1, 0}) {
		t.Fatalf("orbit moved the target to %v", c.target)
	}
	c.fly = true
	eye := c.eye()
	c.rotate(-50, 10)
	if c.eye().Sub(eye).Len() > 1e-9 {
		t.Fatalf("fly rotation moved the eye from %v to %v", eye, c.eye())
	}
	c.move(1, 0, 0, false, 0.5)
	if moved := c.eye().Sub(eye); moved.Dot(c.forward()) <= 0 {
		t.Fatalf("W did not move forward: %v", moved)
	}
	c.zoom(100)
	if c.distance != minDistance {
		t.Fatalf("zoomed to %g", c.distance)
	}
	c.rotate(0, 1e6)
	if c.pitch > maxPitch {
		t.Fatalf("pitch %g past the limit", c.pitch)
	}
	c.reset()
	if c.target != (mgl64.Vec3{10, 1, 0}) || c.distance != 20 {
		t.Fatal("Home did not reset")
	}
}
