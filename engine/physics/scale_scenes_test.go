package physics

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The scenes of issue 36, the worlds that grow with the slabs or the
// bullets; scripts/scale-scenes.py writes the same layouts as scene files
// for the side-by-side runs with Box3D (docs/speed-notes.md).

// pillarSpacing is the distance between pillar centres, m.
const pillarSpacing = 4.0

// buildPillars builds a level of nStatics slabs: a ground whose top is
// y = 0 under a square grid of pillars (1 x 4 x 1 m, pillarSpacing apart),
// nStatics-1 of them, with falling boxes (1 m cubes in a 10 x 10 lattice of
// layers over the middle, half of them above pillars, half between) and
// fast ones (1 m cubes at 120 m/s along x or z among the pillars, 1 m up).
// bullets of the fast ones are bullets.
func buildPillars(t testing.TB, def WorldDef, nStatics, falling, fast, bullets int) *World {
	w := mustWorld(t, def)
	pillars := nStatics - 1
	side := int(math.Ceil(math.Sqrt(float64(pillars))))
	half := float64(side)*pillarSpacing/2 + 10
	mustStatic(t, w, "ground", mgl64.Vec3{-half, -1, -half}, mgl64.Vec3{half, 0, half})
	for k := 0; k < pillars; k++ {
		x := (float64(k%side) - float64(side-1)/2) * pillarSpacing
		z := (float64(k/side) - float64(side-1)/2) * pillarSpacing
		mustStatic(t, w, "", mgl64.Vec3{x - 0.5, 0, z - 0.5}, mgl64.Vec3{x + 0.5, 4, z + 0.5})
	}
	for k := 0; k < falling; k++ {
		a, c, layer := k%10, k/10%10, k/100
		d := DefaultBodyDef()
		d.Center = mgl64.Vec3{float64(a-5)*pillarSpacing/2 + 0.1*float64(layer%3), 6 + 1.5*float64(layer), float64(c-5) * pillarSpacing / 2}
		d.AngularVelocity = mgl64.Vec3{0, 0.2 * float64(k%5), 0}
		mustBody(t, w, d)
	}
	for k := 0; k < fast; k++ {
		d := DefaultBodyDef()
		lane := float64(k/4-fast/8) * pillarSpacing
		along := float64(k%4) * 3
		speed := 120.0
		switch k % 4 {
		case 0:
			d.Center, d.Velocity = mgl64.Vec3{-along, 1, lane}, mgl64.Vec3{-speed, 0, 0}
		case 1:
			d.Center, d.Velocity = mgl64.Vec3{along, 1, lane}, mgl64.Vec3{speed, 0, 0}
		case 2:
			d.Center, d.Velocity = mgl64.Vec3{lane, 1, -along}, mgl64.Vec3{0, 0, -speed}
		default:
			d.Center, d.Velocity = mgl64.Vec3{lane, 1, along}, mgl64.Vec3{0, 0, speed}
		}
		d.Bullet = k < bullets
		mustBody(t, w, d)
	}
	return w
}

// bulletLayers is how many layers of the 2 m lattice buildBulletBox
// stacks: the box widens with the count instead of growing taller, so
// that the heap its bodies make on the floor is as deep for any count.
const bulletLayers = 8

