package session

import (
	"fmt"

	"sandbox/engine/physics"
)

// LocalPlayer is the player whose inputs a rollback session applies on
// time; the other player's arrive over the Network.
const LocalPlayer = 1

// Rollback plays a Timeline as the local peer of a two-player session:
// player 1's inputs are applied at their ticks, player 2's arrive late.
// Until a tick's remote inputs arrive the step uses a prediction (the
// drags the remote player held at the latest tick whose inputs have
// arrived: a held drag goes on, a one-off input such as a shot is not
// guessed). When arrivals show that a step ran with other inputs than it
// should have, the world goes back to that tick's state in the rewind ring
// and the steps up to the present run again. The state of every tick once
// all its inputs are known is checked against the timeline's, as a replay
// checks a recording.
type Rollback struct {
	s   *Session
	tl  *Timeline
	net Network

	present   uint64 // the newest tick stepped forward: arrivals are judged at it
	confirmed uint64 // every remote input of the ticks before it has arrived
	flushed   bool   // the session has ended: every input has arrived
	uses      []tickUse
	now       []PlayerInput // scratch: the remote inputs a tick would use now
	cps       []cpState     // states of checkpoint ticks not yet confirmed
	scanned   int           // checkpoints of the current frame already kept
	frameIdx  uint64        // the frame (Frame.Index) scanned counts in
	resim     bool          // the steps running are a rollback's
	live      bool          // the user's inputs are the local player's (Live)
	clock     func() int64
	stats     RollbackStats
}

// tickUse is the remote part of the inputs a tick's step ran with.
type tickUse struct {
	tick      uint64
	actual    bool          // the remote inputs had arrived
	predicted []PlayerInput // else the prediction used
}

// cpState is a checkpoint tick's state as last computed.
type cpState struct {
	tick   uint64
	hash   uint64
	prints []BodyPrint
	live   bool
}

// RollbackStats is what a rollback session did and what it cost.
type RollbackStats struct {
	Ticks     uint64 // ticks stepped forward (the timeline's length)
	Rollbacks int    // restores from the ring, each followed by re-simulation
	// ResimulatedTicks is the steps run again in all; MaxResimulatedPerFrame
	// the most in one frame (one tick of present time).
	ResimulatedTicks       int
	MaxResimulatedPerFrame int
	// RollbackNanos is the wall time of every rollback (restore and
	// re-simulation), ResimulatedNanos that of the re-simulated steps alone,
	// StepNanos that of the forward steps (zero without a clock).
	RollbackNanos    int64
	ResimulatedNanos int64
	StepNanos        int64
	// CheckedHashes is how many checkpoint states were compared, all equal.
	CheckedHashes int
	// SnapshotBytes is the size of the state one ring slot holds at the end
	// (physics.Snapshot.UsedBytes); Bodies the world's bodies then.
	SnapshotBytes int
	Bodies        int
	// StateHash is the final state's hash (after Finish).
	StateHash uint64
}

// NewRollback builds the session of tl's scene at tick 0 and makes it the
// local peer of a two-player session over net (which must be valid).
// clock times the rollbacks and steps; nil leaves the times zero.
func NewRollback(tl *Timeline, net Network, clock func() int64) (*Rollback, error) {
	if err := net.Validate(); err != nil {
		return nil, err
	}
	s, err := New(Options{Scene: tl.Scene, Clock: clock})
	if err != nil {
		return nil, err
	}
	s.World().SetCCD(tl.CCD)
	s.SetFingerprints(true)
	return AttachRollback(s, tl, net, clock)
}

// AttachRollback makes s, a session of tl.Scene at tick 0 that the caller
// built with its own options, the local peer of a two-player session over
// net. It keeps at least the rewind ring a rollback needs.
func AttachRollback(s *Session, tl *Timeline, net Network, clock func() int64) (*Rollback, error) {
	if err := net.Validate(); err != nil {
		return nil, err
	}
	if s.Tick() != 0 {
		return nil, fmt.Errorf("session: a rollback starts at tick 0, not %d", s.Tick())
	}
	if s.rewind == nil || len(s.rewind.slots) < net.MaxLag()+3 {
		s.EnableRewind(net.MaxLag() + 2)
	}
	r := &Rollback{s: s, tl: tl, net: net, clock: clock, uses: make([]tickUse, net.MaxLag()+2)}
	s.feed = r
	return r, nil
}

