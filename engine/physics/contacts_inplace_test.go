package physics

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// diamondBeside is a cube turned 45 degrees about y, its centre (1.2, 0.5,
// 1.2) diagonal from a unit cube at the origin: their world boxes overlap
// at a corner (so the broadphase makes them a pair), while the diamond's
// nearest face is 0.49 m from the cube's corner (so the pair has no
// points: an empty manifold).
func diamondBeside(name string) BodyDef {
	d := cube(name, mgl64.Vec3{1.2, 0.5, 1.2})
	d.Orientation = mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 1, 0})
	return d
}

// emptyPairWorld is a cube with the diamond beside it (bodies 0 and 1), and
// a stack of three cubes away from them (bodies 2 to 4), on the ground,
// sleep off.
func emptyPairWorld(t *testing.T, diamondAt mgl64.Vec3) *World {
	def := DefaultWorldDef()
	def.Sleep = false
	w := mustWorld(t, def)
	ground(t, w)
	mustBody(t, w, cube("cube", mgl64.Vec3{0, 0.5, 0}))
	d := diamondBeside("diamond")
	d.Center = diamondAt
	mustBody(t, w, d)
	for k := 0; k < 3; k++ {
		mustBody(t, w, cube("stack", mgl64.Vec3{10, 0.5 + float64(k), 0}))
	}
	return w
}

// emptyPairKey is the pair key of bodies 0 and 1.
const emptyPairKey = uint64(0)<<32 | pairBodyBit | 1

// hasEmptyPair reports whether w's contact list holds bodies 0 and 1's
// pair as an empty manifold.
func hasEmptyPair(w *World) bool {
	for k := range w.contacts.heads {
		m := w.contacts.at(int32(k))
		if m.key == emptyPairKey {
			return m.count == 0 && m.flags&mfEmpty != 0
		}
	}
	return false
}

// A pair that the broadphase keeps but whose boxes do not touch stays in
// the contact list, empty, so that a step whose pairs are last step's
// keeps the list as it is (no merge of the pairs, fillJobs). Dropped, it
// came back as a new pair every step, and the list was merged again on
// every step.
func TestEmptyPairKeepsTheListInPlace(t *testing.T) {
	w := emptyPairWorld(t, diamondBeside("").Center)
	run(w, 30, 1.0/60)
	if !slices.Contains(w.bp.keys, emptyPairKey) {
		t.Fatal("the cube and the diamond are not a pair of the broadphase: the test sets nothing up")
	}
	for i := 0; i < 10; i++ {
		w.Step(1.0/60, nil)
		if !w.contacts.fillJobs {
			t.Fatalf("step %d: the pairs were merged again, not kept as last step's", i)
		}
	}
	if !hasEmptyPair(w) {
		t.Error("the cube and the diamond's pair is not in the list as an empty manifold")
	}
	for k := range w.contacts.heads {
		if m := w.contacts.at(int32(k)); m.flags&mfEmpty != 0 && m.key != emptyPairKey {
			t.Errorf("manifold %x is empty too; only the diamond's pair should be", m.key)
		}
	}
}

// activeKeys returns the list indices and keys of the manifolds the solver
// takes (neither asleep nor empty), in list order.
func activeKeys(w *World) (idx []int, keys []uint64) {
	for k := range w.contacts.heads {
		if m := w.contacts.at(int32(k)); m.flags&(mfAsleep|mfEmpty) == 0 {
			idx, keys = append(idx, k), append(keys, m.key)
		}
	}
	return idx, keys
}

// When an empty pair comes into the list before the solver's manifolds,
// they move to other places in the list but stay the same manifolds: the
// solver keeps its plan and moves its list indices (movePlan), and every
// bit of the result is what a plan made afresh gives.
func TestMovedPlanMatchesAFreshPlan(t *testing.T) {
	far := mgl64.Vec3{-20, 0.5, 0}
	kept := emptyPairWorld(t, far)
	fresh := emptyPairWorld(t, far)
	run(kept, 30, 1.0/60)
	run(fresh, 30, 1.0/60)
	idx0, keys0 := activeKeys(kept)
	// The diamond is put beside the cube, as it lies: the same contacts
	// (each with the ground), and a new, empty pair ahead of them all.
	d := diamondBeside("")
	in := []Input{{Kind: InputTeleport, Body: kept.ID(1), Center: d.Center, Orientation: d.Orientation, SetOrientation: true}}
	for i := 0; i < 20; i++ {
		fresh.sol.bs.plannedBodies = -1 // plan afresh every step
		var step []Input
		if i == 0 {
			step = in
		}
		kept.Step(1.0/60, step)
		fresh.Step(1.0/60, step)
		if i == 0 {
			idx1, keys1 := activeKeys(kept)
			if !hasEmptyPair(kept) || !slices.Equal(keys0, keys1) || slices.Equal(idx0, idx1) {
				t.Fatalf("the teleport did not move the same active manifolds to new places: the test sets nothing up (keys %x -> %x, places %v -> %v)",
					keys0, keys1, idx0, idx1)
			}
		}
		if a, b := kept.StateHash(), fresh.StateHash(); a != b {
			t.Fatalf("step %d after the teleport: state %016x with the plan moved, %016x planned afresh", i, a, b)
		}
	}
}

// A contact that ends and begins again while the pair stays a candidate is
// reported from a list built in place, where emitContacts looks only at
// the manifolds narrowJob marked (emitInPlace): a crate lifted 4 mm off the
// ground (not touching, still within the margin) ends its contact on that
// step, and begins it again when it lands.
func TestContactEventsOfAListBuiltInPlace(t *testing.T) {
	def := DefaultWorldDef()
	def.Sleep = false
	w := mustWorld(t, def)
	floor := ground(t, w)
	id := mustBody(t, w, cube("crate", mgl64.Vec3{0, 0.5, 0}))
	run(w, 30, 1.0/60)
	p := w.Body(0).Curr.Center
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: id, Center: mgl64.Vec3{p[0], 0.504, p[2]}}})
	if !w.contacts.fillJobs {
		t.Fatal("the lift's step did not build the list in place: the test misses the in-place walk")
	}
	ev := w.Events()
	want := ContactEvent{A: id, B: NoBody, Static: floor}
	if len(ev.ContactsEnded) != 1 || ev.ContactsEnded[0].A != want.A || ev.ContactsEnded[0].Static != want.Static {
		t.Fatalf("lift: contacts ended %+v, want one of the crate and the ground", ev.ContactsEnded)
	}
	for i := 0; i < 10; i++ {
		w.Step(1.0/60, nil)
		ev := w.Events()
		if len(ev.ContactsBegun) == 0 {
			continue
		}
		if !w.contacts.fillJobs {
			t.Fatalf("step %d after the lift: the landing's list was not built in place", i+1)
		}
		if len(ev.ContactsBegun) != 1 || ev.ContactsBegun[0].A != want.A || ev.ContactsBegun[0].Static != want.Static {
			t.Fatalf("landing: contacts begun %+v, want one of the crate and the ground", ev.ContactsBegun)
		}
		return
	}
	t.Fatal("the crate did not land within 10 steps of the lift")
}
