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

// CCDHit is a physics CCD hit with the tick its step ended on.
type CCDHit struct {
	Tick uint64
	physics.CCDHit
}

// ContactEvent is a contact that began or ended, with the tick its step
// ended on.
type ContactEvent struct {
	Tick uint64
	physics.ContactEvent
}

// Teleport is a declared teleport with the tick its step ended on.
type Teleport struct {
	Tick uint64
	physics.TeleportEvent
}

// Tunnel is a detected tunnel with the tick its step ended on.
type Tunnel struct {
	Tick uint64
	physics.TunnelEvent
}

// Embedded is a body that became embedded in a slab, with the tick its
// step ended on.
type Embedded struct {
	Tick uint64
	physics.EmbeddedEvent
}

// Sleep is an island that fell asleep or woke, with the tick its step
// ended on.
type Sleep struct {
	Tick uint64
	physics.SleepEvent
}

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
	t := ev.Tick
	for _, h := range ev.CCDHits {
		f.CCDHits = append(f.CCDHits, CCDHit{t, h})
	}
	for _, c := range ev.ContactsBegun {
		f.ContactsBegun = append(f.ContactsBegun, ContactEvent{t, c})
	}
	for _, c := range ev.ContactsEnded {
		f.ContactsEnded = append(f.ContactsEnded, ContactEvent{t, c})
	}
	for _, e := range ev.Teleports {
		f.Teleports = append(f.Teleports, Teleport{t, e})
	}
	for _, e := range ev.Tunnels {
		f.Tunnels = append(f.Tunnels, Tunnel{t, e})
	}
	for _, e := range ev.Embedded {
		f.Embedded = append(f.Embedded, Embedded{t, e})
	}
	for _, e := range ev.Slept {
		f.Slept = append(f.Slept, Sleep{t, e})
	}
	for _, e := range ev.Woke {
		f.Woke = append(f.Woke, Sleep{t, e})
	}
}
