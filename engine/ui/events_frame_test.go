package ui

import (
	"testing"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// A frame's events are listed in tick order, within a tick in the order
// of the step's stages, with the bodies' and slabs' names; a frame that
// went on from a rewound tick first drops what came after it.
func TestEventLogAddFrame(t *testing.T) {
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	id := func(i int) physics.BodyID { return w.ID(i) }
	var l EventLog
	l.AddFrame(&session.Frame{
		CCDHits: []session.CCDHit{{Tick: 5, Body: id(1), Static: 0, Speed: 3},
			{Tick: 7, Body: id(2), Static: physics.NoStatic, Other: id(0)}},
		Tunnels:    []session.Tunnel{{Tick: 5, Body: id(3), Static: 1}},
		Teleports:  []session.Teleport{{Tick: 6, Body: id(0)}},
		Undeclared: []session.Undeclared{{Tick: 5, Body: 4}},
	}, w)
	want := []struct {
		kind  EventKind
		tick  uint64
		body  int
		other string
	}{
		{EventCCDHit, 5, 1, w.Static(0).Name}, {EventTunnel, 5, 3, w.Static(1).Name}, {EventUndeclared, 5, 4, ""},
		{EventTeleport, 6, 0, ""}, {EventCCDHit, 7, 2, w.Body(0).Name},
	}
	if l.Len() != len(want) {
		t.Fatalf("%d events listed, want %d", l.Len(), len(want))
	}
	for i, x := range want {
		e := l.Newest(len(want) - 1 - i)
		if e.Kind != x.kind || e.Tick != x.tick || e.Body != x.body || e.BodyName != w.Body(x.body).Name || e.Other != x.other {
			t.Errorf("event %d: %+v, want %v at tick %d on %s (other %q)", i, e, x.kind, x.tick, w.Body(x.body).Name, x.other)
		}
	}
	if e := l.Newest(0); !e.OtherBody {
		t.Errorf("a bullet's hit on a body: %+v, want OtherBody", e)
	}
	l.AddFrame(&session.Frame{HasRewound: true, Rewound: session.Rewound{To: 5}}, w)
	if l.Len() != 3 {
		t.Errorf("after a rewind to tick 5: %d events, want the 3 of tick 5", l.Len())
	}
}