// buildBulletBox builds a closed box of 0.4 m walls holding n boxes (half
// 0.25 m) on a 2 m lattice of bulletLayers layers, the box's inside 2 m
// per lattice step, each fired at 250 m/s in a direction of a seeded draw;
// every plainEvery-th one (0: none) is a plain body, the rest are bullets.
func buildBulletBox(t testing.TB, def WorldDef, n, plainEvery int) *World {
	w := mustWorld(t, def)
	c := int(math.Ceil(math.Sqrt(float64(n) / bulletLayers)))
	L, H := 2*float64(c), 2.0*bulletLayers
	const th = 0.4
	slab := func(lo, hi mgl64.Vec3) { mustStatic(t, w, "", lo, hi) }
	slab(mgl64.Vec3{-th, -th, -th}, mgl64.Vec3{L + th, 0, L + th}) // floor
	slab(mgl64.Vec3{-th, H, -th}, mgl64.Vec3{L + th, H + th, L + th})
	slab(mgl64.Vec3{-th, 0, -th}, mgl64.Vec3{0, H, L + th})
	slab(mgl64.Vec3{L, 0, -th}, mgl64.Vec3{L + th, H, L + th})
	slab(mgl64.Vec3{0, 0, -th}, mgl64.Vec3{L, H, 0})
	slab(mgl64.Vec3{0, 0, L}, mgl64.Vec3{L, H, L + th})
	rng := rand.New(rand.NewSource(36))
	for k := 0; k < n; k++ {
		d := DefaultBodyDef()
		d.Name = fmt.Sprintf("b%d", k)
		d.Half = mgl64.Vec3{0.25, 0.25, 0.25}
		d.Center = mgl64.Vec3{1 + 2*float64(k%c), 1 + 2*float64(k/(c*c)), 1 + 2*float64(k/c%c)}
		dir := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		d.Velocity = dir.Mul(250)
		d.Bullet = plainEvery == 0 || k%plainEvery != 0
		mustBody(t, w, d)
	}
	return w
}

// escaped counts the bodies whose centres are outside the box of
// buildBulletBox (from the floor's top to the ceiling's bottom, between
// the walls).
func escaped(w *World) int {
	top := mgl64.Vec3{w.Static(3).Min[0], w.Static(1).Min[1], w.Static(5).Min[2]}
	out := 0
	for i := 0; i < w.NumBodies(); i++ {
		p := w.Body(i).Curr.Center
		for k := 0; k < 3; k++ {
			if !(p[k] >= 0 && p[k] <= top[k]) {
				out++
				break
			}
		}
	}
	return out
}

// pinnedScaleHashes are the state hashes of the two scenes, small, after
// 240 ticks, pinned on the code that tested every slab and every body
// (before the trees): the trees' queries must change no bit. Pinned again
// when a spin's bound resting on a slab stopped halting the body
// (spinTouch), and when a corner's or an edge's friction left the biased
// pass (frictionInPass): each changed the step's result on purpose.
var pinnedScaleHashes = map[string]uint64{
	"pillars": 0x0f90fd7a5dd7e58b,
	"bullets": 0xc8b1297c253f322a,
}

// TestScaleScenesPinned: a level of 2,000 slabs with falling, fast and
// bullet bodies, and a box of bullets and plain bodies, end in the state
// the brute-force queries gave, on 1 and on 3 workers.
func TestScaleScenesPinned(t *testing.T) {
	ticks := 240
	for _, workers := range []int{1, 3} {
		def := DefaultWorldDef()
		def.Workers = workers
		scenes := map[string]*World{
			"pillars": buildPillars(t, def, 2000, 300, 40, 12),
			"bullets": buildBulletBox(t, def, 400, 4),
		}
		for _, name := range []string{"pillars", "bullets"} {
			w := scenes[name]
			run(w, ticks, 1.0/60)
			c := w.Counters()
			t.Logf("%s, %d workers: hash %#016x, CCD hits %d, guarded %d, tunnels %d", name, workers, w.StateHash(), c.CCDHits, c.Guarded, c.Tunnels)
			if c.CCDHits == 0 {
				t.Errorf("%s: no CCD hits: the scene tests nothing", name)
			}
			if h := w.StateHash(); h != pinnedScaleHashes[name] {
				t.Errorf("%s, %d workers: state hash %#016x, pinned %#016x", name, workers, h, pinnedScaleHashes[name])
			}
		}
		if n := escaped(scenes["bullets"]); n != 0 {
			t.Errorf("%d bodies left the box", n)
		}
	}
}
