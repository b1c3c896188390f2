package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// grabbedPoint is where body i's point p (body axes) is now, world m.
func grabbedPoint(w *World, i int, p mgl64.Vec3) mgl64.Vec3 {
	b := w.Body(i)
	return b.Curr.Center.Add(b.Curr.Orientation.Rotate(p))
}

// dragFor steps w for n steps with body id's point p pulled toward target,
// and returns the highest speed (m/s) and spin (rad/s) any body reached.
func dragFor(w *World, id BodyID, p, target mgl64.Vec3, n int) (maxSpeed, maxSpin float64) {
	in := []Input{{Kind: InputDrag, Body: id, Point: p, Target: target}}
	for s := 0; s < n; s++ {
		w.Step(1.0/60, in)
		for i := 0; i < w.NumBodies(); i++ {
			b := w.Body(i)
			maxSpeed = math.Max(maxSpeed, b.Velocity.Len())
			maxSpin = math.Max(maxSpin, b.AngularVelocity.Len())
		}
	}
	return maxSpeed, maxSpin
}

// A crate grabbed by a top corner and pulled up and aside: the corner
// reaches the target and hangs there, the crate's speed never exceeds
// what a 5 Hz spring from rest can give it (omega times the distance: a
// damped spring stays below the undamped one's peak), and after 5 s it
// has come to rest, hanging from the corner (no energy pumped in by the
// drag). The crate also
// starts asleep: the drag wakes it.
func TestDragPullsTowardTargetBounded(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	id := mustBody(t, w, cube("crate", mgl64.Vec3{0, 0.5, 0}))
	run(w, 120, 1.0/60)
	if !w.Body(0).Sleeping {
		t.Fatal("the crate did not fall asleep in 2 s")
	}
	corner := mgl64.Vec3{0.5, 0.5, 0.5}
	target := mgl64.Vec3{2, 3, 1}
	d0 := grabbedPoint(w, 0, corner).Sub(target).Len()
	w.Step(1.0/60, []Input{{Kind: InputDrag, Body: id, Point: corner, Target: target}})
	if ev := w.Events(); w.Body(0).Sleeping || len(ev.Woke) != 1 || ev.Woke[0].Body != id {
		t.Fatalf("a drag on the sleeping crate: sleeping %v, wake events %+v", w.Body(0).Sleeping, ev.Woke)
	}
	speed2s, _ := dragFor(w, id, corner, target, 119)
	if d := grabbedPoint(w, 0, corner).Sub(target).Len(); d > 0.05 {
		t.Errorf("after 2 s the grabbed corner is %.3f m from the target (started %.2f m away)", d, d0)
	}
	speed5s, spin := dragFor(w, id, corner, target, 180)
	bound := 2 * math.Pi * DragHertz * d0
	t.Logf("start %.2f m away: top speed %.2f m/s (bound %.1f), spin %.2f rad/s over the last 3 s", d0, speed2s, bound, spin)
	if speed2s > bound || speed5s > bound {
		t.Errorf("top speed %.2f / %.2f m/s, above omega*d = %.1f m/s", speed2s, speed5s, bound)
	}
	// At rest the end-of-step velocity is not zero: the pull, applied
	// once at the step's start, and gravity over the step cancel out over
	// the step, so the crate moves by how far its centre went in the step.
	b := w.Body(0)
	if v, s := b.Curr.Center.Sub(b.Prev.Center).Len()*60, b.AngularVelocity.Len(); v > 0.01 || s > 0.05 {
		t.Errorf("after 5 s held: moving at %.3f m/s, spin %.3f rad/s; want it at rest", v, s)
	}
	if d := grabbedPoint(w, 0, corner).Sub(target).Len(); d > 0.05 {
		t.Errorf("after 5 s the grabbed corner is %.3f m from the target", d)
	}
}

