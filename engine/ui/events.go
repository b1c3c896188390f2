package ui

// The panel's event list: the newest MaxEvents physics events (CCD hits,
// tunnels, bodies embedded in a slab, declared teleports, undeclared
// jumps, islands falling asleep and waking), each with its tick, body and
// slab. The app fills the log from the session's frames after Advance,
// never from inside a step; the panel shows it newest first, and a click
// on a row asks the app to pause on that tick and select the body.

// EventKind says what an Event is.
type EventKind uint8

// The kinds of event the list shows: what the physics step and the
// session report.
const (
	// EventCCDHit is a continuous-collision impact: on a slab, or of a
	// bullet on a dynamic body.
	EventCCDHit EventKind = iota
	// EventTunnel is a step in which a body's path crossed a slab it never
	// touched.
	EventTunnel
	// EventTeleport is a declared teleport applied (scripted, replayed).
	EventTeleport
	// EventUndeclared is a jump the teleport detector caught: further than
	// the body's speed allows, with no teleport declared.
	EventUndeclared
	// EventEmbedded is a body whose centre came to rest inside a slab
	// (once per stay).
	EventEmbedded
	// EventSlept is an island of Bodies bodies falling asleep; Body is its
	// first body in creation order.
	EventSlept
	// EventWoke is a sleeping island of Bodies bodies woken; Body is the
	// one that was touched, hit, teleported or dragged.
	EventWoke
)

// String is the kind as the list shows it.
func (k EventKind) String() string {
	switch k {
	case EventCCDHit:
		return "CCD hit"
	case EventTunnel:
		return "tunnel"
	case EventTeleport:
		return "teleport"
	case EventUndeclared:
		return "undeclared jump"
	case EventEmbedded:
		return "embedded"
	case EventSlept:
		return "slept"
	case EventWoke:
		return "woke"
	}
	return "event"
}

// EventKinds is a set of event kinds: bit k is EventKind k. The list shows
// the kinds in its set (PanelState.EventKinds).
type EventKinds int32

// Has reports whether k holds kind.
func (k EventKinds) Has(kind EventKind) bool { return k&(1<<kind) != 0 }

// Kinds is the set of the given kinds.
func Kinds(kinds ...EventKind) EventKinds {
	var k EventKinds
	for _, kind := range kinds {
		k |= 1 << kind
	}
	return k
}

// DefaultEventKinds is what the list shows at first: everything but
// islands falling asleep and waking, which a settling pile reports by the
// dozen and which would push the hits and tunnels out of sight.
var DefaultEventKinds = Kinds(EventCCDHit, EventTunnel, EventTeleport, EventUndeclared, EventEmbedded)

// MaxEvents is how many events the list keeps: the newest.
const MaxEvents = 400

// Event is one row of the list. Its strings are the world's own names
// (no copy is made, so logging an event allocates nothing).
type Event struct {
	Kind EventKind
	Tick uint64 // the tick the event's step ended on: the state that shows it
	Body int    // the body's creation index
	// BodyName is the body's name; Other names what it hit or crossed: a
	// slab, or for a bullet's hit on a dynamic body that body (OtherBody
	// set); "" when nothing was hit (teleports).
	BodyName  string
	Other     string
	OtherBody bool
	Speed     float64 // closing speed of a CCD hit, m/s (0 for other kinds)
	Bodies    int     // the island's size (EventSlept, EventWoke; 0 for other kinds)
}

// EventLog is a ring of the newest MaxEvents events, in the order they
// were logged (tick order). A full ring overwrites its oldest entry: it
// never allocates.
type EventLog struct {
	ring  [MaxEvents]Event
	start int    // index of the oldest entry
	n     int    // entries held
	total uint64 // events logged since Reset (and not dropped)
}

// Push logs e as the newest event.
func (l *EventLog) Push(e Event) {
	if l.n < MaxEvents {
		l.ring[(l.start+l.n)%MaxEvents] = e
		l.n++
	} else {
		l.ring[l.start] = e
		l.start = (l.start + 1) % MaxEvents
	}
	l.total++
}

// Len is how many events the log holds (at most MaxEvents).
func (l *EventLog) Len() int { return l.n }

// Total is how many events were logged since the last Reset, those that
// have left the ring included.
func (l *EventLog) Total() uint64 { return l.total }

// Newest returns the i-th newest event: 0 is the last one logged
// (0 <= i < Len).
func (l *EventLog) Newest(i int) Event { return l.ring[(l.start+l.n-1-i)%MaxEvents] }

// Reset empties the log (a scene loaded or reset).
func (l *EventLog) Reset() { *l = EventLog{} }

// DropAfter removes the events of ticks after tick: when stepping goes on
// from a rewound tick, what happened after it on the old branch did not
// happen on the new one. Events are logged in tick order, so they are the
// newest.
func (l *EventLog) DropAfter(tick uint64) {
	for l.n > 0 && l.Newest(0).Tick > tick {
		l.n--
		l.total--
	}
}
