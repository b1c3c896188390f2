package compare

import (
	"sandbox/engine/headless"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// reference is the exact physics trajectory of the traced bodies: every
// tick's prev and curr pose and velocity, from a run at one step per frame.
// Physics does not depend on the display, so this is the trajectory of
// every run; the checkpoint hashes prove it.
type reference struct {
	// per tick n (1..ticks) and traced body j: the pose and velocity after
	// the step that ended on n, at index (n-1)*len(bodies)+j.
	prev, curr  []physics.Pose
	vel, angVel []vec
	teleported  []bool
	exists      []bool
	bodies      []int // creation index of each traced body
	checkpoints []session.Checkpoint
	hash        uint64
}

type vec = [3]float64

// moveMetres is how far a body must get from its start to be traced by
// default, m.
const moveMetres = 0.01

// at returns the record index of tick n and traced body j.
func (r *reference) at(n uint64, j int) int { return int(n-1)*len(r.bodies) + j }

// runReference steps the scene once per frame for ticks ticks, recording
// every body's pose after each step (all of them: which bodies move is
// known only at the end), then keeps the traced ones.
func runReference(c *Config) (*reference, []string, error) {
	sess, err := session.New(session.Options{Scene: c.Scene, StopTick: c.Ticks})
	if err != nil {
		return nil, nil, err
	}
	type rec struct {
		prev, curr physics.Pose
		v, w       vec
		tele       bool
	}
	var all [][]rec // per tick, per body index
	sess.Observe(func(w *physics.World) {
		row := make([]rec, w.NumBodies())
		for i := range row {
			b := w.Body(i)
			row[i] = rec{b.Prev, b.Curr, vec(b.Velocity), vec(b.AngularVelocity), b.Teleported}
		}
		all = append(all, row)
	})
	ref := &reference{}
	o := headless.Options{Scene: c.Scene, Display: headless.DisplayDef{Hz: 1 / sess.StepSeconds()}, Ticks: c.Ticks,
		Interrupted: c.Interrupted,
		OnFrame: func(f *session.Frame, _ float64) error {
			ref.checkpoints = append(ref.checkpoints, f.Checkpoints...)
			return nil
		}}
	if _, err := headless.RunSession(sess, o); err != nil {
		return nil, nil, err
	}
	ref.hash = sess.World().StateHash()
	w := sess.World()
	names := make([]string, w.NumBodies())
	for i := range names {
		names[i] = w.Body(i).Name
	}
	traced, err := pickBodies(c.Bodies, names, func(i int) bool {
		// Moves: at some tick more than moveMetres from where it started
		// (a crate settling by a hair on the ground does not count).
		first := true
		var p0 physics.Pose
		for _, row := range all {
			if i >= len(row) {
				continue
			}
			if first {
				p0, first = row[i].prev, false
			}
			if row[i].curr.Center.Sub(p0.Center).Len() > moveMetres {
				return true
			}
		}
		return false
	})
	if err != nil {
		return nil, nil, err
	}
	ref.bodies = traced
	n := len(all) * len(traced)
	ref.prev, ref.curr = make([]physics.Pose, n), make([]physics.Pose, n)
	ref.vel, ref.angVel = make([]vec, n), make([]vec, n)
	ref.teleported, ref.exists = make([]bool, n), make([]bool, n)
	for t, row := range all {
		for j, i := range traced {
			k := t*len(traced) + j
			if i < len(row) {
				r := row[i]
				ref.prev[k], ref.curr[k], ref.vel[k], ref.angVel[k], ref.teleported[k], ref.exists[k] = r.prev, r.curr, r.v, r.w, r.tele, true
			}
		}
	}
	out := make([]string, len(traced))
	for j, i := range traced {
		out[j] = names[i]
	}
	return ref, out, nil
}
