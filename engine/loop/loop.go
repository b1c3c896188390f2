package loop

import (
	"fmt"
	"math"
)

// alphaBelowOne is the largest float64 below 1: alpha never reaches 1.
const alphaBelowOne = 1 - 1.0/(1<<53)

// Loop is a fixed-step accumulator. It is not safe for concurrent use; the
// goroutine that owns the frame calls it.
type Loop struct {
	// Hot fields first: Advance reads these every call.
	step     float64 // StepSeconds
	clamp    float64 // MaxFrameSeconds, +Inf when there is no clamp
	scale    float64 // time scale, MinTimeScale..MaxTimeScale
	acc      float64 // seconds owed to physics, in [0, step) between frames
	alpha    float64 // acc / step after the last frame, in [0, 1)
	tick     uint64  // steps run since New
	maxSteps int
	paused   bool
	single   bool // a single step was requested while paused

	// The policy path's state (policy.go, advance_policy.go); the fixed
	// path reads only policy and catchUp, and never writes these.
	policy     Policy
	catchUp    CatchUp
	stepDt     float64 // the dt of the step being run (StepSeconds on the fixed path)
	behind     float64 // seconds owed beyond the accumulator (CatchUp Slow)
	acc32      float32 // Float32Acc's accumulator
	otherTicks uint64  // steps run by the policy path since baseTick
	otherTime  float64 // their summed dt, s

	cfg Config // as given, for Config(); StepSeconds follows SetStepSeconds

	// Time is base + (tick - baseTick) * step, with the policy path's steps
	// counted at their own dt: SetStepSeconds starts a new base, so that
	// time stays continuous across a change of rate.
	base     float64
	baseTick uint64
}

// Frame reports what one Advance did. All seconds are simulated (already
// multiplied by the time scale). For every call,
// fed*scale == Steps*StepSeconds + (Accumulator - previous Accumulator)
// + ClampedSeconds + CappedSeconds + DiscardedSeconds, up to rounding.
type Frame struct {
	Steps int     // fixed steps run in this frame
	Alpha float64 // accumulator / step after the frame, in [0, 1): the render blend
	// ClampedSeconds were cut by MaxFrameSeconds before they reached the
	// accumulator.
	ClampedSeconds float64
	// CappedSeconds were dropped because MaxStepsPerFrame steps ran and at
	// least one whole step was still owed: the whole accumulator goes, so
	// the next frame starts fresh instead of trying to catch up (the spiral
	// of death). Alpha is 0 then.
	CappedSeconds float64
	// DiscardedSeconds were emptied from the accumulator because the step
	// callback returned false. Alpha is 0 then.
	DiscardedSeconds float64
	// Accumulator is the time owed to physics after the frame, in seconds.
	Accumulator float64
	// Stopped is true when the step callback returned false.
	Stopped bool
	// StepSeconds is the dt of each of this frame's steps (all steps of a
	// frame have the same dt; the fixed loop's is Config.StepSeconds).
	StepSeconds float64
	// SkippedSeconds were thrown away by SkipLong: a long frame's time.
	SkippedSeconds float64
	// ResetSeconds were cleared by CatchUp Reset after a long frame.
	ResetSeconds float64
	// SlowedSeconds were added this frame to what the world owes (CatchUp
	// Slow); Behind is the total owed beyond the accumulator after it.
	SlowedSeconds, Behind float64
	// RoundedSeconds is the time Float32Acc's accumulator lost to rounding
	// this frame (negative: gained): the precision anti-pattern's drift.
	RoundedSeconds float64
}

// DroppedSeconds is the frame's dropped time, the one definition the
// reports, traces and the panel use: time still owed that the loop threw
// away, cut by the clamp or the step cap, skipped by skip-long or cleared
// by catch-up reset. DiscardedSeconds is not in it: when the run stops
// part-way through a frame, nothing is owed any more.
func (f Frame) DroppedSeconds() float64 {
	return f.ClampedSeconds + f.CappedSeconds + f.SkippedSeconds + f.ResetSeconds
}

