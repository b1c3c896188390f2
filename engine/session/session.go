// Package session is one simulation session: the world, the fixed-step
// loop, the scene's script, the inputs queued for the next tick, and the
// per-step bookkeeping (events, profile, teleport detection, checkpoint
// hashes). The window and headless runs both drive a Session, one Advance
// per display frame, and read what happened from the Frame it returns:
// nothing outside this package runs code inside a physics step.
package session

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/frames"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// CheckpointEvery is how often, in ticks, the session hashes the state
// (recordings store these hashes; compare checks them across rates).
const CheckpointEvery = 60

// Options says what a session runs.
type Options struct {
	Scene *scene.Scene
	// Clock is a monotonic nanosecond clock for the physics profile and the
	// per-step wall times; nil leaves them zero. It never affects state.
	Clock func() int64
	// StopTick, when > 0, ends the session as soon as that tick completes:
	// the rest of that frame's steps do not run and its alpha is 0.
	StopTick uint64
	// DetectTeleports runs the undeclared-teleport detector after every
	// step (Frame.Undeclared): the window marks such bodies. Off, it costs
	// nothing, which headless runs of big scenes prefer.
	DetectTeleports bool
	// IgnoreTeleportFlags makes the detector judge declared teleports too,
	// from where the body was before the teleport, as if the physics had
	// not flagged them: what a renderer without the flag would blend
	// across (compare's "flag ignored" column; the window's marking test).
	// It never affects state.
	IgnoreTeleportFlags bool
	// Policy and CatchUp pick the loop (zero values: the fixed loop, drop).
	// Every policy but Fixed makes runs depend on the display's frame
	// times: see docs/loops.md.
	Policy  loop.Policy
	CatchUp loop.CatchUp
	// MoversPerFrame moves the scene's movers by display time, once per
	// frame, instead of by tick in the step (-movers per-frame, the
	// anti-pattern; movers.go). It makes the state depend on the display.
	MoversPerFrame bool
}

// inputFeed hands a step the inputs of its tick that come from outside
// the scene's script and the user: a recording (Replay), or the players of
// a rollback session (Rollback).
type inputFeed interface {
	inputsAt(s *Session, tick uint64, buf []physics.Input) ([]physics.Input, error)
}

// Session is one running simulation. It is not safe for concurrent use.
type Session struct {
	sc     *scene.Scene
	world  *physics.World
	loop   *loop.Loop
	script *scene.Script
	clock  func() int64
	dt     float64 // 1 / rate.Hz
	rate   Rate
	stopAt uint64

	inputs  []physics.Input // this step's inputs, reused
	pending []physics.Input // user inputs for the next tick boundary
	held    physics.Input   // applied at every step while holding (a drag)
	holding bool
	feed    inputFeed // the replay or rollback feeding inputs, nil when none
	feedErr error     // the feed's error, returned by Advance
	// feedTakesUser: the feed takes the queued and held inputs itself (a
	// live rollback keeps them as the local player's), so step adds none.
	feedTakesUser bool

	teleports *frames.TeleportDetector
	detect    bool
	noFlags   bool    // Options.IgnoreTeleportFlags
	rewind    *Rewind // nil unless EnableRewind
	observer  func(*physics.World)

	prints bool // fingerprint every body at each checkpoint (recording, replay)

	ground physics.StaticID // the scene's ground (NoStatic-1 when it has none)
	counts Counts

	// moverSeconds is the display time the per-frame movers were last
	// placed at (Options.MoversPerFrame).
	moverSeconds float64

	frame  Frame
	stepFn func(uint64) bool // s.step bound once: a method value per frame would allocate
}

// New builds the scene's world, loop and script at tick 0.
func New(o Options) (*Session, error) {
	if o.Scene == nil {
		return nil, errors.New("session: no scene")
	}
	w, err := o.Scene.NewWorld(o.Clock)
	if err != nil {
		return nil, err
	}
	cfg := o.Scene.LoopConfig()
	cfg.Policy, cfg.CatchUp = o.Policy, o.CatchUp
	lp, err := loop.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.Scene.File, err)
	}
	s := &Session{
		sc: o.Scene, world: w, loop: lp, script: o.Scene.NewScript(w),
		clock: o.Clock, dt: lp.Config().StepSeconds, stopAt: o.StopTick,
		teleports: frames.NewTeleportDetector(), detect: o.DetectTeleports,
		noFlags: o.IgnoreTeleportFlags, rate: SceneRate(o.Scene),
	}
	s.ground = physics.StaticID(o.Scene.GroundStatic())
	if s.ground < 0 {
		// Below NoStatic, so that no hit (a body hit has NoStatic) is on it.
		s.ground = physics.NoStatic - 1
	}
	s.stepFn = s.step
	w.SetMoversPerFrame(o.MoversPerFrame)
	return s, nil
}

