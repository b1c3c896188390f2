package gfx

import (
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"
)

// Instance is one box as the GPU reads it: 14 float32, 56 bytes, in the
// layout of shaders/box.vert (locations 2..5).
type Instance struct {
	Center [3]float32 // m, world
	Half   [3]float32 // half extents, m
	Rot    [4]float32 // orientation quaternion x, y, z, w
	// Color is the linear albedo rgb; alpha is the strength of the world-space
	// checker and grid (0 for bodies, 0.3..0.6 for the ground and walls).
	Color [4]float32
}

// instanceBytes is the stride of the instance buffer; the array below stops
// the build if the struct and the stride disagree.
const instanceBytes = 56

var _ = [1]struct{}{}[unsafe.Sizeof(Instance{})-instanceBytes]

// MakeInstance converts a float64 pose to an instance.
func MakeInstance(center, half mgl64.Vec3, q mgl64.Quat, color [4]float32) Instance {
	return Instance{
		Center: [3]float32{float32(center[0]), float32(center[1]), float32(center[2])},
		Half:   [3]float32{float32(half[0]), float32(half[1]), float32(half[2])},
		Rot:    [4]float32{float32(q.V[0]), float32(q.V[1]), float32(q.V[2]), float32(q.W)},
		Color:  color,
	}
}

// cubeVertices is the unit cube [-1, 1]^3 as 24 vertices (4 per face, so
// each face has its own normal): position xyz, normal xyz.
var cubeVertices = func() []float32 {
	faces := [6][3]float32{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	var v []float32
	for _, n := range faces {
		// Two axes spanning the face, ordered so that u x w = n (CCW outside).
		var u, w [3]float32
		switch {
		case n[0] != 0:
			u, w = [3]float32{0, n[0], 0}, [3]float32{0, 0, 1}
		case n[1] != 0:
			u, w = [3]float32{0, 0, n[1]}, [3]float32{1, 0, 0}
		default:
			u, w = [3]float32{n[2], 0, 0}, [3]float32{0, 1, 0}
		}
		for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			for k := 0; k < 3; k++ {
				v = append(v, n[k]+c[0]*u[k]+c[1]*w[k])
			}
			v = append(v, n[0], n[1], n[2])
		}
	}
	return v
}()

// cubeIndices are the 36 indices of the cube's 12 triangles.
var cubeIndices = func() []uint16 {
	var ix []uint16
	for f := uint16(0); f < 6; f++ {
		b := f * 4
		ix = append(ix, b, b+1, b+2, b, b+2, b+3)
	}
	return ix
}()
