package gfx

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// staticCells holds the statics for culling: the floors apart (few, large,
// always tested), the rest bucketed once, at load, by the cell of a uniform
// grid over x and z that their centre falls in. Each cell's box is the
// union of its members' boxes, so a cell outside a frustum drops all of
// them at once and a frame costs about the cells plus the visible statics.
type staticCells struct {
	floors    []Instance
	floorBox  []aabb32
	inst      []Instance // the other statics, in cell order
	box       []aabb32   // inst's world boxes
	cellStart []int32    // cell c holds inst[cellStart[c]:cellStart[c+1]]
	cellBox   []aabb32
	out       []Instance // this pass's visible statics; never reallocated
}

// aabb32 is a world box, m.
type aabb32 struct{ lo, hi [3]float32 }

// cellTarget is the statics per cell the grid aims at: fewer cells cost
// more member tests, more cells more cell tests.
const cellTarget = 8

// build buckets s (the first floors of them floors) into cells.
func (g *staticCells) build(s []Instance, floors int) {
	g.floors = append(g.floors[:0], s[:floors]...)
	g.floorBox = g.floorBox[:0]
	for i := range g.floors {
		g.floorBox = append(g.floorBox, instanceBox(&g.floors[i]))
	}
	rest := s[floors:]
	n := len(rest)
	g.out = make([]Instance, 0, len(s))
	g.inst, g.box, g.cellBox = make([]Instance, n), make([]aabb32, n), g.cellBox[:0]
	if n == 0 {
		g.cellStart = append(g.cellStart[:0], 0)
		return
	}
	lo := [2]float32{float32(math.Inf(1)), float32(math.Inf(1))}
	hi := [2]float32{float32(math.Inf(-1)), float32(math.Inf(-1))}
	for i := range rest {
		c := rest[i].Center
		lo[0], lo[1] = min(lo[0], c[0]), min(lo[1], c[2])
		hi[0], hi[1] = max(hi[0], c[0]), max(hi[1], c[2])
	}
	// Square cells, about cellTarget statics each if they spread evenly.
	w, d := float64(hi[0]-lo[0]), float64(hi[1]-lo[1])
	cells := math.Max(1, float64(n)/cellTarget)
	size := math.Max(math.Sqrt(w*d/cells), math.Max(w, d)/math.Min(cells, 4096))
	if !(size > 0) {
		size = 1
	}
	nx, nz := int(w/size)+1, int(d/size)+1
	cellOf := func(c [3]float32) int {
		x := min(int(float64(c[0]-lo[0])/size), nx-1)
		z := min(int(float64(c[2]-lo[1])/size), nz-1)
		return z*nx + x
	}
	// Counting sort by cell keeps each cell's statics in scene order.
	g.cellStart = make([]int32, nx*nz+1)
	for i := range rest {
		g.cellStart[cellOf(rest[i].Center)+1]++
	}
	for c := 1; c < len(g.cellStart); c++ {
		g.cellStart[c] += g.cellStart[c-1]
	}
	next := append([]int32(nil), g.cellStart[:nx*nz]...)
	for i := range rest {
		c := cellOf(rest[i].Center)
		g.inst[next[c]] = rest[i]
		g.box[next[c]] = instanceBox(&rest[i])
		next[c]++
	}
	g.cellBox = make([]aabb32, nx*nz)
	for c := range g.cellBox {
		b := aabb32{lo: [3]float32{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))},
			hi: [3]float32{float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))}}
		for _, m := range g.box[g.cellStart[c]:g.cellStart[c+1]] {
			for k := 0; k < 3; k++ {
				b.lo[k], b.hi[k] = min(b.lo[k], m.lo[k]), max(b.hi[k], m.hi[k])
			}
		}
		g.cellBox[c] = b
	}
}

// instanceBox is the world box around an instance, whatever its rotation.
func instanceBox(in *Instance) aabb32 {
	q := mgl64.Quat{W: float64(in.Rot[3]), V: mgl64.Vec3{float64(in.Rot[0]), float64(in.Rot[1]), float64(in.Rot[2])}}
	m := q.Normalize().Mat4()
	var b aabb32
	for k := 0; k < 3; k++ {
		var e float64
		for j := 0; j < 3; j++ {
			e += math.Abs(m.At(k, j)) * float64(in.Half[j])
		}
		b.lo[k], b.hi[k] = in.Center[k]-float32(e), in.Center[k]+float32(e)
	}
	return b
}

// frustum is the six planes (a, b, c, d) of a view-projection's clip
// volume, inside where a x + b y + c z + d >= 0.
type frustum [6][4]float32

// setFrustum extracts the planes of m (column-major, GL clip -w..w).
func (f *frustum) set(m *mgl32.Mat4) {
	row := func(i int) [4]float32 { return [4]float32{m[i], m[4+i], m[8+i], m[12+i]} }
	r3 := row(3)
	for i := 0; i < 3; i++ {
		ri := row(i)
		for k := 0; k < 4; k++ {
			f[2*i][k] = r3[k] + ri[k]
			f[2*i+1][k] = r3[k] - ri[k]
		}
	}
}

// outside reports whether box b is wholly outside some plane; a box it
// keeps may still be outside (near the frustum's corners): drawn, not lost.
func (f *frustum) outside(b *aabb32) bool {
	for i := range f {
		p := &f[i]
		x, y, z := b.lo[0], b.lo[1], b.lo[2]
		if p[0] > 0 {
			x = b.hi[0]
		}
		if p[1] > 0 {
			y = b.hi[1]
		}
		if p[2] > 0 {
			z = b.hi[2]
		}
		if p[0]*x+p[1]*y+p[2]*z+p[3] < 0 {
			return true
		}
	}
	return false
}

// visible fills g.out with the statics not outside f, the floors first
// when withFloors, and returns it.
func (g *staticCells) visible(f *frustum, withFloors bool) []Instance {
	g.out = g.out[:0]
	if withFloors {
		for i := range g.floors {
			if !f.outside(&g.floorBox[i]) {
				g.out = append(g.out, g.floors[i])
			}
		}
	}
	for c := range g.cellBox {
		s, e := g.cellStart[c], g.cellStart[c+1]
		if s == e || f.outside(&g.cellBox[c]) {
			continue
		}
		for i := s; i < e; i++ {
			if !f.outside(&g.box[i]) {
				g.out = append(g.out, g.inst[i])
			}
		}
	}
	return g.out
}