// Close stops the world's helper goroutines (physics.World.Close); call it
// when the session ends. A closed session still runs, on one goroutine.
func (s *Session) Close() { s.world.Close() }

// Scene is the scene the session runs.
func (s *Session) Scene() *scene.Scene { return s.sc }

// World is the session's world. Read it between Advance calls; changing
// it directly (rather than through Queue) breaks recordings.
func (s *Session) World() *physics.World { return s.world }

// Loop is the session's loop, for pause, single step and time scale.
func (s *Session) Loop() *loop.Loop { return s.loop }

// StepSeconds is the fixed step the world steps at now, s (1 / Rate().Hz;
// SetRate changes it).
func (s *Session) StepSeconds() float64 { return s.dt }

// Tick is the number of steps the world has taken (after a rewind, the
// tick rewound to).
func (s *Session) Tick() uint64 { return s.world.Tick() }

// Teleports is the detector of undeclared teleports, run after every step
// when Options.DetectTeleports is set.
func (s *Session) Teleports() *frames.TeleportDetector { return s.teleports }

// Last is the frame the last Advance returned.
func (s *Session) Last() *Frame { return &s.frame }

// Queue adds a user input for the next tick boundary: it applies at the
// start of the next step, after that tick's scripted inputs.
func (s *Session) Queue(in physics.Input) { s.pending = append(s.pending, in) }

// Hold makes in apply at the start of every step from the next one on,
// after the queued inputs, until Release or the next Hold: what a held
// mouse drag needs (physics.InputDrag lasts one step). Each step's copy is
// recorded as an input of that tick, so a replay needs no notion of holding.
func (s *Session) Hold(in physics.Input) { s.held, s.holding = in, true }

// Release stops the held input from the next step on.
func (s *Session) Release() { s.holding = false }

// Held is the held input, if any.
func (s *Session) Held() (physics.Input, bool) { return s.held, s.holding }

// Pending is the inputs queued for the next tick boundary (read only).
func (s *Session) Pending() []physics.Input { return s.pending }

// SetFingerprints makes every checkpoint carry each body's fingerprint
// (Checkpoint.Bodies), as recordings need.
func (s *Session) SetFingerprints(on bool) { s.prints = on }

// SetStopTick ends the session as soon as tick t completes (0 = never).
func (s *Session) SetStopTick(t uint64) { s.stopAt = t }

// Done reports whether the stop tick has been reached.
func (s *Session) Done() bool { return s.stopAt > 0 && s.world.Tick() >= s.stopAt }

// Observe calls f with the world after every step, for analyses that need
// every tick's poses (compare's exact trajectory). It must only read.
// Renderers never observe: they read the Frame after Advance.
func (s *Session) Observe(f func(*physics.World)) { s.observer = f }

// Advance hands the session one display frame of frameSeconds (>= 0,
// finite) and returns what the frame did. The Frame is reused by the
// next call. Once warm, Advance allocates nothing.
func (s *Session) Advance(frameSeconds float64) (*Frame, error) {
	f := &s.frame
	f.reset()
	f.FirstTick = s.world.Tick()
	s.placeMovers(frameSeconds)
	lf, err := s.loop.Advance(frameSeconds, s.stepFn)
	f.Counts = s.Counts()
	if err == nil && s.feedErr != nil {
		err = s.feedErr
	}
	if err != nil {
		return f, err
	}
	f.Index++
	f.FrameSeconds = frameSeconds
	f.Tick = s.world.Tick()
	f.Frame = lf
	return f, nil
}

