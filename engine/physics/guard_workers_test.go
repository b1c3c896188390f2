package physics

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// guardWorld is a ground slab and 2,000 boxes of which every third has
// just moved from above the ground to inside it (its centre entered the
// slab's interior this step), moving down.
func guardWorld(t *testing.T, workers int) *World {
	def := DefaultWorldDef()
	def.Workers = workers
	def.Sleep = false
	w := mustWorld(t, def)
	ground(t, w)
	for i := 0; i < 2000; i++ {
		mustBody(t, w, cube(fmt.Sprint("b", i), mgl64.Vec3{float64(i%40) * 2, 3, float64(i/40) * 2}))
	}
	for i := range w.bodies {
		b := &w.bodies[i]
		b.prevPos = b.pos
		if i%3 == 0 {
			b.pos[1] = -0.2
			w.sb[i].v = sv{0, -12, 0.5}
		}
	}
	return w
}

// The centre guard runs over the workers (checkMotion): on 1 worker it puts
// every centre that entered the ground back above it, moving out of it, and
// counts each once; on 2 and 4 it does the same to the same bits.
func TestGuardSameOnWorkers(t *testing.T) {
	ref := guardWorld(t, 1)
	ref.checkMotion()
	want := uint64((len(ref.bodies) + 2) / 3)
	if g := ref.counters.Guarded; g != want {
		t.Fatalf("1 worker: %d centres put back, want %d", g, want)
	}
	for i := 0; i < len(ref.bodies); i += 3 {
		if p, v := ref.bodies[i].pos, ref.sb[i].v; p[1] < 0 || v.y < 0 {
			t.Fatalf("1 worker: body %d left at %v moving %v, want above the ground and not into it", i, p, v)
		}
	}
	for _, workers := range []int{2, 4} {
		w := guardWorld(t, workers)
		w.par.begin()
		w.checkMotion()
		w.par.end()
		if i, ok := sameBodies(ref, w); !ok {
			t.Fatalf("%d workers: body %d is %+v, on 1 worker %+v", workers, i, w.Body(i), ref.Body(i))
		}
		if g := w.counters.Guarded; g != want {
			t.Fatalf("%d workers: %d centres put back, want %d", workers, g, want)
		}
	}
}
