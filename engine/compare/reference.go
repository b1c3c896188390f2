package compare

import (
	"math"

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
	plot        plotSpec
}

// plotSpec is what the x(t) plot shows: traced body Body's drawn
// coordinate Axis (0 = x) from display time Start, chosen from the
// reference as the traced body with the longest steady stretch, during it.
type plotSpec struct {
	Body, Axis int
	Start      float64 // s
}

// stretch is one body's longest steady stretch in the reference.
type stretch struct {
	follow         Follower
	from, bestFrom uint64 // first tick of the current and of the longest stretch
	bestLen        uint64
	axis           int // the velocity's largest component during the longest stretch
}

// step follows the body through tick.
func (s *stretch) step(tick uint64, b physics.BodyView, dt float64) {
	s.follow.Step(tick, b, dt)
	v := b.Velocity
	if !s.follow.SteadyOver(tick, tick) {
		s.from = tick + 1
		return
	}
	if n := tick - s.from + 1; n > s.bestLen {
		s.bestFrom, s.bestLen = s.from, n
		if n == 1 || n%16 == 0 {
			s.axis = 0
			for a := 1; a < 3; a++ {
				if math.Abs(v[a]) > math.Abs(v[s.axis]) {
					s.axis = a
				}
			}
		}
	}
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
	defer sess.Close()
	var start []mgl64.Vec3 // per body index: its centre when first seen
	var moved []bool
	var steady []stretch
	w0, dt := sess.World(), sess.StepSeconds()
	for i := 0; i < w0.NumBodies(); i++ {
		steady = append(steady, stretch{})
		steady[i].follow.Start(0, vec(w0.Body(i).Velocity))
	}
	sess.Observe(func(w *physics.World) {
		for i := len(start); i < w.NumBodies(); i++ {
			start, moved = append(start, w.Body(i).Prev.Center), append(moved, false)
		}
		for len(steady) < w.NumBodies() {
			steady = append(steady, stretch{})
		}
		t := w.Tick()
		for i := range start {
			b := w.Body(i)
			// A crate settling by a hair on the ground does not count.
			if !moved[i] && b.Curr.Center.Sub(start[i]).Len() > moveMetres {
				moved[i] = true
			}
			steady[i].step(t, b, dt)
		}
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
	ref.plot = pickPlot(traced, steady, sess.StepSeconds())
	out := make([]string, len(traced))
	for j, i := range traced {
		out[j] = names[i]
	}
	return ref, out, nil
}

// pickPlot picks the traced body with the longest steady stretch (the
// first on ties) and a plot window inside that stretch: from plotStart
// when the stretch covers it, else from the stretch's start.
func pickPlot(traced []int, steady []stretch, dt float64) plotSpec {
	p := plotSpec{Start: plotStart}
	var best uint64
	for j, i := range traced {
		if i < len(steady) && steady[i].bestLen > best {
			best, p.Body, p.Axis = steady[i].bestLen, j, steady[i].axis
		}
	}
	if best == 0 {
		return p
	}
	s := steady[traced[p.Body]]
	from, to := float64(s.bestFrom)*dt, float64(s.bestFrom+s.bestLen)*dt
	if from > plotStart || to < plotStart+plotLength {
		p.Start = from
	}
	return p
}
