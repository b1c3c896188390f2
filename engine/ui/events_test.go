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
	// Ticks 0..last were logged two a tick: dropping the last four ticks
	// leaves bodies up to the second of tick last-4, newest first.
	last := uint64(n-1) / 2
	l.DropAfter(last - 4)
	if e := l.Newest(0); e.Tick != last-4 || e.Body != int(2*(last-4)+1) || l.Len() != MaxEvents-8 || l.Total() != n-8 {
		t.Errorf("after DropAfter(%d): newest %+v, %d held, total %d", last-4, e, l.Len(), l.Total())
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

// Islands falling asleep and waking are hidden at first: a tunnel logged
// before ten of them is the newest row shown, the one a click picks; the
// filter's "sleep" box brings them back.
func TestEventListHidesSleepByDefault(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		s.Events = &EventLog{}
		tunnel := Event{Kind: EventTunnel, Tick: 40, Body: 3, BodyName: "user-shot-2", Other: "wall-1mm"}
		s.Events.Push(tunnel)
		for i := 0; i < 10; i++ {
			s.Events.Push(Event{Kind: EventSlept + EventKind(i%2), Tick: uint64(41 + i), Body: 5, BodyName: "crate", Bodies: 2})
		}
		if got, err := clickNewestRow(win, u, &s); err != nil {
			return err
		} else if got != tunnel {
			return fmt.Errorf("newest row shown is %+v, want the tunnel %+v (sleep events hidden)", got, tunnel)
		}
		s.EventKinds |= Kinds(EventSlept, EventWoke)
		s.EventRequested = false
		if got, err := clickNewestRow(win, u, &s); err != nil {
			return err
		} else if got.Kind != EventWoke || got.Tick != 50 {
			return fmt.Errorf("with sleep ticked, the newest row is %+v, want the woke event of tick 50", got)
		}
		return glErr("event filter")
	})
}

// clickNewestRow clicks the newest row of the event list, as a user
// would, and returns the event it asked for.
func clickNewestRow(win *glfw.Window, u *UI, s *PanelState) (Event, error) {
	var rowMin, rowMax imgui.Vec2
	itemHook = func(name string) {
		if name == "event0" {
			rowMin, rowMax = imgui.ItemRectMin(), imgui.ItemRectMax()
		}
	}
	defer func() { itemHook = nil }()
	frame(u, s, 1.0/60)
	frame(u, s, 1.0/60)
	if rowMax.X <= rowMin.X {
		return Event{}, fmt.Errorf("newest event row not found in the panel")
	}
	win.SetCursorPos(float64(rowMin.X+rowMax.X)/2, float64(rowMin.Y+rowMax.Y)/2)
	glfw.PollEvents()
	frame(u, s, 1.0/60)
	u.MouseButton(glfw.MouseButtonLeft, glfw.Press)
	frame(u, s, 1.0/60)
	u.MouseButton(glfw.MouseButtonLeft, glfw.Release)
	frame(u, s, 1.0/60)
	win.SetCursorPos(5, 5)
	glfw.PollEvents()
	frame(u, s, 1.0/60)
	if !s.EventRequested {
		return Event{}, fmt.Errorf("the click asked for no event")
	}
	return s.PickedEvent, nil
}

// The list grows with the panel: in a 700 px window it shows more than
// the six rows it used to, all of them rows of the list.
func TestEventListGrowsWithPanel(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		var first, last float32
		rows := 0
		itemHook = func(name string) {
			if name == "event row" && imgui.IsItemVisible() {
				y := imgui.ItemRectMin().Y
				if rows == 0 {
					first = y
				}
				last = y
				rows++
			}
		}
		defer func() { itemHook = nil }()
		frame(u, &s, 1.0/60)
		rows = 0
		frame(u, &s, 1.0/60)
		if rows <= eventRowsShown+2 || last <= first {
			return fmt.Errorf("%d event rows visible in a %d px window, want more than %d", rows, testH, eventRowsShown+2)
		}
		return nil
	})
}
