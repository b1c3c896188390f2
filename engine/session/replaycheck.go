package session

import (
	"fmt"
	"sort"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// checker holds a recording's lines to what a replay of its scene can
// honour, line by line, knowing only the lines before: the order of ticks,
// the bodies each input and hash line names (every body there is at a tick
// is known from the scene and the shots before it), the inputs of one
// tick, the rewinds and the total work. The first pass runs it over the
// whole file before anything runs; the replay runs it again over the lines
// as it reads them, so a file changed in between cannot slip past it.
type checker struct {
	sc          *scene.Scene
	scriptFires []uint64 // ticks of the scene's own shots, sorted
	maxSteps    uint64   // the loop's steps per frame: how far an old file's inputs ran ahead of a hash
	rewindSpan  uint64   // the most ticks a session can step back

	start     uint64 // the branch's first tick
	lastInput uint64
	hasInput  bool
	perTick   int    // inputs at lastInput so far
	lastHash  uint64 // 0: none on this branch yet
	fires     []uint64
	work      uint64 // ticks stepped by the branches that have ended
	rewinds   int
	ended     bool
	end       expect
}

func newChecker(sc *scene.Scene, stepSeconds float64) *checker {
	c := &checker{sc: sc, maxSteps: uint64(sc.LoopConfig().MaxStepsPerFrame), rewindSpan: uint64(RewindTicks(stepSeconds))}
	for _, ev := range sc.Events {
		if ev.Kind == scene.EventFire {
			c.scriptFires = append(c.scriptFires, ev.Tick)
		}
	}
	sort.Slice(c.scriptFires, func(i, j int) bool { return c.scriptFires[i] < c.scriptFires[j] })
	return c
}

// count is how many of ticks (sorted) are below t.
func count(ticks []uint64, t uint64) int {
	return sort.Search(len(ticks), func(i int) bool { return ticks[i] >= t })
}

// bodiesAt is the number of bodies after tick t's step has applied its
// inputs so far: the scene's, its shots up to t and the recorded shots of
// this branch.
func (c *checker) bodiesAt(t uint64) int {
	return len(c.sc.Bodies) + count(c.scriptFires, t+1) + len(c.fires)
}

// bodiesAfter is the number of bodies in the state after tick T (a hash).
func (c *checker) bodiesAfter(t uint64) int {
	return len(c.sc.Bodies) + count(c.scriptFires, t) + count(c.fires, t)
}

// add checks the next line; the error is the message for that line.
func (c *checker) add(it *item) string {
	if c.ended {
		return "a line after the end line"
	}
	switch it.kind {
	case itemInput:
		return c.input(it)
	case itemHash:
		return c.hash(it)
	case itemRewind:
		return c.rewind(it)
	case itemEnd:
		return c.finish(it)
	}
	return "unknown line"
}

func (c *checker) input(it *item) string {
	t := it.tick
	switch {
	case t < c.start:
		return fmt.Sprintf("input at tick %d comes before the tick %d the recording was rewound to", t, c.start)
	case c.hasInput && t < c.lastInput:
		return fmt.Sprintf("input at tick %d comes after tick %d", t, c.lastInput)
	case t < c.lastHash:
		return fmt.Sprintf("input at tick %d comes after the hash of tick %d", t, c.lastHash)
	}
	if c.hasInput && t == c.lastInput {
		c.perTick++
	} else {
		c.perTick = 1
	}
	c.lastInput, c.hasInput = t, true
	if c.perTick > MaxInputsPerTick {
		return fmt.Sprintf("more than %d inputs at tick %d", MaxInputsPerTick, t)
	}
	switch in := &it.in; in.Kind {
	case physics.InputFire:
		if n := c.bodiesAt(t) + 1; n > scene.MaxBodies {
			return fmt.Sprintf("the shot at tick %d makes %d bodies, more than the limit of %d (projectiles included)", t, n, scene.MaxBodies)
		}
		c.fires = append(c.fires, t)
	case physics.InputTeleport, physics.InputDrag:
		if i, n := in.Body.Index(), c.bodiesAt(t); i >= n {
			return noBody(in, t, n)
		}
	}
	return ""
}

// noBody says that in names a body the world does not have at tick t.
func noBody(in *physics.Input, t uint64, n int) string {
	what := "drag"
	if in.Kind == physics.InputTeleport {
		what = "teleport"
	}
	return fmt.Sprintf("%s of body %d at tick %d: the world has %d bodies then (creation indices 0 to %d)", what, in.Body.Index(), t, n, n-1)
}

func (c *checker) hash(it *item) string {
	t := it.tick
	switch {
	case t <= c.start:
		return fmt.Sprintf("hash at tick %d: the branch starts at tick %d", t, c.start)
	case t <= c.lastHash:
		return fmt.Sprintf("hash at tick %d comes after the hash of tick %d", t, c.lastHash)
	case c.hasInput && c.lastInput >= t+c.maxSteps:
		// Older versions wrote a frame's inputs before its hashes: a hash
		// may follow the inputs of its frame's later ticks, no further.
		return fmt.Sprintf("hash at tick %d comes after an input at tick %d, further than one frame's %d steps", t, c.lastInput, c.maxSteps)
	}
	c.lastHash = t
	return c.bodies(&it.exp, "hash")
}

// bodies checks a hash or end line's fingerprints against the bodies the
// world has then: their number, and the scene's bodies by name.
func (c *checker) bodies(e *expect, what string) string {
	if !e.listed {
		return ""
	}
	n := c.bodiesAfter(e.tick)
	if len(e.bodies) != n {
		return fmt.Sprintf("%s at tick %d lists %d bodies; the world has %d then", what, e.tick, len(e.bodies), n)
	}
	for i, b := range c.sc.Bodies {
		if e.bodies[i].Name != b.Name {
			return fmt.Sprintf("%s at tick %d lists body %d as %q; the scene's body %d is %q", what, e.tick, i, e.bodies[i].Name, i, b.Name)
		}
	}
	return ""
}

func (c *checker) rewind(it *item) string {
	from, to := it.tick, it.to
	switch {
	case from < c.start || from < c.lastHash || c.hasInput && from <= c.lastInput:
		return fmt.Sprintf("rewind from tick %d: the branch has lines up to tick %d", from, max(c.start, c.lastHash, c.lastInput))
	case from-to > c.rewindSpan:
		return fmt.Sprintf("rewind from tick %d to %d: a session keeps at most %d ticks to rewind", from, to, c.rewindSpan)
	}
	if msg := c.addWork(from, "rewind from tick"); msg != "" {
		return msg
	}
	c.rewinds++
	c.start, c.hasInput, c.perTick, c.lastHash = to, false, 0, 0
	c.fires = c.fires[:count(c.fires, to)] // the shots after to are undone
	return ""
}

func (c *checker) finish(it *item) string {
	t := it.tick
	switch {
	case t == 0:
		return "the recording ends at tick 0: nothing to replay"
	case t < c.start || t < c.lastHash || c.hasInput && t <= c.lastInput:
		return fmt.Sprintf("end at tick %d: the branch has lines up to tick %d", t, max(c.start, c.lastHash, c.lastInput))
	}
	if msg := c.addWork(t, "end at tick"); msg != "" {
		return msg
	}
	if msg := c.bodies(&it.exp, "end"); msg != "" {
		return msg
	}
	c.ended, c.end = true, it.exp
	return ""
}

// addWork counts the branch ending at tick t and refuses a total beyond
// MaxReplayTicks.
func (c *checker) addWork(t uint64, what string) string {
	d := t - c.start
	if d > MaxReplayTicks-c.work {
		return fmt.Sprintf("%s %d: the replay would step more than the limit of %d ticks (every branch of a rewound recording counted)", what, t, MaxReplayTicks)
	}
	c.work += d
	return ""
}
