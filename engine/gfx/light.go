package gfx

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Light is the scene lighting. Colours are linear RGB.
type Light struct {
	SunDir    mgl64.Vec3 // direction the sunlight travels (need not be unit)
	SunColor  [3]float32
	SkyColor  [3]float32 // ambient from above, the clear colour and the fog colour
	Ground    [3]float32 // ambient bounced from below
	FogMeters float64    // distance at which fog covers ~63%, m
}

// DefaultLight is a sun about 45 degrees high whose light travels toward +x
// and somewhat -z: the default camera (looking down the range toward +x and
// across it toward -z) sees lit -x and +z faces (the walls' fronts, the
// pyramid's face), and shadows fall away from it, where they are seen
// rather than hidden behind what casts them.
func DefaultLight() Light {
	return Light{
		SunDir:    mgl64.Vec3{0.62, -0.72, -0.32},
		SunColor:  [3]float32{1.05, 0.98, 0.88},
		SkyColor:  [3]float32{0.42, 0.60, 0.88},
		Ground:    [3]float32{0.30, 0.27, 0.22},
		FogMeters: 260,
	}
}

// sunViewProj fits the sun's orthographic frustum around the camera target,
// larger the further the camera is, snapped to whole shadow texels so that
// shadow edges do not crawl as the camera moves.
func (r *Renderer) sunViewProj(cam Camera) mgl32.Mat4 {
	dir := r.Light.SunDir
	if dir.Len() == 0 {
		dir = mgl64.Vec3{0, -1, 0}
	}
	dir = dir.Normalize()
	focus := cam.Target
	radius := math.Min(math.Max(cam.Eye.Sub(cam.Target).Len()*1.3+6, 14), 120)
	up := mgl64.Vec3{0, 1, 0}
	if math.Abs(dir[1]) > 0.99 {
		up = mgl64.Vec3{0, 0, 1}
	}
	view := mgl64.LookAtV(mgl64.Vec3{}, dir, up)
	// Snap the focus in light space to texels.
	texel := 2 * radius / float64(r.shadowMap.Size())
	fl := view.Mul4x1(focus.Vec4(1))
	fl[0] = math.Floor(fl[0]/texel) * texel
	fl[1] = math.Floor(fl[1]/texel) * texel
	depth := radius * 4
	proj := mgl64.Ortho(fl[0]-radius, fl[0]+radius, fl[1]-radius, fl[1]+radius, -fl[2]-depth, -fl[2]+depth)
	return mat32(proj.Mul4(view))
}