// Pulling the middle crate of a stack of five hard aside for 5 s throws
// the stack about, but nothing explodes: no body goes faster than the
// spring's bound, and a second after letting go every body is slow.
func TestDragStackStaysBounded(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	var ids []BodyID
	for i := 0; i < 5; i++ {
		ids = append(ids, mustBody(t, w, cube("crate", mgl64.Vec3{0, 0.5 + float64(i), 0})))
	}
	run(w, 60, 1.0/60)
	p := mgl64.Vec3{0.5, 0, 0}
	target := mgl64.Vec3{4, 2.5, 0}
	d0 := grabbedPoint(w, 2, p).Sub(target).Len()
	speed, spin := dragFor(w, ids[2], p, target, 300)
	bound := 2 * math.Pi * DragHertz * d0
	t.Logf("top speed %.2f m/s (bound %.1f), spin %.2f rad/s", speed, bound, spin)
	if speed > bound || spin > 100 {
		t.Errorf("dragging the stack: top speed %.2f m/s (bound %.1f), spin %.2f rad/s", speed, bound, spin)
	}
	if d := grabbedPoint(w, 2, p).Sub(target).Len(); d > 0.25 {
		t.Errorf("the dragged crate's point is %.2f m from the target after 5 s", d)
	}
	run(w, 120, 1.0/60)
	for i := 0; i < w.NumBodies(); i++ {
		if v := w.Body(i).Velocity.Len(); v > 1 {
			t.Errorf("2 s after letting go body %d moves at %.2f m/s", i, v)
		}
	}
}

// However far the target, one step's pull is at most DragForcePerKg * m
// over the step: in free space the velocity change is capped.
func TestDragForceCapped(t *testing.T) {
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	w := mustWorld(t, def)
	d := cube("heavy", mgl64.Vec3{0, 10, 0})
	d.Mass = 50
	id := mustBody(t, w, d)
	w.Step(1.0/60, []Input{{Kind: InputDrag, Body: id, Target: mgl64.Vec3{1e4, 10, 0}}})
	v := w.Body(0).Velocity.Len()
	if lim := DragForcePerKg / 60; v > lim*(1+1e-12) || v < 0.99*lim {
		t.Errorf("one step pulled toward a target 10 km away: %.4f m/s, want the cap %.4f m/s", v, lim)
	}
}

// Drag inputs are inputs like the others: the same drags give the same
// states, bit for bit, for any worker count; a stale body id is skipped.
func TestDragDeterministic(t *testing.T) {
	hashes := func(workers int) []uint64 {
		def := DefaultWorldDef()
		def.Workers = workers
		w := mustWorld(t, def)
		ground(t, w)
		var ids []BodyID
		for i := 0; i < 12; i++ {
			ids = append(ids, mustBody(t, w, cube("crate", mgl64.Vec3{float64(i%3) * 1.01, 0.5 + float64(i/3), 0})))
		}
		var out []uint64
		for s := 0; s < 120; s++ {
			target := mgl64.Vec3{3 * math.Sin(float64(s)/20), 2, 0}
			w.Step(1.0/60, []Input{
				{Kind: InputDrag, Body: ids[s/30], Point: mgl64.Vec3{0.2, 0.5, -0.1}, Target: target},
				{Kind: InputDrag, Body: BodyID(1 << 40), Target: target}, // stale: skipped
			})
			out = append(out, w.StateHash())
		}
		return out
	}
	one, four := hashes(1), hashes(4)
	for i := range one {
		if one[i] != four[i] {
			t.Fatalf("step %d: 1 worker %016x, 4 workers %016x", i+1, one[i], four[i])
		}
	}
}

// A warm step with a drag input allocates nothing, as any warm step.
func TestDragDoesNotAllocate(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	id := mustBody(t, w, cube("crate", mgl64.Vec3{0, 0.5, 0}))
	in := []Input{{Kind: InputDrag, Body: id, Point: mgl64.Vec3{0.5, 0.5, 0}, Target: mgl64.Vec3{1, 2, 0}}}
	for i := 0; i < 30; i++ {
		w.Step(1.0/60, in)
	}
	if a := testing.AllocsPerRun(50, func() { w.Step(1.0/60, in) }); a != 0 {
		t.Errorf("a warm step with a drag: %v allocations, want 0", a)
	}
}