// New returns a loop at tick 0 with an empty accumulator, time scale 1, not
// paused. It refuses an invalid config (see Config.Validate).
func New(cfg Config) (*Loop, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	clamp := cfg.MaxFrameSeconds
	if clamp == 0 {
		clamp = math.Inf(1)
	}
	return &Loop{
		step:     cfg.StepSeconds,
		clamp:    clamp,
		scale:    1,
		maxSteps: cfg.MaxStepsPerFrame,
		cfg:      cfg,
		policy:   cfg.Policy,
		catchUp:  cfg.CatchUp,
		stepDt:   cfg.StepSeconds,
	}, nil
}

// Advance hands the loop frameSeconds of display time (>= 0 and finite).
// The time is multiplied by the time scale, clamped to MaxFrameSeconds and
// added to the accumulator; then whole steps run while a step is owed, at
// most MaxStepsPerFrame of them. step may be nil (the steps are only
// counted); otherwise it is called once per step with the tick the step
// starts from (the first step ever gets 0), and returning false stops the
// frame: no more steps, the accumulator is emptied into DiscardedSeconds
// and alpha is 0. The tick advances after step returns.
//
// While paused no time is added and the accumulator and alpha are kept;
// if RequestSingleStep was called, exactly one step runs.
//
// Bad frame seconds (negative, NaN, infinite) return an error and change
// nothing. Advance does not allocate.
func (l *Loop) Advance(frameSeconds float64, step func(tick uint64) bool) (Frame, error) {
	dt := frameSeconds * l.scale
	// One comparison chain catches NaN (all comparisons false), negatives
	// and +Inf, including a finite frame that the scale pushes to +Inf.
	if !(frameSeconds >= 0) || dt > math.MaxFloat64 {
		return l.refuse(frameSeconds)
	}
	if l.paused {
		return l.advancePaused(step), nil
	}
	l.single = false
	if l.policy != Fixed || l.catchUp != Drop || l.behind != 0 {
		return l.advancePolicy(dt, step), nil
	}

	// Locals rather than a Frame filled in place: the result then travels
	// in registers and the common frame touches no stack memory.
	clamped, capped, discarded := 0.0, 0.0, 0.0
	stopped := false
	if dt > l.clamp {
		clamped = dt - l.clamp
		dt = l.clamp
	}
	acc := l.acc + dt
	h := l.step
	n := 0
	for acc >= h {
		if n == l.maxSteps {
			capped, acc = acc, 0
			break
		}
		// Plain subtraction: exact while acc is in [h, 2h] (Sterbenz's lemma),
		// and for larger frames off by at most half an ulp of acc per step,
		// far below the 1e-9 relative the fuzz target holds us to. A separate
		// count-and-remainder (floor(acc/h)) was rejected: it rounds too, and
		// needs a division in the common one-step frame.
		acc -= h
		n++
		t := l.tick
		keep := step == nil || step(t)
		l.tick = t + 1
		h = l.step // the step may have changed the rate (SetStepSeconds)
		if !keep {
			stopped, discarded, acc = true, acc, 0
			break
		}
	}
	alpha := acc / h
	if alpha >= 1 { // cannot happen for acc < h, but alpha < 1 is a promise
		alpha = alphaBelowOne
	}
	l.acc, l.alpha = acc, alpha
	return Frame{
		Steps:            n,
		Alpha:            alpha,
		ClampedSeconds:   clamped,
		CappedSeconds:    capped,
		DiscardedSeconds: discarded,
		Accumulator:      acc,
		Stopped:          stopped,
		StepSeconds:      h,
	}, nil
}

// refuse is Advance's error path, kept out of line so that the formatting
// machinery does not weigh on every frame.
//
//go:noinline
func (l *Loop) refuse(frameSeconds float64) (Frame, error) {
	return Frame{Alpha: l.alpha, Accumulator: l.acc}, fmt.Errorf("loop: frame seconds %v: must be finite and >= 0", frameSeconds)
}

