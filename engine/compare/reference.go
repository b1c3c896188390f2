package compare

import (
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/headless"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// reference is what a first run at one step per frame tells every other
// run: the checkpoint hashes and the final hash they must match, and which
// bodies to trace. Physics does not depend on the display (the hashes
// prove it), so each run measures against its own world's poses: nothing
// per tick is kept, and memory does not grow with the ticks.
type reference struct {
	bodies      []int // creation index of each traced body
	checkpoints []session.Checkpoint
	hash        uint64
}

type vec = [3]float64

// moveMetres is how far a body must get from its start to be traced by
// default, m.
const moveMetres = 0.01

// runReference steps the scene once per frame for the config's ticks,
// noting for every body whether it ever gets more than moveMetres from
// where it started (known only at the end), then picks the traced ones.
func runReference(c *Config) (*reference, []string, error) {
	sess, err := session.New(session.Options{Scene: c.Scene, StopTick: c.Ticks})
	if err != nil {
		return nil, nil, err
	}
	var start []mgl64.Vec3 // per body index: its centre when first seen
	var moved []bool
	sess.Observe(func(w *physics.World) {
		for i := len(start); i < w.NumBodies(); i++ {
			start, moved = append(start, w.Body(i).Prev.Center), append(moved, false)
		}
		for i := range start {
			// A crate settling by a hair on the ground does not count.
			if !moved[i] && w.Body(i).Curr.Center.Sub(start[i]).Len() > moveMetres {
				moved[i] = true
			}
		}
	})
	ref := &reference{}
	o := headless.Options{Scene: c.Scene, Display: headless.DisplayDef{Hz: 1 / sess.StepSeconds()}, Ticks: c.Ticks,
		OnFrame: func(f *session.Frame, _ float64) error {
			ref.checkpoints = append(ref.checkpoints, f.Checkpoints...)
			return nil
		}}
	if _, err := headless.RunSession(sess, o); err != nil {
		return nil, nil, err
	}
	w := sess.World()
	ref.hash = w.StateHash()
	names := make([]string, w.NumBodies())
	for i := range names {
		names[i] = w.Body(i).Name
	}
	traced, err := pickBodies(c.Bodies, names, func(i int) bool { return i < len(moved) && moved[i] })
	if err != nil {
		return nil, nil, err
	}
	ref.bodies = traced
	out := make([]string, len(traced))
	for j, i := range traced {
		out[j] = names[i]
	}
	return ref, out, nil
}
