package session

import (
	"sandbox/engine/loop"
	"sandbox/engine/physics"
)

// Frame is what one Advance did: the loop's numbers for the display frame,
// the physics profile summed over its steps, and every event of every step
// in the order the steps ran. Its slices are reused by the next Advance:
// copy what you keep.
type Frame struct {
	// The loop's numbers for the frame (steps, alpha, accumulator, the
	// seconds clamped, capped, skipped, reset or slowed, the steps' dt):
	// loop.Frame's, and its DroppedSeconds.
	loop.Frame

	Index        uint64  // display frames advanced so far, this one included (1-based)
	FrameSeconds float64 // as handed to Advance, before the time scale, s
	FirstTick    uint64  // the tick the frame started from
	Tick         uint64  // the tick after the frame

	Profile   physics.Profile // stage timings summed over the frame's steps, ns
	StepNanos []int64         // wall time of each step, ns (zero without a clock)

	Inputs        []Stamped      // user and replayed inputs applied, with their ticks (not the scene's script)
	ScriptInputs  int            // how many scripted inputs the frame's steps applied
	CCDHits       []CCDHit       // continuous-collision impacts
	ContactsBegun []ContactEvent // touching pairs that began
	ContactsEnded []ContactEvent // touching pairs that ended
	Teleports     []Teleport     // declared teleports applied
	Tunnels       []Tunnel       // paths that crossed a slab untouched
	Embedded      []Embedded     // centres that came to rest inside a slab, once per stay
	Slept         []Sleep        // islands that fell asleep
	Woke          []Sleep        // sleeping islands woken
	// Undeclared lists the bodies the teleport detector caught jumping
	// further than their speed allows without the teleport flag.
	Undeclared  []Undeclared
	Checkpoints []Checkpoint // state hashes at the checkpoint ticks reached in this frame
	// Counts are the session's running counts after the frame (Session.Counts).
	Counts Counts
	// Rewound is set (HasRewound) when this frame's first step continued
	// from a tick the session had been rewound to.
	Rewound    Rewound
	HasRewound bool

	prints []BodyPrint // the checkpoints' fingerprints, one buffer
}

// Stamped is an input with the tick it applied at: the step from Tick to
// Tick+1.
type Stamped struct {
	Tick  uint64
	Input physics.Input
}

// CCDHit is physics.CCDHit, which carries the tick its step ended on.
type CCDHit = physics.CCDHit

// ContactEvent is physics.ContactEvent, which carries the tick its step ended on.
type ContactEvent = physics.ContactEvent

// Teleport is physics.TeleportEvent, which carries the tick its step ended on.
type Teleport = physics.TeleportEvent

// Tunnel is physics.TunnelEvent, which carries the tick its step ended on.
type Tunnel = physics.TunnelEvent

// Embedded is physics.EmbeddedEvent, which carries the tick its step ended on.
type Embedded = physics.EmbeddedEvent

// Sleep is physics.SleepEvent, which carries the tick its step ended on.
type Sleep = physics.SleepEvent

// Undeclared is a body (creation index) the teleport detector flagged in the
// step that ended on Tick.
type Undeclared struct {
	Tick uint64
	Body int
}

// Checkpoint is the world's state hash after tick Tick, and with
// fingerprints on, every body's fingerprint (reused by the next Advance).
type Checkpoint struct {
	Tick   uint64
	Hash   uint64
	Bodies []BodyPrint
}

// reset empties the frame for the next Advance, keeping its buffers.
func (f *Frame) reset() {
	*f = Frame{
		Index:         f.Index,
		StepNanos:     f.StepNanos[:0],
		Inputs:        f.Inputs[:0],
		CCDHits:       f.CCDHits[:0],
		ContactsBegun: f.ContactsBegun[:0],
		ContactsEnded: f.ContactsEnded[:0],
		Teleports:     f.Teleports[:0],
		Tunnels:       f.Tunnels[:0],
		Embedded:      f.Embedded[:0],
		Slept:         f.Slept[:0],
		Woke:          f.Woke[:0],
		Undeclared:    f.Undeclared[:0],
		Checkpoints:   f.Checkpoints[:0],
		prints:        f.prints[:0],
	}
}

// addProfile sums p into f.Profile.
func (f *Frame) addProfile(p physics.Profile) { f.Profile.Add(p) }

// collect appends the last step's events of w.
func (f *Frame) collect(w *physics.World) {
	ev := w.Events()
	f.CCDHits = append(f.CCDHits, ev.CCDHits...)
	f.ContactsBegun = append(f.ContactsBegun, ev.ContactsBegun...)
	f.ContactsEnded = append(f.ContactsEnded, ev.ContactsEnded...)
	f.Teleports = append(f.Teleports, ev.Teleports...)
	f.Tunnels = append(f.Tunnels, ev.Tunnels...)
	f.Embedded = append(f.Embedded, ev.Embedded...)
	f.Slept = append(f.Slept, ev.Slept...)
	f.Woke = append(f.Woke, ev.Woke...)
}
