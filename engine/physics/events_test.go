package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A body teleported into a slab is reported embedded once, on the step of
// the teleport, with the slab and its centre; staying inside reports
// nothing more (as Counters.Embedded counts the stay once).
func TestEmbeddedEventOnTeleportIntoSlab(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	wall := mustStatic(t, w, "thick-wall", mgl64.Vec3{10, 0, -5}, mgl64.Vec3{14, 6, 5})
	id := mustBody(t, w, cube("crate", mgl64.Vec3{0, 0.5, 0}))
	run(w, 5, 1.0/60)
	inside := mgl64.Vec3{12, 3, 0}
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: id, Center: inside}})
	ev := w.Events()
	if len(ev.Embedded) != 1 {
		t.Fatalf("teleport into the wall: %d embedded events, want 1 (%+v)", len(ev.Embedded), ev.Embedded)
	}
	e := ev.Embedded[0]
	if e.Body != id || e.Static != wall || e.Center.Sub(inside).Len() > 0.5 {
		t.Errorf("embedded event %+v, want body %v slab %v near %v", e, id, wall, inside)
	}
	for i := 0; i < 10; i++ {
		w.Step(1.0/60, nil)
		if n := len(w.Events().Embedded); n != 0 && w.NumEmbedded() > 0 {
			t.Fatalf("step %d after the teleport, still inside: %d more embedded events", i+1, n)
		}
	}
	if c := w.Counters().Embedded; c != 1 {
		t.Errorf("Counters.Embedded %d, want 1", c)
	}
}

// A box resting on the ground falls asleep on exactly one tick, and that
// step (and no other) reports a one-body island asleep; a teleport wakes
// it and reports the wake.
func TestSleepEventWhenRestingBoxSleeps(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	id := mustBody(t, w, cube("crate", mgl64.Vec3{0, 0.5, 0}))
	slept := 0
	var sleptTick uint64
	for i := 0; i < 600 && slept == 0; i++ {
		w.Step(1.0/60, nil)
		ev := w.Events()
		if len(ev.Woke) != 0 {
			t.Fatalf("tick %d: wake event %+v before anything woke the box", ev.Tick, ev.Woke)
		}
		asleep := w.Body(0).Sleeping
		if len(ev.Slept) > 0 != asleep {
			t.Fatalf("tick %d: %d sleep events but sleeping %v", ev.Tick, len(ev.Slept), asleep)
		}
		if asleep {
			if len(ev.Slept) != 1 || ev.Slept[0] != (SleepEvent{Tick: ev.Tick, Body: id, Bodies: 1}) {
				t.Fatalf("tick %d: sleep events %+v, want one of body %v with 1 body", ev.Tick, ev.Slept, id)
			}
			slept, sleptTick = 1, ev.Tick
		}
	}
	if slept == 0 {
		t.Fatal("the resting box never fell asleep in 10 s")
	}
	if sleptTick != w.Tick() {
		t.Errorf("sleep event stamped tick %d, the step ended on %d", sleptTick, w.Tick())
	}
	w.Step(1.0/60, nil)
	if ev := w.Events(); len(ev.Slept)+len(ev.Woke) != 0 {
		t.Errorf("a step asleep reports %+v / %+v, want nothing", ev.Slept, ev.Woke)
	}
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: id, Center: mgl64.Vec3{0, 2, 0}}})
	if ev := w.Events(); len(ev.Woke) != 1 || ev.Woke[0] != (SleepEvent{Tick: ev.Tick, Body: id, Bodies: 1}) {
		t.Errorf("teleporting the sleeping box: wake events %+v, want one of body %v", ev.Woke, id)
	}
}

// A stack of three falls asleep as one island: one sleep event naming its
// first body, with three bodies; a bullet into the stack wakes it as one.
func TestSleepEventCountsTheIsland(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	var ids [3]BodyID
	for i := range ids {
		ids[i] = mustBody(t, w, cube("crate", mgl64.Vec3{0, 0.5 + float64(i), 0}))
	}
	var got []SleepEvent
	for i := 0; i < 900 && w.NumAwake() > 0; i++ {
		w.Step(1.0/60, nil)
		got = append(got, w.Events().Slept...)
	}
	if w.NumAwake() != 0 {
		t.Fatal("the stack never fell asleep in 15 s")
	}
	if len(got) != 1 || got[0] != (SleepEvent{Tick: got[0].Tick, Body: ids[0], Bodies: 3}) || got[0].Tick == 0 {
		t.Fatalf("sleep events %+v, want one of body %v with 3 bodies", got, ids[0])
	}
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: ids[2], Center: mgl64.Vec3{0, 2.5, 0}}})
	if ev := w.Events(); len(ev.Woke) != 1 || ev.Woke[0] != (SleepEvent{Tick: ev.Tick, Body: ids[2], Bodies: 3}) {
		t.Errorf("teleporting the top box: wake events %+v, want one of body %v with 3 bodies", ev.Woke, ids[2])
	}
}
