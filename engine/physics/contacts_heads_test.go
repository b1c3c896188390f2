package physics

import "testing"

// The contact list's heads (contacts.go) match the manifolds in the slots
// they name after every step of a pile with shots, teleports, sleep and
// wake-ups, and after a Restore (a snapshot keeps the manifolds in key
// order, no heads or slots): the keys in order, every slot of the pool
// either named by one head or free, and a pair that stays from one step to
// the next in the same slot (its manifold rebuilt where it is) unless the
// step laid the list out afresh; both kinds of step must happen.
func TestManifoldHeadsMatchList(t *testing.T) {
	w := buildPile(t, DefaultWorldDef(), 300)
	last := map[uint64]int32{}
	relayouts := 0
	check := func(when string, k int, kept bool) {
		cs := &w.contacts
		if n := len(cs.heads) + cs.slots.nFree; n != len(cs.pool) {
			t.Fatalf("%s %d: %d heads and %d free slots for a pool of %d", when, k, len(cs.heads), cs.slots.nFree, len(cs.pool))
		}
		named := make([]bool, len(cs.pool))
		free := 0
		for s := range cs.pool {
			if cs.slots.free[s>>6]&(1<<(s&63)) != 0 {
				named[s] = true
				free++
			}
		}
		if free != cs.slots.nFree {
			t.Fatalf("%s %d: %d free slots, %d counted", when, k, free, cs.slots.nFree)
		}
		relaid := cs.slots.relayouts != relayouts
		relayouts = cs.slots.relayouts
		now := map[uint64]int32{}
		for i, h := range cs.heads {
			if named[h.slot] {
				t.Fatalf("%s %d: head %d names slot %d, free or named before", when, k, i, h.slot)
			}
			named[h.slot] = true
			if i > 0 && cs.heads[i-1].key >= h.key {
				t.Fatalf("%s %d: head %d's key %x after %x", when, k, i, h.key, cs.heads[i-1].key)
			}
			m := &cs.pool[h.slot]
			if m.key != h.key || m.flags != h.flags || m.count != int32(h.count) {
				t.Fatalf("%s %d: head %d is %+v, its manifold's key %x, flags %b, count %d", when, k, i, h, m.key, m.flags, m.count)
			}
			if a, b := h.bodies(); a != m.a || b != m.b {
				t.Fatalf("%s %d: head %d names bodies %d, %d; its manifold %d, %d", when, k, i, a, b, m.a, m.b)
			}
			if s, ok := last[h.key]; ok && kept && !relaid && s != h.slot {
				t.Fatalf("%s %d: pair %x moved from slot %d to %d", when, k, h.key, s, h.slot)
			}
			now[h.key] = h.slot
		}
		last = now
	}
	var buf []Input
	snap := w.Snapshot()
	asleep := false
	for k := 0; k < 400; k++ {
		buf = shotInputs(w, k, buf)
		w.Step(1.0/60, buf)
		check("step", k, true)
		asleep = asleep || w.NumAwake() < w.NumBodies()
		if k == 150 {
			snap = w.Snapshot()
		}
		if k == 300 {
			w.Restore(snap)
			check("restore at", k, false)
		}
	}
	if !asleep {
		t.Fatal("nothing fell asleep: the carried-over manifolds were not tested")
	}
	if sl := &w.contacts.slots; sl.relayouts == 0 || sl.changes-sl.relayouts < 10 {
		t.Fatalf("of %d steps whose pairs changed, %d laid the list out afresh: both ways are not tested", sl.changes, sl.relayouts)
	}
}

// Where a manifold lives in the pool changes no bit: a world whose list is
// laid out afresh in key order on every step whose pairs change (the
// two-buffer list's way) and one that rebuilds each staying manifold in
// its slot, placing new pairs in free slots, step to the same states, on
// the pile with shots, sleep and a restore, and on buildEveryFeature on
// two workers (bouncing boxes, bullets, teleports, a drag).
func TestSlotsChangeNoBit(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func() *World
		steps int
	}{
		{"pile", func() *World { return buildPile(t, DefaultWorldDef(), 300) }, 400},
		{"every feature", func() *World { return buildEveryFeature(t, awakeDef(2)) }, 300},
	} {
		t.Run(c.name, func(t *testing.T) {
			slots, fresh := c.build(), c.build()
			fresh.opt.relayoutAlways = true
			var buf []Input
			var snaps [2]*Snapshot
			for k := 0; k < c.steps; k++ {
				for i, w := range []*World{slots, fresh} {
					buf = shotInputs(w, k, buf[:0])
					w.Step(1.0/60, buf)
					if k == 150 {
						snaps[i] = w.Snapshot()
					}
					if k == 250 {
						w.Restore(snaps[i])
					}
				}
				if a, b := slots.StateHash(), fresh.StateHash(); a != b {
					t.Fatalf("step %d: state %016x with the manifolds in their slots, %016x laid out afresh", k, a, b)
				}
			}
			if sl := &slots.contacts.slots; sl.changes-sl.relayouts < 10 {
				t.Fatalf("%d of %d steps whose pairs changed laid the list out afresh: no manifold was rebuilt in its slot", sl.relayouts, sl.changes)
			}
		})
	}
}
