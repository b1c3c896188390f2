package ccd

import "github.com/go-gl/mathgl/mgl64"

// AABB is an axis-aligned box in world space, in metres. A valid box has
// Min[i] <= Max[i] on every axis.
type AABB struct {
	Min, Max mgl64.Vec3
}

// FromCenterHalf returns the box centred at c with half extents half (metres, >= 0).
func FromCenterHalf(c, half mgl64.Vec3) AABB {
	return AABB{Min: c.Sub(half), Max: c.Add(half)}
}

// Center returns the midpoint of b.
func (b AABB) Center() mgl64.Vec3 {
	return mgl64.Vec3{
		0.5 * (b.Min[0] + b.Max[0]),
		0.5 * (b.Min[1] + b.Max[1]),
		0.5 * (b.Min[2] + b.Max[2]),
	}
}

// Half returns the half extents of b.
func (b AABB) Half() mgl64.Vec3 {
	return mgl64.Vec3{
		0.5 * (b.Max[0] - b.Min[0]),
		0.5 * (b.Max[1] - b.Min[1]),
		0.5 * (b.Max[2] - b.Min[2]),
	}
}

// Translate returns b moved by d.
func (b AABB) Translate(d mgl64.Vec3) AABB {
	return AABB{Min: b.Min.Add(d), Max: b.Max.Add(d)}
}

// Expand returns b grown by r (metres, >= 0) on every side.
func (b AABB) Expand(r float64) AABB {
	return AABB{
		Min: mgl64.Vec3{b.Min[0] - r, b.Min[1] - r, b.Min[2] - r},
		Max: mgl64.Vec3{b.Max[0] + r, b.Max[1] + r, b.Max[2] + r},
	}
}

// Union returns the smallest box holding both b and o.
func (b AABB) Union(o AABB) AABB {
	var u AABB
	for i := 0; i < 3; i++ {
		u.Min[i] = min(b.Min[i], o.Min[i])
		u.Max[i] = max(b.Max[i], o.Max[i])
	}
	return u
}

// Overlaps reports whether the interiors of b and o overlap. Boxes that only
// touch (share a face, edge or corner) do not overlap.
func (b AABB) Overlaps(o AABB) bool {
	return b.Min[0] < o.Max[0] && o.Min[0] < b.Max[0] &&
		b.Min[1] < o.Max[1] && o.Min[1] < b.Max[1] &&
		b.Min[2] < o.Max[2] && o.Min[2] < b.Max[2]
}

// Penetration returns how deep the interiors of b and o overlap along each
// axis, in metres (positive = overlapping on that axis, zero or negative =
// separated by that much). Boxes overlap when all three are positive.
func (b AABB) Penetration(o AABB) mgl64.Vec3 {
	var p mgl64.Vec3
	for i := 0; i < 3; i++ {
		p[i] = min(b.Max[i], o.Max[i]) - max(b.Min[i], o.Min[i])
	}
	return p
}
