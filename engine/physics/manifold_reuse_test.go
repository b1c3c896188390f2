package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// reusedShare returns the fraction of the step's manifolds with points
// (awake ones) that were reused.
func reusedShare(w *World) float64 {
	n, r := 0, 0
	for i := range w.contacts.heads {
		m := w.contacts.at(int32(i))
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

// The face that kept a pair apart is tried first the next step
// (separatedOn): where it still separates the boxes, collideBoxes must
// find no points, or the shortcut would drop a contact. Over random pairs
// of boxes near each other, and the same pairs moved a little: whenever
// separatedOn holds, collideBoxes is empty; and the face collideBoxes
// names for an empty pair separates it.
func TestSeparatedOnMatchesCollide(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 2026))
	box := func(c vec3) (boxShape, vec3, mgl64.Quat, vec3) {
		half := vec3{0.1 + rng.Float64(), 0.1 + rng.Float64(), 0.1 + rng.Float64()}
		axis := vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		q := mgl64.QuatRotate(rng.Float64()*2*math.Pi, axis)
		var r mat3
		rotationInto(&r, &q)
		var s boxShape
		s.set(&c, &half, &r)
		return s, c, q, half
	}
	held, named := 0, 0
	for i := 0; i < 200_000; i++ {
		A, _, _, _ := box(vec3{})
		d := vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(1.0)
		B, cb, qb, hb := box(d)
		margin := 0.05 * rng.Float64()
		var raw rawManifold
		collideBoxes(&A, &B, margin, 0.005, false, &raw)
		if raw.count == 0 && raw.apart != sepNone {
			named++
			if !separatedOn(&A, &B, raw.apart, margin) {
				t.Fatalf("pair %d: collideBoxes names face %d, which does not separate it", i, raw.apart)
			}
		}
		hint := raw.apart
		if hint == sepNone {
			continue
		}
		// B moved and turned a little, as a step moves it.
		cb = cb.Add(vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.02))
		qb = mgl64.QuatRotate(0.05*rng.NormFloat64(), vec3{0, 1, 0}).Mul(qb).Normalize()
		var r mat3
		rotationInto(&r, &qb)
		B.set(&cb, &hb, &r)
		collideBoxes(&A, &B, margin, 0.005, false, &raw)
		if separatedOn(&A, &B, hint, margin) {
			held++
		}
		for f := sepFaceA0; f < sepFaceB0+3; f++ {
			if separatedOn(&A, &B, f, margin) && raw.count != 0 {
				t.Fatalf("pair %d: face %d separates the boxes, but collideBoxes found %d points", i, f, raw.count)
			}
		}
	}
	t.Logf("%d pairs with a separating face, %d held after a move", named, held)
	if named < 50_000 || held < 10_000 {
		t.Fatalf("too few cases exercised: %d pairs with a separating face, %d held after a move", named, held)
	}
}
