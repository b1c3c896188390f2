package session

import (
	"math"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// LiveTimeline is sc's scripted events as the players' inputs (as in
// SceneTimeline) for a session without end or states to check: the
// window's. The user's own inputs join it as player 1's as they are
// queued (Rollback.Live).
func LiveTimeline(sc *scene.Scene) *Timeline {
	return sceneInputs(sc, math.MaxInt64)
}

// Live makes the session's queued and held inputs (the user's) the local
// player's: each step takes them into the timeline at its tick, so that a
// rollback re-simulates them too.
func (r *Rollback) Live() {
	r.live = true
	r.s.feedTakesUser = true
}

// takeUser moves the session's queued and held inputs into the timeline as
// the local player's inputs of tick, after the inputs already there (the
// order a plain session applies them in: script, queued, held).
func (r *Rollback) takeUser(w *physics.World, tick uint64) {
	s := r.s
	for _, in := range s.pending {
		r.addLocal(w, tick, in)
	}
	s.pending = s.pending[:0]
	if s.holding {
		r.addLocal(w, tick, s.held)
	}
}

func (r *Rollback) addLocal(w *physics.World, tick uint64, in physics.Input) {
	if in.Kind == physics.InputTeleport || in.Kind == physics.InputDrag {
		in.Body = bodyIndexID(in.Body.Index()) // by creation index, as recordings name bodies
	}
	ins := r.tl.Inputs
	at := len(ins)
	for at > 0 && ins[at-1].Tick > tick {
		at--
	}
	ins = append(ins, PlayerInput{})
	copy(ins[at+1:], ins[at:])
	ins[at] = PlayerInput{Tick: tick, Player: LocalPlayer, Input: in}
	r.tl.Inputs = ins
}
