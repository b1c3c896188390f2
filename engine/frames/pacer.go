package frames

import (
	"fmt"
	"math"
)

// DefaultSpinNanos is how long before a deadline the pacer stops sleeping and
// spins instead, in nanoseconds. OS sleeps overshoot, now and then by more
// than a millisecond; a spin a little longer than that absorbs it at the cost
// of one core busy for that long per frame.
const DefaultSpinNanos = 1_500_000

// Pacer holds a presentation rate: each frame has a deadline one period after
// the previous one, and Wait blocks until it (sleep first, then a short spin).
// Deadlines advance by whole periods from the first one, not from when Wait
// returned, so small oversleeps do not add up into a lower rate. A frame that
// misses its deadline by more than a whole period re-anchors the schedule at
// now rather than running a burst of short frames to catch up.
type Pacer struct {
	now   func() int64   // monotonic clock, ns
	sleep func(ns int64) // blocks about ns nanoseconds (may overshoot)

	// SpinNanos is the stretch before a deadline spent spinning instead of
	// sleeping, ns, >= 0 (default DefaultSpinNanos).
	SpinNanos int64

	hz       float64
	periodNs float64 // 0 = uncapped
	next     float64 // next deadline, ns; kept in float64 so 1/144 s does not round each frame
	started  bool
	vrr      bool    // deadlines run from the last present, not on a schedule
	last     float64 // VRR: the last present, ns
}

// NewPacer returns an uncapped pacer (Wait returns at once) that reads time
// from now (monotonic nanoseconds) and blocks with sleep.
func NewPacer(now func() int64, sleep func(ns int64)) *Pacer {
	return &Pacer{now: now, sleep: sleep, SpinNanos: DefaultSpinNanos}
}

// SetHz sets the target rate in frames per second; 0 turns pacing off
// (uncapped, or as fast as vsync allows). Negative, NaN or infinite rates are
// refused. A new rate restarts the schedule at the next Wait.
func (p *Pacer) SetHz(hz float64) error {
	if hz < 0 || math.IsNaN(hz) || math.IsInf(hz, 0) {
		return fmt.Errorf("frames: pacer rate %v Hz: want 0 (off) or a positive finite rate", hz)
	}
	p.hz = hz
	p.vrr = false
	p.periodNs = 0
	if hz > 0 {
		p.periodNs = 1e9 / hz
	}
	p.started = false
	return nil
}

// SetVRR emulates a variable-refresh display of top rate maxHz: Wait
// returns as soon as the frame is ready but not sooner than 1/maxHz after
// the last return, with no schedule to keep (a late frame moves the next
// deadline with it). The panel's repeat past 1/MIN needs nothing of the
// program, so only the top rate is held.
func (p *Pacer) SetVRR(maxHz float64) error {
	if !(maxHz > 0) || math.IsInf(maxHz, 0) {
		return fmt.Errorf("frames: VRR top rate %v Hz: want a positive finite rate", maxHz)
	}
	if err := p.SetHz(maxHz); err != nil {
		return err
	}
	p.vrr = true
	return nil
}

// Presented tells a VRR pacer when the frame Wait released was presented
// (ns, when the swap returned): the next present may come 1/maxHz after it,
// not after Wait's return, so a slow swap cannot bring two presents closer.
// A fixed-rate pacer keeps its schedule and ignores it.
func (p *Pacer) Presented(ns int64) {
	if p.vrr {
		p.last = max(p.last, float64(ns))
	}
}

// VRR reports whether the pacer emulates a variable-refresh display.
func (p *Pacer) VRR() bool { return p.vrr }

// Hz is the target rate, 0 when pacing is off.
func (p *Pacer) Hz() float64 { return p.hz }

// Reset restarts the schedule: the next Wait only sets the first deadline.
// Call it after a pause in presenting (a minimised window, a long load).
func (p *Pacer) Reset() { p.started = false }

// Wait blocks until the current frame's deadline and returns the clock
// reading (ns) when it returned. The first call after SetHz or Reset sets the
// schedule from now and returns at once.
func (p *Pacer) Wait() int64 {
	t := p.now()
	if p.periodNs == 0 {
		return t
	}
	if !p.started {
		p.started = true
		p.next, p.last = float64(t)+p.periodNs, float64(t)
		return t
	}
	if p.vrr {
		t = p.until(p.last+p.periodNs, t)
		p.last = float64(t)
		return t
	}
	deadline := p.next
	if float64(t) > deadline+p.periodNs {
		// Missed by more than a frame: re-anchor instead of catching up.
		p.next = float64(t) + p.periodNs
		return t
	}
	p.next = deadline + p.periodNs
	return p.until(deadline, t)
}

// until blocks from t (ns) until deadline, sleeping then spinning, and
// returns the clock reading then (t itself when it is past).
func (p *Pacer) until(deadline float64, t int64) int64 {
	if float64(t) >= deadline {
		return t
	}
	if rest := deadline - float64(t) - float64(p.SpinNanos); rest > 0 {
		p.sleep(int64(rest))
	}
	for {
		t = p.now()
		if float64(t) >= deadline {
			return t
		}
	}
}