// Session is the local peer's session.
func (r *Rollback) Session() *Session { return r.s }

// Stats is what the session did so far.
func (r *Rollback) Stats() RollbackStats { return r.stats }

// Done reports whether the timeline's last tick has been stepped.
func (r *Rollback) Done() bool { return r.s.Tick() >= r.tl.Ticks }

// Tick runs one frame of one tick of present time: the remote inputs due
// by now arrive (and roll the world back if they must), then the present
// tick steps with what is known. The session's Frame holds what it did.
func (r *Rollback) Tick() error {
	s := r.s
	s.frame.reset()
	r.scanned = 0
	if err := r.Sync(); err != nil {
		return err
	}
	t0 := r.now64()
	s.step(0)
	r.stats.StepNanos += r.now64() - t0
	r.stats.Ticks++
	r.keepCheckpoints()
	return s.feedErr
}

// Finish ends the session at its last tick: every input outstanding
// arrives, the world rolls back if it must, and the final state is
// compared with the timeline's end (a *MismatchError naming the tick if
// it differs).
func (r *Rollback) Finish() error {
	if !r.Done() {
		return fmt.Errorf("rollback stopped at tick %d before the end at tick %d", r.s.Tick(), r.tl.Ticks)
	}
	r.s.frame.reset()
	r.scanned = 0
	r.flushed = true
	if err := r.Sync(); err != nil {
		return err
	}
	w := r.s.World()
	r.stats.StateHash = w.StateHash()
	r.stats.SnapshotBytes = r.s.rewind.slot(w.Tick()).UsedBytes()
	r.stats.Bodies = w.NumBodies()
	return compare(r.tl.end.tick, r.stats.StateHash, r.tl.end, Prints(w, nil))
}

// Sync takes the remote inputs that have arrived by the world's tick and,
// when a step before it ran with inputs other than those it would run
// with now, rolls back to the first such tick and re-simulates to the
// present. Then it checks the checkpoint states every input of which is
// now known.
func (r *Rollback) Sync() error {
	s := r.s
	r.keepCheckpoints()
	p := s.Tick()
	r.present = max(r.present, p)
	first := p
	for u := r.confirmed; u < p; u++ {
		if r.mispredicted(u) {
			first = u
			break
		}
	}
	for r.confirmed < p && r.arrived(r.confirmed) {
		r.confirmed++
	}
	if first < p {
		if err := r.rollback(first, p); err != nil {
			return err
		}
		r.keepCheckpoints()
	}
	return r.checkConfirmed()
}

// rollback restores the state after tick first and steps again to p.
func (r *Rollback) rollback(first, p uint64) error {
	s := r.s
	t0 := r.now64()
	if err := s.rollbackTo(first); err != nil {
		return err
	}
	t1 := r.now64()
	// The user's queued and held inputs belong to the present tick, not to
	// the ticks run again.
	pending, holding := s.pending, s.holding
	s.pending, s.holding = nil, false
	r.resim = true
	for s.world.Tick() < p {
		s.step(0)
	}
	r.resim = false
	s.pending, s.holding = pending, holding
	t2 := r.now64()
	n := int(p - first)
	r.stats.Rollbacks++
	r.stats.ResimulatedTicks += n
	r.stats.MaxResimulatedPerFrame = max(r.stats.MaxResimulatedPerFrame, n)
	r.stats.RollbackNanos += t2 - t0
	r.stats.ResimulatedNanos += t2 - t1
	return s.feedErr
}

func (r *Rollback) now64() int64 {
	if r.clock == nil {
		return 0
	}
	return r.clock()
}