// advancePaused runs the requested single step, if any, and nothing else.
func (l *Loop) advancePaused(step func(tick uint64) bool) Frame {
	f := Frame{Alpha: l.alpha, Accumulator: l.acc, Behind: l.behind}
	if !l.single {
		return f
	}
	l.single = false
	f.Steps = 1
	f.StepSeconds = l.step
	l.stepDt = l.step
	if l.policy != Fixed || l.catchUp != Drop {
		l.otherTicks++
		l.otherTime += l.step
	}
	t := l.tick
	keep := step == nil || step(t)
	l.tick = t + 1
	if !keep {
		f.Stopped = true
		f.DiscardedSeconds = l.acc + l.behind
		l.acc, l.alpha, l.behind, l.acc32 = 0, 0, 0, 0
		f.Behind = 0
		f.Alpha, f.Accumulator = 0, 0
	}
	return f
}

// Tick is the number of steps run so far.
func (l *Loop) Tick() uint64 { return l.tick }

// Time is the physics time in seconds: the fixed steps' is computed from
// the integer tick (with the rate in force over each stretch of ticks,
// after SetStepSeconds), never summed, so it does not drift; steps of other
// policies (whose dt varies) add their summed dt.
func (l *Loop) Time() float64 {
	return l.base + float64(l.tick-l.baseTick-l.otherTicks)*l.step + l.otherTime
}

// Config returns the config the loop was built with, with the step set by
// the last SetStepSeconds.
func (l *Loop) Config() Config { return l.cfg }

// SetStepSeconds changes the fixed step from the next step on (finite and
// > 0; otherwise an error and no change). Nothing else is reset: the
// accumulator keeps the seconds owed, which the next Advance steps at the
// new rate (alpha is capped below 1 until then), and Time goes on from
// where it is. It may be called from Advance's step callback: the rest of
// that frame's steps are then at the new rate.
func (l *Loop) SetStepSeconds(h float64) error {
	if !(h > 0) || math.IsInf(h, 0) {
		return fmt.Errorf("loop: StepSeconds %v: must be finite and > 0", h)
	}
	if h == l.step {
		return nil
	}
	l.base, l.baseTick = l.Time(), l.tick
	l.otherTicks, l.otherTime = 0, 0 // counted in base now
	l.step, l.cfg.StepSeconds = h, h
	if l.policy == Fixed {
		l.stepDt = h
	}
	l.alpha = min(l.acc/h, alphaBelowOne)
	return nil
}

// SetTimeScale sets the slow-motion factor applied to frame seconds,
// MinTimeScale (0.05) to MaxTimeScale (2). Out of range or NaN: an error
// and no change.
func (l *Loop) SetTimeScale(s float64) error {
	if !(s >= MinTimeScale && s <= MaxTimeScale) {
		return fmt.Errorf("loop: time scale %v: must be in [%v, %v]", s, MinTimeScale, MaxTimeScale)
	}
	l.scale = s
	return nil
}

// TimeScale is the current time scale (1 = real time).
func (l *Loop) TimeScale() float64 { return l.scale }

// SetPaused pauses or resumes. While paused the accumulator is frozen and
// alpha keeps its value, so the picture holds still. Resuming clears a
// pending single-step request.
func (l *Loop) SetPaused(p bool) {
	l.paused = p
	if !p {
		l.single = false
	}
}

// Paused reports whether the loop is paused.
func (l *Loop) Paused() bool { return l.paused }

// RequestSingleStep makes the next Advance while paused run exactly one
// step (requests do not add up). An Advance while not paused forgets it.
func (l *Loop) RequestSingleStep() { l.single = true }

// Accumulator is the time owed to physics after the last frame, in seconds,
// in [0, StepSeconds).
func (l *Loop) Accumulator() float64 { return l.acc }

// Alpha is the render blend after the last frame, in [0, 1).
func (l *Loop) Alpha() float64 { return l.alpha }

// Reset returns the loop to tick 0 with an empty accumulator, keeping its
// config, time scale and pause state (for reloading a scene).
func (l *Loop) Reset() {
	l.tick, l.acc, l.alpha, l.single = 0, 0, 0, false
	l.base, l.baseTick = 0, 0
	l.behind, l.acc32, l.otherTicks, l.otherTime, l.stepDt = 0, 0, 0, 0, l.step
}
