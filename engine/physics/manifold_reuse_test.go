package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// reusedShare returns the fraction of the step's manifolds with points
// (awake ones) that were reused.
func reusedShare(w *World) float64 {
	n, r := 0, 0
	for i := range w.contacts.list {
		m := &w.contacts.list[i]
		if m.flags&(mfAsleep|mfEmpty) != 0 {
			continue
		}
		n++
		if m.flags&mfReused != 0 {
			r++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(r) / float64(n)
}

// Resting contacts reuse their manifolds; a sliding box gets fresh ones
// (its pose against the ground moves by centimetres a step); and the reuse
// does not change how a tower settles: its top ends within a millimetre of
// where it ends when every manifold is computed afresh.
func TestManifoldReuse(t *testing.T) {
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildTower(t, def, 10)
	fresh := buildTower(t, def, 10)
	fresh.opt.noReuse = true
	run(w, 120, 1.0/60)
	run(fresh, 120, 1.0/60)
	if s := reusedShare(w); s < 0.9 {
		t.Errorf("resting tower: %.0f%% of manifolds reused, want most", 100*s)
	}
	if s := reusedShare(fresh); s != 0 {
		t.Errorf("reuse switched off, yet %.0f%% reused", 100*s)
	}
	top := w.NumBodies() - 1
	if d := w.Body(top).Curr.Center.Sub(fresh.Body(top).Curr.Center).Len(); d > 1e-3 {
		t.Errorf("tower top with reuse %v, without %v: %.4f m apart", w.Body(top).Curr.Center, fresh.Body(top).Curr.Center, d)
	}

	s := mustWorld(t, def)
	ground(t, s)
	d := cube("slider", mgl64.Vec3{0, 0.5, 0})
	d.Velocity = mgl64.Vec3{5, 0, 0}
	mustBody(t, s, d)
	run(s, 5, 1.0/60)
	for k := 0; k < 20; k++ {
		s.Step(1.0/60, nil)
		if r := reusedShare(s); r != 0 {
			t.Fatalf("step %d: a box sliding at %.2f m/s reused its manifold", k, s.Body(0).Velocity.Len())
		}
	}
	if v := s.Body(0).Velocity.Len(); math.Abs(v) < 1 {
		t.Fatalf("the slider stopped too soon (%.2f m/s): the test did not test sliding", v)
	}
}