// arrived reports whether tick t's remote inputs are known by now.
func (r *Rollback) arrived(t uint64) bool {
	return r.flushed || t < r.confirmed || t+r.net.DelayOf(t) <= r.present
}

// inputsAt is the step of tick asking for the players' inputs: the local
// player's and the remote inputs that have arrived, in the timeline's
// order, else the prediction for the remote player.
func (r *Rollback) inputsAt(s *Session, tick uint64, buf []physics.Input) ([]physics.Input, error) {
	w := s.World()
	if !r.resim {
		r.present = tick
		if r.live {
			r.takeUser(w, tick)
		}
	}
	u := &r.uses[tick%uint64(len(r.uses))]
	u.tick, u.actual = tick, r.arrived(tick)
	ins := r.tl.at(tick)
	for i := range ins {
		if ins[i].Player == LocalPlayer || u.actual {
			buf = resolveInput(w, &ins[i], buf)
		}
	}
	if !u.actual {
		u.predicted = r.predict(tick, u.predicted[:0])
		for i := range u.predicted {
			buf = resolveInput(w, &u.predicted[i], buf)
		}
	}
	return buf, nil
}

// predict appends the remote player's predicted inputs of tick t to dst:
// the drags it held at the latest earlier tick whose inputs have arrived.
func (r *Rollback) predict(t uint64, dst []PlayerInput) []PlayerInput {
	for k := t; k > 0; k-- {
		if !r.arrived(k - 1) {
			continue
		}
		for _, pi := range r.tl.at(k - 1) {
			if pi.Player != LocalPlayer && pi.Input.Kind == physics.InputDrag {
				pi.Tick = t
				dst = append(dst, pi)
			}
		}
		break
	}
	return dst
}

// mispredicted reports whether tick u's step ran with remote inputs other
// than those it would use now.
func (r *Rollback) mispredicted(u uint64) bool {
	use := &r.uses[u%uint64(len(r.uses))]
	if use.tick != u {
		return true // stepped back by the user past what the ring recalls: run it again
	}
	if use.actual {
		return false
	}
	now := r.now[:0]
	if r.arrived(u) {
		for _, pi := range r.tl.at(u) {
			if pi.Player != LocalPlayer {
				pi.Tick = u
				now = append(now, pi)
			}
		}
	} else {
		now = r.predict(u, now)
	}
	r.now = now
	if len(now) != len(use.predicted) {
		return true
	}
	for i := range now {
		if !sameInput(&now[i], &use.predicted[i]) {
			return true
		}
	}
	return false
}

// resolveInput appends pi's input to buf with its body resolved in w; an
// input whose body does not exist (a predicted world may lack it) is left
// out, as a scene's script leaves out a teleport of a body not yet fired.
func resolveInput(w *physics.World, pi *PlayerInput, buf []physics.Input) []physics.Input {
	in := pi.Input
	switch {
	case pi.BodyName != "":
		id, ok := w.FindBody(pi.BodyName)
		if !ok {
			return buf
		}
		in.Body = id
	case in.Kind == physics.InputTeleport || in.Kind == physics.InputDrag:
		i := in.Body.Index()
		if i >= w.NumBodies() {
			return buf
		}
		in.Body = w.ID(i)
	}
	return append(buf, in)
}

// rollbackTo puts the world, the counts and the rate back to the ring's
// state after tick t, as SeekTick does, but as a step of the session
// rather than the user's: it is not reported as a rewind.
func (s *Session) rollbackTo(t uint64) error {
	r := s.rewind
	if r == nil || t < r.oldest || t > r.newest {
		lo, hi, _ := s.RewindRange()
		return fmt.Errorf("session: rollback to tick %d: the rewind ring holds ticks %d to %d", t, lo, hi)
	}
	s.world.Restore(r.slot(t))
	s.counts = r.counts[r.index(t)]
	if rt := r.rates[r.index(t)]; rt != s.rate || s.loop.Config().StepSeconds != s.dt {
		s.useRate(rt)
	}
	return nil
}
