package compare

import "sandbox/engine/physics"

// The figures hold for steady motion: a body at rest has no step of travel
// to measure errors in, and an impact or a teleport is not motion a display
// can show evenly. A step is steady when the body moves at least
// MinSteadySpeed, its velocity changed by at most SteadyTolerance of its
// speed since the step before (gravity alone passes once a fall is under
// way; a bounce, an impact or a start from rest does not), and it moved by
// its velocity times the step, within the same tolerance (a contact
// pushing it out, or a sweep stopping it at a wall, does not).
const (
	MinSteadySpeed  = 0.1  // m/s
	SteadyTolerance = 0.05 // of the speed, or of a step's travel
)

// steadyStep reports whether the step of dt seconds that took a body's
// velocity from v0 to b's was steady.
func steadyStep(v0 vec, b *physics.BodyView, dt float64) bool {
	v1 := vec(b.Velocity)
	s := norm(v1)
	if s < MinSteadySpeed || b.Teleported || dist(v0, v1) > SteadyTolerance*s {
		return false
	}
	move := sub(vec(b.Curr.Center), vec(b.Prev.Center))
	return dist(move, vec(b.Velocity.Mul(dt))) <= SteadyTolerance*s*dt
}

// Follower follows one traced body on one display: which of its steps were
// steady (fed after every physics step), and the judder of its drawn motion
// over the frames presented during steady stretches (fed per presented
// frame). compare has one per run and body; the split view one per half.
// The zero value is ready and has seen nothing.
type Follower struct {
	Judder Judder

	seen       bool
	lastTick   uint64
	lastVel    vec
	steadyFrom uint64 // first tick of the current steady stretch

	havePrev             bool
	prevTick             uint64
	prevDrawn, prevExact vec
}

// Start says that the body's velocity after tick is v, before any step is
// fed (the scene's start, or a body first seen): the next step can be
// steady, this tick is not.
func (f *Follower) Start(tick uint64, v [3]float64) {
	f.seen, f.lastTick, f.lastVel, f.steadyFrom = true, tick, v, tick+1
}

// Step feeds the body as the step of dt seconds that ended on tick left
// it. A tick that does not follow the last one (a rewind, a body just
// seen) starts a new stretch.
func (f *Follower) Step(tick uint64, b physics.BodyView, dt float64) {
	if !f.seen || tick != f.lastTick+1 || !steadyStep(f.lastVel, &b, dt) {
		f.steadyFrom = tick + 1
	}
	f.seen, f.lastTick, f.lastVel = true, tick, vec(b.Velocity)
}

// SteadyOver reports whether every step from tick from to tick to
// (inclusive) was fed and steady.
func (f *Follower) SteadyOver(from, to uint64) bool {
	return f.seen && from >= f.steadyFrom && from <= to && to <= f.lastTick
}

// Speed is the body's speed after the last step fed, m/s.
func (f *Follower) Speed() float64 { return norm(f.lastVel) }

// Frame feeds one presented frame at tick (the last one fed): where the
// body is drawn and where the exact trajectory has it, and the seconds since
// the previous presented frame. The move between the two frames counts
// toward the judder when every step between them was steady.
func (f *Follower) Frame(tick uint64, drawn, exact [3]float64, seconds float64) {
	if f.havePrev && f.SteadyOver(f.prevTick, tick) {
		f.Judder.Add(sub(drawn, f.prevDrawn), sub(exact, f.prevExact), seconds, f.Speed())
	}
	f.havePrev, f.prevTick, f.prevDrawn, f.prevExact = true, tick, drawn, exact
}

// Break says the body was not drawn in a frame: the next frame's move is
// not measured.
func (f *Follower) Break() { f.havePrev = false }
