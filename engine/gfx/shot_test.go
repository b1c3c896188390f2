package gfx

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// TestShotStopsAtThinWallWithMarker fires a 3,000 m/s projectile at the
// range's 1 mm wall (50 m per step at 60 Hz, far more than the wall and the
// projectile are thick). With CCD the projectile must end in front of the
// wall, the impact must be recorded, and a hit marker must be drawn where
// the camera sees the impact point; the same frame with markers off has no
// marker pixels there (so the check can fail).
func TestShotStopsAtThinWallWithMarker(t *testing.T) {
	const width, height = 480, 320
	sc, w := rangeWorld(t, 0)
	dt := sc.StepSeconds()
	wall := -1
	for i := 0; i < w.NumStatics(); i++ {
		if w.Static(i).Name == "wall-1mm" {
			wall = i
		}
	}
	if wall < 0 {
		t.Fatal("range has no wall-1mm")
	}
	ws := w.Static(wall)
	target := ws.Min.Add(ws.Max).Mul(0.5)
	shot := physics.DefaultBodyDef()
	shot.Name = "test-shot"
	shot.Center = mgl64.Vec3{0, target[1], target[2]}
	shot.Half = mgl64.Vec3{0.05, 0.05, 0.05}
	shot.Velocity = mgl64.Vec3{3000, 0, 0}
	shot.Mass = 0.1
	shot.Bullet = true

	v := NewWorldView(interp.Lerp)
	hits := func(now float64) {
		for _, h := range w.Events().CCDHits {
			v.AddHit(h, now)
		}
	}
	w.Step(dt, []physics.Input{{Kind: physics.InputFire, Fire: shot}})
	hits(0)
	for i := 0; i < 5; i++ {
		w.Step(dt, nil)
		hits(float64(i+1) * dt)
	}
	id, ok := w.FindBody("test-shot")
	if !ok {
		t.Fatal("the shot was not created")
	}
	b, _ := w.BodyByID(id)
	if front := b.Curr.Center[0] + b.Half[0]; front > ws.Min[0]+1e-9 {
		t.Fatalf("projectile front at x=%.4f is past the 1 mm wall's face at x=%.4f (CCD %v)", front, ws.Min[0], w.CCD())
	}
	if v.Markers.Len() == 0 {
		t.Fatal("no CCD hit recorded for the shot")
	}
	hit := v.Markers.At(0)
	if hit.Point[0] < ws.Min[0]-0.2 || hit.Point[0] > ws.Max[0]+0.2 {
		t.Fatalf("first hit at %v, not on the 1 mm wall (x %.3f..%.3f)", hit.Point, ws.Min[0], ws.Max[0])
	}

	cam := Camera{Eye: hit.Point.Add(mgl64.Vec3{-6, 1.5, 3}), Target: hit.Point}
	withRenderer(t, width, height, func(win *glfw.Window, r *Renderer, fw, fh int) error {
		r.SetStatics(Statics(w))
		count := func(markers bool) (int, error) {
			var lines, overlay LineBatch
			v.Debug.HitMarkers = markers
			v.Build(w, 0.5, dt, 1, &lines, &overlay)
			if err := r.Render(&Frame{Width: fw, Height: fh, Camera: cam, Dynamic: v.Dynamic, Lines: &lines, Overlay: &overlay}); err != nil {
				return 0, err
			}
			img, err := ReadPixels(fw, fh)
			if err != nil {
				return 0, err
			}
			if markers {
				keepImage(t, "shot_marker.png", img)
				// The projectile itself is drawn in front of the wall.
				px, py := projectPx(t, cam, b.Curr.Center, fw, fh)
				if n := countNear(img, px, py, 3, rgb.isBullet); n == 0 {
					t.Errorf("no projectile pixels around (%d,%d)", px, py)
				}
			}
			x, y := projectPx(t, cam, hit.Point, fw, fh)
			return countNear(img, x, y, 12, rgb.isMarker), nil
		}
		with, err := count(true)
		if err != nil {
			return err
		}
		without, err := count(false)
		if err != nil {
			return err
		}
		if with < 20 || without > 2 {
			t.Errorf("marker pixels around the hit: %d with markers, %d without; want many and none", with, without)
		}
		return nil
	})
}
