package session

import (
	"fmt"
	"math"

	"sandbox/engine/physics"
)

// RewindSeconds is how much physics history the window keeps for rewind.
const RewindSeconds = 10.0

// RewindBudgetBytes caps the ring's memory: a scene too large for
// RewindSeconds of states in it keeps fewer ticks (at least minRewindTicks).
// A 500-box pile takes about 0.7 MB a tick: 10 s of it would be 435 MB.
const RewindBudgetBytes = 128 << 20

const minRewindTicks = 60

// Rewind is a ring buffer of the world's state after each of the last
// ticks, so a paused session can step back and forward tick by tick.
// Every slot's buffers are reused: once the ring is full, saving a tick
// allocates nothing.
type Rewind struct {
	slots []physics.Snapshot // ring; slot of tick t is t % len(slots)
	// counts[i] are the session's Counts with slots[i]: they go back with
	// the world on a rewind, as the physics counters in the snapshot do.
	counts []Counts
	// rates[i] is the session's rate with slots[i]: a rewind goes back to
	// the rate of its tick, as it does to that tick's CCD switch.
	rates []Rate
	// oldest and newest are the ticks whose states the ring holds; newest
	// is the furthest the session has run on the current branch.
	oldest, newest uint64
	// rewound is set when the world was moved back: the next step starts
	// a new branch from there, and the session reports it.
	rewound bool
	from    uint64 // newest when the rewind began
}

// Rewound is a resumption from a rewound tick: the session had run to
// From, was stepped back to To, and stepping went on from To (everything
// after To on the old branch is gone).
type Rewound struct {
	From, To uint64
}

// EnableRewind makes the session keep the state of the last ticks (at
// least 1). It saves the current state as the first entry.
func (s *Session) EnableRewind(ticks int) {
	if ticks < 1 {
		ticks = 1
	}
	r := &Rewind{slots: make([]physics.Snapshot, ticks+1), counts: make([]Counts, ticks+1), rates: make([]Rate, ticks+1)}
	t := s.world.Tick()
	r.oldest, r.newest = t, t
	s.world.SnapshotInto(r.slot(t))
	r.counts[r.index(t)] = s.counts
	r.rates[r.index(t)] = s.rate
	s.rewind = r
}

// RewindTicks is how many ticks the window's rewind keeps for a step of
// stepSeconds: RewindSeconds of physics.
func RewindTicks(stepSeconds float64) int { return int(math.Ceil(RewindSeconds / stepSeconds)) }

func (r *Rewind) slot(t uint64) *physics.Snapshot { return &r.slots[r.index(t)] }

func (r *Rewind) index(t uint64) int { return int(t % uint64(len(r.slots))) }

// save is called after every step with the world at its new tick, the
// session's counts and its rate.
func (r *Rewind) save(w *physics.World, c Counts, rate Rate) {
	t := w.Tick()
	r.counts[r.index(t)] = c
	r.rates[r.index(t)] = rate
	r.newest = t
	if t-r.oldest >= uint64(len(r.slots)) {
		r.oldest = t - uint64(len(r.slots)) + 1
	}
	sl := r.slot(t)
	before := sl.Capacity()
	w.SnapshotInto(sl)
	if sl.Capacity() > before {
		// The world outgrew this slot: grow every slot now, so that the
		// ring does not allocate again as each of them comes round; first
		// shorten the ring if that would overrun the memory budget.
		r.fit(sl.Bytes() * 5 / 4)
		grown := *sl
		for i := range r.slots {
			r.slots[i].Reserve(&grown)
		}
	}
}

// fit shortens the ring to what the budget allows for slots of perSlot
// bytes, keeping the newest ticks.
func (r *Rewind) fit(perSlot int) {
	keep := RewindBudgetBytes / max(perSlot, 1)
	if keep >= len(r.slots) || len(r.slots) <= minRewindTicks+1 {
		return
	}
	keep = max(keep, minRewindTicks+1)
	old, oldCounts, oldRates := r.slots, r.counts, r.rates
	r.slots, r.counts, r.rates = make([]physics.Snapshot, keep), make([]Counts, keep), make([]Rate, keep)
	lo := r.oldest
	if r.newest-lo >= uint64(keep) {
		lo = r.newest - uint64(keep) + 1
	}
	for t := lo; t <= r.newest; t++ {
		r.slots[t%uint64(keep)] = old[t%uint64(len(old))]
		r.counts[t%uint64(keep)] = oldCounts[t%uint64(len(old))]
		r.rates[t%uint64(keep)] = oldRates[t%uint64(len(old))]
	}
	r.oldest = lo
}

// branch is called at the start of every step: a step from a rewound tick
// ends the old branch there.
func (r *Rewind) branch(tick uint64) {
	if tick < r.newest {
		r.newest = tick
	}
}

// RewindRange is the oldest and newest tick the session can be moved to;
// ok is false when rewind is not enabled.
func (s *Session) RewindRange() (oldest, newest uint64, ok bool) {
	if s.rewind == nil {
		return 0, 0, false
	}
	return s.rewind.oldest, s.rewind.newest, true
}

// SeekTick moves the world to the saved state after tick t, which must be
// within RewindRange. The inputs queued for the next tick are dropped: they
// were meant for the tick the user was at. The next step continues from t
// and ends the branch beyond it (Frame.Rewound says so).
func (s *Session) SeekTick(t uint64) error {
	r := s.rewind
	if r == nil {
		return fmt.Errorf("session: rewind is not enabled")
	}
	if t < r.oldest || t > r.newest {
		return fmt.Errorf("session: tick %d is outside the rewind buffer (%d to %d)", t, r.oldest, r.newest)
	}
	if t == s.world.Tick() {
		return nil
	}
	if !r.rewound {
		r.rewound, r.from = true, s.world.Tick()
	}
	s.world.Restore(r.slot(t))
	s.counts = r.counts[r.index(t)]
	s.pending = s.pending[:0] // a rate change among them too: the loop goes back with the world
	if rt := r.rates[r.index(t)]; rt != s.rate || s.loop.Config().StepSeconds != s.dt {
		s.useRate(rt)
	}
	if t == r.from {
		r.rewound = false // back where it was: nothing was undone
	}
	return nil
}

// StepBack moves the world one tick back (paused rewind); false when the
// buffer holds nothing older.
func (s *Session) StepBack() bool {
	lo, _, ok := s.RewindRange()
	t := s.world.Tick()
	if !ok || t == 0 || t-1 < lo {
		return false
	}
	return s.SeekTick(t-1) == nil
}

// StepForward moves a rewound world one tick forward through the states
// already computed; false when it is at the newest one.
func (s *Session) StepForward() bool {
	_, hi, ok := s.RewindRange()
	t := s.world.Tick()
	if !ok || t >= hi {
		return false
	}
	return s.SeekTick(t+1) == nil
}

// takeRewound reports (once) that stepping went on from a rewound tick.
func (r *Rewind) takeRewound(tick uint64) (Rewound, bool) {
	if r == nil || !r.rewound {
		return Rewound{}, false
	}
	r.rewound = false
	return Rewound{From: r.from, To: tick}, true
}
