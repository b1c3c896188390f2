package gfx

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Camera is a perspective camera looking from Eye at Target. The app's
// orbit and fly controls produce one each frame; tests use the same type to
// find where a world point lands on screen.
type Camera struct {
	Eye, Target mgl64.Vec3 // m, world
	Up          mgl64.Vec3 // zero means +y
	FovY        float64    // vertical field of view, radians, (0, pi); zero means 50 degrees
	Near, Far   float64    // clip distances, m; zero means 0.05 and 2000
}

func (c Camera) withDefaults() Camera {
	if c.Up == (mgl64.Vec3{}) {
		c.Up = mgl64.Vec3{0, 1, 0}
	}
	if c.FovY <= 0 || c.FovY >= math.Pi {
		c.FovY = mgl64.DegToRad(50)
	}
	if c.Near <= 0 {
		c.Near = 0.05
	}
	if c.Far <= c.Near {
		c.Far = 2000
	}
	return c
}

// View is the world-to-eye matrix.
func (c Camera) View() mgl32.Mat4 {
	c = c.withDefaults()
	return mat32(mgl64.LookAtV(c.Eye, c.Target, c.Up))
}

// Proj is the projection matrix for a framebuffer of width x height pixels.
func (c Camera) Proj(width, height int) mgl32.Mat4 {
	c = c.withDefaults()
	aspect := 1.0
	if width > 0 && height > 0 {
		aspect = float64(width) / float64(height)
	}
	return mat32(mgl64.Perspective(c.FovY, aspect, c.Near, c.Far))
}

// ViewProj is Proj * View.
func (c Camera) ViewProj(width, height int) mgl32.Mat4 {
	return c.Proj(width, height).Mul4(c.View())
}

// Project returns the pixel (x right, y down from the top-left corner, as in
// an image) where world point p is drawn in a width x height framebuffer, and
// whether it is in front of the camera and inside the view.
func (c Camera) Project(p mgl64.Vec3, width, height int) (x, y float64, ok bool) {
	clip := c.ViewProj(width, height).Mul4x1(mgl32.Vec4{float32(p[0]), float32(p[1]), float32(p[2]), 1})
	if clip[3] <= 0 {
		return 0, 0, false
	}
	nx, ny := float64(clip[0]/clip[3]), float64(clip[1]/clip[3])
	x = (nx*0.5 + 0.5) * float64(width)
	y = (1 - (ny*0.5 + 0.5)) * float64(height)
	return x, y, nx >= -1 && nx <= 1 && ny >= -1 && ny <= 1
}

// Forward is the unit view direction.
func (c Camera) Forward() mgl64.Vec3 {
	d := c.Target.Sub(c.Eye)
	if d.Len() == 0 {
		return mgl64.Vec3{0, 0, -1}
	}
	return d.Normalize()
}

func mat32(m mgl64.Mat4) mgl32.Mat4 {
	var o mgl32.Mat4
	for i := range m {
		o[i] = float32(m[i])
	}
	return o
}
