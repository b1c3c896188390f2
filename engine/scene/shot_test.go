package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A shot starts clear of the eye, flies along the view at the asked speed
// as a bullet of ShotMass; a plate is 30 times thinner than wide and
// tumbles about the horizontal axis across the shot, fired straight up too.
func TestShot(t *testing.T) {
	eye := mgl64.Vec3{1, 2, 3}
	for _, dir := range []mgl64.Vec3{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}} {
		cube := Shot("s", eye, dir, 300, 0.1, false)
		if cube.Mass != ShotMass || !cube.Bullet || cube.Name != "s" || cube.Velocity != dir.Mul(300) {
			t.Fatalf("dir %v: cube %+v", dir, cube)
		}
		if d := cube.Center.Sub(eye); d.Dot(dir) < 1+0.1-1e-12 || d.Sub(dir.Mul(d.Dot(dir))).Len() > 1e-12 {
			t.Errorf("dir %v: cube starts at %v, want on the line of sight beyond the eye by 1 m and its half size", dir, cube.Center)
		}
		if cube.AngularVelocity != (mgl64.Vec3{}) {
			t.Errorf("dir %v: cube spins %v", dir, cube.AngularVelocity)
		}
		plate := Shot("p", eye, dir, 300, 0.1, true)
		h := plate.Half
		if math.Abs(h[0]/h[1]-30) > 1e-9 || h[0] != h[2] {
			t.Errorf("dir %v: plate half extents %v, want 30 times thinner in y", dir, h)
		}
		w := plate.AngularVelocity
		if math.Abs(w.Len()-plateSpin) > 1e-9 || math.Abs(w.Dot(dir)) > 1e-9 || math.Abs(w[1]) > 1e-9 {
			t.Errorf("dir %v: plate spins %v, want %v rad/s about a horizontal axis across the shot", dir, w, float64(plateSpin))
		}
	}
}
