package scene

import (
	"sort"

	"sandbox/engine/physics"
)

// Script replays a scene's events against one world: ask it for each
// tick's inputs just before stepping that tick.
type Script struct {
	w      *physics.World
	events []scripted // sorted by tick, stable (file order within a tick)
	// next is the first event whose tick is >= the last tick asked for: a
	// cursor, so that a run costs O(events) in all, not per tick.
	next int
}

// scripted is an event ready to hand to physics: only a teleport's body id
// is filled in when it applies.
type scripted struct {
	tick uint64
	in   physics.Input
	body string // InputTeleport: resolved with World.FindBody at its tick
}

// NewScript prepares the scene's events for w, a world built by NewWorld.
func (s *Scene) NewScript(w *physics.World) *Script {
	sc := &Script{w: w, events: make([]scripted, 0, len(s.Events))}
	for _, ev := range s.Events {
		e := scripted{tick: ev.Tick}
		switch ev.Kind {
		case EventFire:
			e.in = physics.Input{Kind: physics.InputFire, Fire: ev.Fire}
		case EventTeleport:
			t := ev.Teleport
			e.body = t.Body
			e.in = physics.Input{
				Kind:           physics.InputTeleport,
				Center:         t.Center,
				Orientation:    t.Orientation,
				SetOrientation: t.SetOrientation,
				Velocity:       t.Velocity,
				SetVelocity:    t.SetVelocity,
			}
		default:
			continue
		}
		sc.events = append(sc.events, e)
	}
	sort.SliceStable(sc.events, func(i, j int) bool { return sc.events[i].tick < sc.events[j].tick })
	return sc
}

// InputsFor appends the inputs stamped with tick (those of the step that
// takes the world from tick to tick+1) to buf, in file order, and returns
// it. A teleport's body is looked up by name now, so a projectile fired at
// an earlier tick is found. Ticks are normally asked for in order; asking
// for an earlier one (after World.Restore) or the same one again works too.
// It allocates only if buf is too small.
func (sc *Script) InputsFor(tick uint64, buf []physics.Input) []physics.Input {
	ev := sc.events
	i := sc.next
	if i > 0 && ev[i-1].tick >= tick {
		// Rewound: binary search, no closure, no allocation.
		lo, hi := 0, i
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if ev[m].tick < tick {
				lo = m + 1
			} else {
				hi = m
			}
		}
		i = lo
	}
	for i < len(ev) && ev[i].tick < tick {
		i++
	}
	sc.next = i
	for ; i < len(ev) && ev[i].tick == tick; i++ {
		in := ev[i].in
		if in.Kind == physics.InputTeleport {
			id, ok := sc.w.FindBody(ev[i].body)
			if !ok {
				continue // cannot happen for a validated scene whose fires all applied
			}
			in.Body = id
		}
		buf = append(buf, in)
	}
	return buf
}

// Len is the number of scripted events.
func (sc *Script) Len() int { return len(sc.events) }

// LastTick is the tick of the last scripted event (0 when there are none):
// a run of LastTick+1 ticks plays the whole script.
func (sc *Script) LastTick() uint64 {
	if len(sc.events) == 0 {
		return 0
	}
	return sc.events[len(sc.events)-1].tick
}
