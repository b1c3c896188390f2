package gfx

import (
	"math"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// TestInterpolationModesMoveDrawnBox steps a crate flying at 60 m/s (1 m
// per tick) once, then draws it at alpha 0.5 in every mode: the crate's
// pixels must sit where interp.BodyPose puts it (off: curr, lerp and slerp:
// halfway, extrapolate: half a step past curr), so the modes visibly differ.
func TestInterpolationModesMoveDrawnBox(t *testing.T) {
	const width, height, alpha, dt = 320, 240, 0.5, 1.0 / 60
	def := physics.DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	w, err := physics.NewWorld(def)
	if err != nil {
		t.Fatal(err)
	}
	d := physics.DefaultBodyDef()
	d.Name, d.Half, d.Velocity = "flyer", mgl64.Vec3{0.4, 0.4, 0.4}, mgl64.Vec3{60, 0, 0}
	if _, err := w.AddBody(d); err != nil {
		t.Fatal(err)
	}
	w.Step(dt, nil)
	b := w.Body(0)
	if b.Curr.Center.Sub(b.Prev.Center).Len() < 0.9 {
		t.Fatalf("the crate moved only %v in a step", b.Curr.Center.Sub(b.Prev.Center))
	}
	cam := Camera{Eye: mgl64.Vec3{0.75, 1.5, 8}, Target: mgl64.Vec3{0.75, 0, 0}}
	drawnX := map[interp.Mode]float64{}
	withRenderer(t, width, height, func(win *glfw.Window, r *Renderer, fw, fh int) error {
		for _, m := range interp.Modes() {
			v := NewWorldView(m)
			v.Build(w, alpha, dt, 0, nil, nil)
			if err := r.Render(&Frame{Width: fw, Height: fh, Camera: cam, Dynamic: v.Dynamic}); err != nil {
				return err
			}
			img, err := ReadPixels(fw, fh)
			if err != nil {
				return err
			}
			keepImage(t, "interp_"+m.String()+".png", img)
			cx, _, n := centroid(img, rgb.isCrate)
			if n < 50 {
				t.Errorf("%s: only %d crate pixels", m, n)
				continue
			}
			want := interp.BodyPose(m, b, alpha, dt).Center
			px, _ := projectPx(t, cam, want, fw, fh)
			// A box's pixel centroid sits within a few pixels of its
			// projected centre at this size and distance.
			if math.Abs(cx-float64(px)) > 4 {
				t.Errorf("%s: crate drawn around x=%.1f px, BodyPose %v projects to x=%d", m, cx, want, px)
			}
			drawnX[m] = cx
		}
		return nil
	})
	// 0.5 m between the modes is about 16 px here.
	if !(drawnX[interp.Lerp] < drawnX[interp.Off]-8 && drawnX[interp.Off] < drawnX[interp.Extrapolate]-8) {
		t.Errorf("modes not drawn in order lerp < off < extrapolate: %v", drawnX)
	}
	if math.Abs(drawnX[interp.Lerp]-drawnX[interp.Slerp]) > 1 {
		t.Errorf("lerp and slerp draw a non-spinning box at different places: %v", drawnX)
	}
}