// step is the loop's fixed-step callback: this tick's scripted inputs, the
// replayed ones (a replay's feed), the queued ones, one physics step, then the bookkeeping.
// The world's tick is the tick of record (a rewind moves it back; the
// loop's own count only says how many steps ran).
func (s *Session) step(uint64) bool {
	tick := s.world.Tick()
	f := &s.frame
	if rw, ok := s.rewind.takeRewound(tick); ok {
		f.Rewound, f.HasRewound = rw, true
	}
	s.inputs = s.script.InputsFor(tick, s.inputs[:0])
	f.ScriptInputs += len(s.inputs)
	user := len(s.inputs)
	if s.feed != nil {
		var err error
		if s.inputs, err = s.feed.inputsAt(s, tick, s.inputs); err != nil {
			// A line the replay cannot honour: the step does not run.
			s.feedErr = err
			return false
		}
	}
	if !s.feedTakesUser {
		s.inputs = append(s.inputs, s.pending...)
		s.pending = s.pending[:0]
		if s.holding {
			s.inputs = append(s.inputs, s.held)
		}
	}
	for _, in := range s.inputs[user:] {
		f.Inputs = append(f.Inputs, Stamped{Tick: tick, Input: in})
	}
	s.applyRates(s.inputs[user:])
	if s.rewind != nil {
		s.rewind.branch(tick)
	}
	var t0 int64
	if s.clock != nil {
		t0 = s.clock()
	}
	s.world.Step(s.stepDT(tick, user), s.inputs)
	var ns int64
	if s.clock != nil {
		ns = s.clock() - t0
	}
	f.StepNanos = append(f.StepNanos, ns)
	f.addProfile(s.world.Profile())
	f.collect(s.world)
	s.countHits(s.world.Events().CCDHits)
	if s.detect {
		s.detectTeleports()
	}
	after := s.world.Tick()
	if after%CheckpointEvery == 0 {
		cp := Checkpoint{Tick: after, Hash: s.world.StateHash()}
		if s.prints {
			// Sub-slices of one reused buffer: no allocation once warm.
			n := len(f.prints)
			f.prints = Prints(s.world, f.prints)
			cp.Bodies = f.prints[n:len(f.prints):len(f.prints)]
		}
		f.Checkpoints = append(f.Checkpoints, cp)
	}
	if s.rewind != nil {
		s.rewind.save(s.world, s.counts, s.rate)
	}
	if s.observer != nil {
		s.observer(s.world)
	}
	return s.stopAt == 0 || after < s.stopAt
}

// stepDT is this step's dt: a replayed step's recorded one, else the
// loop's (the fixed step on the fixed loop, the same float64 as s.dt; the
// frame's own for Variable and SemiFixed). A dt other than the fixed step
// is added to the step's inputs (physics.InputStepDT), so that a recording
// holds it and its replay steps with it whatever its own loop.
func (s *Session) stepDT(tick uint64, user int) float64 {
	for _, in := range s.inputs[user:] {
		if in.Kind == physics.InputStepDT {
			return in.StepDT
		}
	}
	dt := s.loop.StepDT()
	if dt != s.dt {
		in := physics.Input{Kind: physics.InputStepDT, StepDT: dt}
		s.inputs = append(s.inputs, in)
		s.frame.Inputs = append(s.frame.Inputs, Stamped{Tick: tick, Input: in})
	}
	return dt
}

// detectTeleports runs the undeclared-teleport detector over every body.
func (s *Session) detectTeleports() {
	f := &s.frame
	for i := 0; i < s.world.NumBodies(); i++ {
		b := s.world.Body(i)
		prev := b.Prev.Center
		if b.Teleported && s.noFlags {
			prev = s.teleportedFrom(i, prev)
		}
		if s.teleports.Check(i, prev, b.Curr.Center, b.Prev.Orientation, b.Curr.Orientation,
			b.Velocity, b.AngularVelocity, frames.During{Speed: b.StepSpeed, Spin: b.StepSpin}, b.Teleported && !s.noFlags, s.dt) {
			f.Undeclared = append(f.Undeclared, Undeclared{Tick: s.world.Tick(), Body: i})
			s.counts.UndeclaredJumps++
		}
	}
}

// teleportedFrom is where body i was before the last step's teleport (the
// physics moved its Prev to the target, so that nothing is drawn between):
// with the flag ignored, the detector judges the jump from there. def is
// returned when the step teleported no such body.
func (s *Session) teleportedFrom(i int, def mgl64.Vec3) mgl64.Vec3 {
	id := s.world.ID(i)
	for _, e := range s.world.Events().Teleports {
		if e.Body == id {
			def = e.From
		}
	}
	return def
}
