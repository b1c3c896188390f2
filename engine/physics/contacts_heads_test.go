package physics

import "testing"

// The contact list's heads (contacts.go) match its manifolds after every
// step of a pile with shots, teleports, sleep and wake-ups, and after a
// Restore (a snapshot keeps no heads).
func TestManifoldHeadsMatchList(t *testing.T) {
	w := buildPile(t, DefaultWorldDef(), 300)
	check := func(when string, k int) {
		cs := &w.contacts
		if len(cs.heads) != len(cs.list) {
			t.Fatalf("%s %d: %d heads for %d manifolds", when, k, len(cs.heads), len(cs.list))
		}
		for i := range cs.list {
			if h := headOf(&cs.list[i]); cs.heads[i] != h {
				t.Fatalf("%s %d: head %d is %+v, its manifold's %+v", when, k, i, cs.heads[i], h)
			}
			if a, b := cs.heads[i].bodies(); a != cs.list[i].a || b != cs.list[i].b {
				t.Fatalf("%s %d: head %d names bodies %d, %d; its manifold %d, %d", when, k, i, a, b, cs.list[i].a, cs.list[i].b)
			}
		}
	}
	var buf []Input
	snap := w.Snapshot()
	asleep := false
	for k := 0; k < 400; k++ {
		buf = shotInputs(w, k, buf)
		w.Step(1.0/60, buf)
		check("step", k)
		asleep = asleep || w.NumAwake() < w.NumBodies()
		if k == 150 {
			snap = w.Snapshot()
		}
		if k == 300 {
			w.Restore(snap)
			check("restore at", k)
		}
	}
	if !asleep {
		t.Fatal("nothing fell asleep: the carried-over manifolds were not tested")
	}
}
