package physics

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A heap of random boxes (sizes 5 cm to 1 m, thin plates included, random
// orientations and masses) dropped into a walled pit: nothing becomes NaN,
// nothing leaves the pit through a wall or the floor, and the heap comes to
// rest and (mostly) sleeps.
func TestRandomHeapSettles(t *testing.T) {
	w := heapWorld(t)
	for k := 0; k < 1500; k++ {
		w.Step(1.0/60, nil)
		for i := 0; i < w.NumBodies(); i++ {
			c := w.Body(i).Curr.Center
			if math.IsNaN(c[0] + c[1] + c[2]) {
				t.Fatalf("tick %d: body %d is NaN", k, i)
			}
			if math.Abs(c[0]) > 5 || math.Abs(c[2]) > 5 || c[1] < 0 {
				t.Fatalf("tick %d: %s left the pit: %v", k, w.Body(i).Name, c)
			}
		}
	}
	if c := w.Counters(); c.Tunnels != 0 {
		t.Errorf("counters %+v", c)
	}
	// Most of the heap sleeps. A box balanced on two crossed edges (two
	// single-point contacts) can rock on them like a rocking chair for a
	// long time, since nothing in a point contact dissipates that motion,
	// and keeps its island awake: allow that, but only slowly.
	if a := w.NumAwake(); a > w.NumBodies()/5 {
		t.Errorf("%d of %d bodies still awake after 25 s", a, w.NumBodies())
	}
	for i := 0; i < w.NumBodies(); i++ {
		if b := w.Body(i); b.Velocity.Len() > 0.1 {
			t.Errorf("%s still moving at %v after 25 s", b.Name, b.Velocity)
		}
	}
}

// heapWorld builds the random heap of TestRandomHeapSettles: 150 boxes of
// random sizes, masses and materials dropped into a walled pit.
func heapWorld(t testing.TB) *World { return heapWorldSeed(t, 7) }

// heapWorldSeed is heapWorld with another random seed.
func heapWorldSeed(t testing.TB, seed uint64) *World {
	rng := rand.New(rand.NewPCG(seed, 11))
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	mustStatic(t, w, "wall-x0", mgl64.Vec3{-5.1, 0, -5}, mgl64.Vec3{-5, 8, 5})
	mustStatic(t, w, "wall-x1", mgl64.Vec3{5, 0, -5}, mgl64.Vec3{5.1, 8, 5})
	mustStatic(t, w, "wall-z0", mgl64.Vec3{-5, 0, -5.1}, mgl64.Vec3{5, 8, -5})
	mustStatic(t, w, "wall-z1", mgl64.Vec3{-5, 0, 5}, mgl64.Vec3{5, 8, 5.1})
	for i := 0; i < 150; i++ {
		d := DefaultBodyDef()
		d.Name = fmt.Sprint("r", i)
		for k := 0; k < 3; k++ {
			d.Half[k] = 0.025 + rng.Float64()*0.45
		}
		if i%10 == 0 {
			d.Half[i%3] = 0.01 // a plate
		}
		d.Center = mgl64.Vec3{rng.Float64()*8 - 4, 1 + float64(i)*0.12, rng.Float64()*8 - 4}
		d.Orientation = mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}}.Normalize()
		d.Mass = 0.2 + rng.Float64()*5
		d.Friction = rng.Float64()
		d.Restitution = rng.Float64() * 0.3
		d.AngularVelocity = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		mustBody(t, w, d)
	}
	return w
}
