package ui

import (
	"fmt"
	"testing"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// The log keeps the newest MaxEvents in order, overwriting the oldest
// without allocating; DropAfter removes a rewound branch's events; Reset
// empties it.
func TestEventLogRing(t *testing.T) {
	var l EventLog
	if l.Len() != 0 || l.Total() != 0 {
		t.Fatalf("new log: %d events, total %d", l.Len(), l.Total())
	}
	const n = MaxEvents + 30
	allocs := testing.AllocsPerRun(1, func() {
		l.Reset()
		for i := 0; i < n; i++ {
			l.Push(Event{Kind: EventKind(i % 4), Tick: uint64(i / 2), Body: i})
		}
	})
	if allocs != 0 {
		t.Errorf("logging %d events: %v allocations, want 0", n, allocs)
	}
	if l.Len() != MaxEvents || l.Total() != n {
		t.Fatalf("after %d pushes: %d held, total %d; want %d and %d", n, l.Len(), l.Total(), MaxEvents, n)
	}
	for i := 0; i < l.Len(); i++ {
		if e := l.Newest(i); e.Body != n-1-i {
			t.Fatalf("Newest(%d) is body %d, want %d", i, e.Body, n-1-i)
		}
	}
	// Ticks 0..64 were logged two a tick: dropping after tick 60 leaves
	// bodies up to 121 (tick 60's two), newest first.
	l.DropAfter(60)
	if e := l.Newest(0); e.Tick != 60 || e.Body != 121 || l.Len() != MaxEvents-8 || l.Total() != n-8 {
		t.Errorf("after DropAfter(60): newest %+v, %d held, total %d", e, l.Len(), l.Total())
	}
	l.DropAfter(1000) // nothing after it
	if l.Len() != MaxEvents-8 {
		t.Errorf("DropAfter past the newest tick removed events: %d held", l.Len())
	}
	l.Reset()
	if l.Len() != 0 || l.Total() != 0 {
		t.Errorf("after Reset: %d held, total %d", l.Len(), l.Total())
	}
}

// Every kind has its own name in the list.
func TestEventKindNames(t *testing.T) {
	seen := map[string]bool{}
	for k := EventCCDHit; k <= EventWoke; k++ {
		if n := k.String(); n == "event" || seen[n] {
			t.Errorf("kind %d is named %q", k, n)
		} else {
			seen[n] = true
		}
	}
}

// A real click on the newest row of the event list (the cursor warped
// over it, a press and a release forwarded as the app's callbacks do)
// asks for that event: EventRequested with PickedEvent the row's event.
func TestEventListClick(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		want := Event{Kind: EventTunnel, Tick: 77, Body: 3, BodyName: "plate", Other: "wall-1cm"}
		s.Events.Push(want)
		var rowMin, rowMax imgui.Vec2
		itemHook = func(name string) {
			if name == "event0" {
				rowMin, rowMax = imgui.ItemRectMin(), imgui.ItemRectMax()
			}
		}
		defer func() { itemHook = nil }()
		frame(u, &s, 1.0/60)
		frame(u, &s, 1.0/60)
		if rowMax.X <= rowMin.X || rowMax.Y > testH {
			return fmt.Errorf("newest event row not found in the panel (%v to %v)", rowMin, rowMax)
		}
		if s.EventRequested {
			return fmt.Errorf("EventRequested set without a click")
		}
		cx, cy := float64(rowMin.X+rowMax.X)/2, float64(rowMin.Y+rowMax.Y)/2
		win.SetCursorPos(cx, cy)
		glfw.PollEvents()
		frame(u, &s, 1.0/60)
		u.MouseButton(glfw.MouseButtonLeft, glfw.Press)
		frame(u, &s, 1.0/60)
		u.MouseButton(glfw.MouseButtonLeft, glfw.Release)
		frame(u, &s, 1.0/60)
		// The pointer leaves the panel: the next test's window would
		// open with it over a tooltip.
		win.SetCursorPos(5, 5)
		glfw.PollEvents()
		if !s.EventRequested || s.PickedEvent != want {
			return fmt.Errorf("click on the newest row at %v,%v: requested %v, picked %+v; want %+v", cx, cy, s.EventRequested, s.PickedEvent, want)
		}
		return glErr("event click")
	})
}
