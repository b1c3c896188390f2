package loop

import "math"

// advancePolicy is Advance for every policy and catch-up but the default
// (Fixed, Drop), kept apart so that the fixed loop's code and results stay
// exactly as they were. dt is the frame's time-scaled seconds, validated.
func (l *Loop) advancePolicy(dt float64, step func(tick uint64) bool) Frame {
	var f Frame
	h := l.step
	prevOwed := l.acc + l.behind
	fed := dt
	long := dt > l.clamp
	switch {
	case long && l.catchUp == Reset:
		// A long stall: start over instead of catching up.
		f.ResetSeconds = dt + l.acc + l.behind
		l.acc, l.behind, l.acc32 = 0, 0, 0
		prevOwed, fed, dt = 0, 0, 0
	case long && l.policy == SkipLong:
		f.SkippedSeconds = dt
		fed, dt = 0, 0
	case long && l.catchUp != Slow:
		f.ClampedSeconds = dt - l.clamp
		dt = l.clamp
		fed = dt
	}

	n, sd := 0, h
	acc, behind := 0.0, 0.0
	switch l.policy {
	case Variable:
		owed := l.behind + dt
		sd = owed
		if l.catchUp == Slow && sd > l.clamp {
			sd = l.clamp
		}
		behind = owed - sd
		if sd > 0 {
			n = 1
		}
	case SemiFixed:
		owed := l.behind + dt
		if owed > 0 {
			// A relative 1e-9 of slack: 0.05 s at 60 Hz is three steps, not
			// four because 0.05*60 rounds up to 3.0000000000000004.
			if k := math.Ceil(owed/h - 1e-9); k > float64(l.maxSteps) {
				n, sd = l.maxSteps, h
				rest := owed - float64(n)*h
				if l.catchUp == Slow {
					behind = rest
				} else {
					f.CappedSeconds = rest
				}
			} else {
				n = int(k)
				sd = owed / float64(n)
			}
		}
	case Float32Acc:
		h32 := float32(h)
		// More than this frame can step stays in float64, so that a huge
		// frame cannot overflow the float32.
		in, extra := l.behind+dt, 0.0
		if room := float64(l.maxSteps+1) * h; in > room {
			in, extra = room, in-room
		}
		a := l.acc32 + float32(in)
		for a >= h32 && n < l.maxSteps {
			a -= h32
			n++
		}
		if a >= h32 || extra > 0 {
			if l.catchUp == Slow {
				r := float32(math.Mod(float64(a), float64(h32)))
				behind, a = float64(a-r)+extra, r
			} else {
				f.CappedSeconds, a = float64(a)+extra, 0
			}
		}
		l.acc32 = a
		acc = float64(a)
		// What float32 lost or gained: the books' residual.
		f.RoundedSeconds = prevOwed + fed - float64(n)*h - acc - behind - f.CappedSeconds
	default: // Fixed and SkipLong: whole steps of h from a float64 accumulator
		owed := l.acc + l.behind + dt
		for owed >= h && n < l.maxSteps {
			owed -= h
			n++
		}
		switch {
		case owed < h:
			acc = owed
		case l.catchUp == Slow:
			acc = math.Mod(owed, h)
			behind = owed - acc
		default:
			f.CappedSeconds = owed
		}
	}

	l.stepDt = sd
	ran := 0
	for ran < n {
		t := l.tick
		keep := step == nil || step(t)
		l.tick = t + 1
		l.otherTicks++
		l.otherTime += sd
		ran++
		if !keep {
			f.Stopped = true
			f.DiscardedSeconds = float64(n-ran)*sd + acc + behind
			acc, behind, l.acc32 = 0, 0, 0
			break
		}
	}
	if behind > l.behind {
		f.SlowedSeconds = behind - l.behind
	}
	alpha := 0.0
	if l.policy != Variable && l.policy != SemiFixed {
		alpha = acc / h
		if alpha >= 1 {
			alpha = alphaBelowOne
		}
	}
	l.acc, l.behind, l.alpha = acc, behind, alpha
	f.Steps, f.StepSeconds, f.Alpha, f.Accumulator, f.Behind = ran, sd, alpha, acc, behind
	return f
}

// StepDT is the dt of the step being run (inside the step callback) or of
// the last step run: StepSeconds on the fixed loop, the frame's own dt for
// Variable and SemiFixed.
func (l *Loop) StepDT() float64 { return l.stepDt }

// Policy is the loop's policy.
func (l *Loop) Policy() Policy { return l.policy }

// CatchUp is the loop's catch-up strategy.
func (l *Loop) CatchUp() CatchUp { return l.catchUp }

// Behind is what the world owes beyond the accumulator, s (CatchUp Slow).
func (l *Loop) Behind() float64 { return l.behind }

// SetPolicy switches the policy between frames. The accumulator carries
// over (into or out of Float32Acc's float32); an unknown policy is refused.
func (l *Loop) SetPolicy(p Policy) error {
	if p >= numPolicies {
		return Config{StepSeconds: 1, MaxStepsPerFrame: 1, Policy: p}.Validate()
	}
	if p != l.policy && (p == Float32Acc || p == Variable || p == SemiFixed) {
		// The accumulator changes kind (or goes): what it held is still
		// owed, and the next frame steps it, with no rounding off the books.
		l.behind += l.acc
		l.acc, l.acc32, l.alpha = 0, 0, 0
	}
	l.policy, l.cfg.Policy, l.stepDt = p, p, l.step
	return nil
}

// SetCatchUp switches the catch-up strategy between frames. Time owed
// under Slow stays owed until stepped or dropped.
func (l *Loop) SetCatchUp(c CatchUp) error {
	if c >= numCatchUps {
		return Config{StepSeconds: 1, MaxStepsPerFrame: 1, CatchUp: c}.Validate()
	}
	l.catchUp, l.cfg.CatchUp = c, c
	return nil
}
