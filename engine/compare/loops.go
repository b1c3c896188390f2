package compare

import (
	"fmt"
	"math"
	"sort"

	"sandbox/engine/headless"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// The loop experiment (-loops): every loop policy at every display rate,
// with the display's hitches and, when there are hitches, without them as
// the reference. Runs of a non-fixed loop are expected to differ between
// rates: that is reported (equal_across_rates, first_divergent_tick), not
// an error. The fixed loop keeps compare's stop-on-difference rule.
//
// Every run covers the same simulated time, Ticks fixed steps: a run of a
// loop whose dt varies ends after the frame that reaches it.

// LoopResult is one loop policy's runs (report.json "loops").
type LoopResult struct {
	Loop             string `json:"loop"`
	EqualAcrossRates bool   `json:"equal_across_rates"`
	// FirstDivergentTick is the first tick whose state hash differs from
	// the first rate's run; null when every rate agrees.
	FirstDivergentTick *uint64     `json:"first_divergent_tick"`
	Rates              []*LoopRate `json:"rates"`
}

// LoopRate is one loop at one display rate, with the display's hitches.
type LoopRate struct {
	DisplayHz float64 `json:"display_hz"`
	StateHash string  `json:"state_hash"`
	Ticks     uint64  `json:"ticks"`
	// SimulatedSeconds is the physics time the run covered, s.
	SimulatedSeconds float64 `json:"simulated_seconds"`
	// SpringAmplitudeDeviation is max over simulated time and springs of
	// |x_hitch(t) - x_ref(t)| over the reference's largest |x_ref| (x: a
	// spring's extension after each step, the reference's interpolated
	// linearly between its steps); 0 without hitches or springs.
	SpringAmplitudeDeviation float64 `json:"spring_amplitude_deviation"`
	// SpringEnergyDrift is the largest departure of the spring bodies'
	// energy (springs' k x^2/2, bodies' m v^2/2 and m g h from their start)
	// from its start, over the start's: 0 for a perfect integrator.
	SpringEnergyDrift float64 `json:"spring_energy_drift"`
	// StackDriftM is the largest sideways (x, z) drift from its start of
	// any body that started at rest on another, m.
	StackDriftM    float64 `json:"stack_drift_m"`
	Tunnels        uint64  `json:"tunnels"`
	DroppedSeconds float64 `json:"dropped_seconds"`
	SlowedSeconds  float64 `json:"slowed_seconds"`

	hitched, ref *loopTrace
}

// loopTrace is what one run of the experiment keeps: per step, the
// simulated time, every spring's extension and the state hash.
type loopTrace struct {
	times   []float64
	ext     []float64 // springs per step, step after step
	springs int
	hashes  []uint64
	hash    uint64
	ticks   uint64
	simTime float64
	energy  float64 // largest relative energy departure
	stack   float64
	tunnels uint64
	dropped float64
	slowed  float64
}

// maxLoopFrames bounds one experiment run's display frames (a loop that
// stalls the simulated clock must not spin for ever).
const maxLoopFrames = 50_000_000

// runLoops runs the experiment for every loop and rate.
func runLoops(c *Config) ([]*LoopResult, error) {
	var out []*LoopResult
	for _, p := range c.Loops {
		lr := &LoopResult{Loop: p.String(), EqualAcrossRates: true}
		for _, hz := range c.Rates {
			tr, err := runLoop(c, p, c.display(hz))
			if err != nil {
				return nil, fmt.Errorf("-loops %s at %g Hz: %w", p, hz, err)
			}
			rate := &LoopRate{DisplayHz: hz, hitched: tr}
			if c.HitchEvery > 0 {
				d := c.display(hz)
				d.HitchEvery = 0
				if rate.ref, err = runLoop(c, p, d); err != nil {
					return nil, fmt.Errorf("-loops %s at %g Hz without hitches: %w", p, hz, err)
				}
				rate.SpringAmplitudeDeviation = finiteOrMax(amplitudeDeviation(tr, rate.ref))
			}
			rate.StateHash, rate.Ticks, rate.SimulatedSeconds = fmt.Sprintf("%016x", tr.hash), tr.ticks, tr.simTime
			rate.SpringEnergyDrift, rate.StackDriftM = finiteOrMax(tr.energy), finiteOrMax(tr.stack)
			rate.Tunnels, rate.DroppedSeconds, rate.SlowedSeconds = tr.tunnels, tr.dropped, tr.slowed
			lr.Rates = append(lr.Rates, rate)
		}
		first := lr.Rates[0].hitched
		for _, r := range lr.Rates[1:] {
			if t, ok := divergence(first, r.hitched); !ok && (lr.FirstDivergentTick == nil || t < *lr.FirstDivergentTick) {
				lr.EqualAcrossRates = false
				lr.FirstDivergentTick = &t
				if p == loop.Fixed {
					return nil, &HashMismatchError{Tick: t, RateA: lr.Rates[0].DisplayHz, RateB: r.DisplayHz,
						HashA: hashAt(first, t), HashB: hashAt(r.hitched, t)}
				}
			}
		}
		out = append(out, lr)
	}
	return out, nil
}

// runLoop runs the scene under policy p on display d for Ticks fixed
// steps' worth of simulated time.
func runLoop(c *Config, p loop.Policy, d headless.DisplayDef) (*loopTrace, error) {
	sess, err := session.New(session.Options{Scene: c.Scene, Policy: p})
	if err != nil {
		return nil, err
	}
	defer sess.Close()
	w, lp := sess.World(), sess.Loop()
	end := float64(c.Ticks) * sess.StepSeconds()
	if p == loop.Fixed {
		sess.SetStopTick(c.Ticks) // exactly the compare's ticks, as its other runs
	}
	tr := &loopTrace{springs: w.NumSprings()}
	en := newEnergyMeter(w, c.Scene.Gravity.Y())
	st := newStackMeter(w)
	sess.Observe(func(w *physics.World) {
		t := lp.Time() + lp.StepDT() // the loop counts the step after this call
		tr.times = append(tr.times, t)
		for i := 0; i < tr.springs; i++ {
			tr.ext = append(tr.ext, w.Spring(i).Extension)
		}
		tr.hashes = append(tr.hashes, w.StateHash())
		tr.energy = math.Max(tr.energy, en.departure(w))
		tr.stack = math.Max(tr.stack, st.drift(w))
	})
	disp := headless.NewDisplay(d)
	for frames := 0; ; frames++ {
		if p == loop.Fixed && sess.Done() || p != loop.Fixed && lp.Time() >= end*(1-1e-12) {
			break
		}
		if c.Interrupted != nil && c.Interrupted() {
			return nil, headless.ErrInterrupted
		}
		if frames == maxLoopFrames {
			return nil, fmt.Errorf("%d display frames did not cover %g s of simulated time", frames, end)
		}
		f, err := sess.Advance(disp.Next())
		if err != nil {
			return nil, err
		}
		tr.dropped += f.DroppedSeconds()
		tr.slowed += f.SlowedSeconds
	}
	tr.hash, tr.ticks, tr.simTime = w.StateHash(), w.Tick(), lp.Time()
	tr.tunnels = w.Counters().Tunnels
	return tr, nil
}

// divergence returns the first tick (1-based: the tick a step ends on)
// whose state hash differs between a and b, and false; or true when they
// agree over the same number of ticks.
func divergence(a, b *loopTrace) (uint64, bool) {
	n := min(len(a.hashes), len(b.hashes))
	for i := 0; i < n; i++ {
		if a.hashes[i] != b.hashes[i] {
			return uint64(i + 1), false
		}
	}
	if len(a.hashes) != len(b.hashes) {
		return uint64(n + 1), false
	}
	return 0, true
}

func hashAt(t *loopTrace, tick uint64) uint64 {
	if tick >= 1 && int(tick) <= len(t.hashes) {
		return t.hashes[tick-1]
	}
	return t.hash
}

// amplitudeDeviation compares the springs' extensions at equal simulated
// times: each of h's steps against ref linearly interpolated there, within
// ref's span.
func amplitudeDeviation(h, ref *loopTrace) float64 {
	ns := ref.springs
	if ns == 0 || len(ref.times) == 0 {
		return 0
	}
	largest := 0.0
	for _, x := range ref.ext {
		largest = math.Max(largest, math.Abs(x))
	}
	if largest == 0 {
		return 0
	}
	worst := 0.0
	for k, t := range h.times {
		j := sort.SearchFloat64s(ref.times, t) // first ref time >= t
		if j == len(ref.times) {
			break
		}
		for s := 0; s < ns; s++ {
			x := ref.ext[j*ns+s]
			if ref.times[j] != t {
				if j == 0 {
					continue // before the reference's first step
				}
				t0, t1 := ref.times[j-1], ref.times[j]
				x0 := ref.ext[(j-1)*ns+s]
				x = x0 + (x-x0)*(t-t0)/(t1-t0)
			}
			worst = math.Max(worst, math.Abs(h.ext[k*ns+s]-x))
		}
	}
	return worst / largest
}

// finiteOrMax keeps report.json writable when a spring blew up past
// float64: the largest finite number stands for "beyond measure".
func finiteOrMax(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.MaxFloat64
	}
	return x
}

// energyMeter measures the spring bodies' energy against its start.
type energyMeter struct {
	bodies []int
	y0     []float64
	g      float64 // |gravity|, m/s^2, along -y
	e0     float64
}

func newEnergyMeter(w *physics.World, gravityY float64) *energyMeter {
	m := &energyMeter{g: -gravityY}
	seen := make([]bool, w.NumBodies())
	for i := 0; i < w.NumSprings(); i++ {
		s := w.Spring(i)
		for _, b := range []int{s.Body, s.BodyB} {
			if b >= 0 && !seen[b] {
				seen[b] = true
				m.bodies = append(m.bodies, b)
			}
		}
	}
	sort.Ints(m.bodies)
	for _, b := range m.bodies {
		m.y0 = append(m.y0, w.Body(b).Curr.Center.Y())
	}
	m.e0 = m.energy(w)
	return m
}

func (m *energyMeter) energy(w *physics.World) float64 {
	e := 0.0
	for i := 0; i < w.NumSprings(); i++ {
		e += w.Spring(i).Energy
	}
	for k, b := range m.bodies {
		v := w.Body(b)
		e += 0.5*v.Mass*v.Velocity.Dot(v.Velocity) + v.Mass*m.g*(v.Curr.Center.Y()-m.y0[k])
	}
	return e
}

// departure is |E - E0| / E0 (0 when the springs start with no energy).
func (m *energyMeter) departure(w *physics.World) float64 {
	if !(m.e0 > 0) {
		return 0
	}
	return math.Abs(m.energy(w)-m.e0) / m.e0
}

// stackMeter follows the bodies that start at rest on top of another body.
type stackMeter struct {
	bodies []int
	x0, z0 []float64
}

// restTolerance: a body rests on another when its bottom is this close
// to the other's top, m.
const restTolerance = 0.01

func newStackMeter(w *physics.World) *stackMeter {
	m := &stackMeter{}
	n := w.NumBodies()
	for i := 0; i < n; i++ {
		a := w.Body(i)
		if a.Velocity.Len() != 0 {
			continue
		}
		ca := a.Curr.Center
		for j := 0; j < n; j++ {
			b := w.Body(j)
			cb := b.Curr.Center
			if j == i || math.Abs((ca.Y()-a.Half.Y())-(cb.Y()+b.Half.Y())) > restTolerance ||
				math.Abs(ca.X()-cb.X()) >= a.Half.X()+b.Half.X() || math.Abs(ca.Z()-cb.Z()) >= a.Half.Z()+b.Half.Z() {
				continue
			}
			m.bodies = append(m.bodies, i)
			m.x0, m.z0 = append(m.x0, ca.X()), append(m.z0, ca.Z())
			break
		}
	}
	return m
}

func (m *stackMeter) drift(w *physics.World) float64 {
	d := 0.0
	for k, i := range m.bodies {
		c := w.Body(i).Curr.Center
		d = math.Max(d, math.Hypot(c.X()-m.x0[k], c.Z()-m.z0[k]))
	}
	return d
}

// validateLoops bounds the experiment's memory: a run keeps its springs'
// extensions and a hash per step, and a loop of one step per frame steps
// at the display rate.
func (c *Config) validateLoops() error {
	for i, p := range c.Loops {
		if p.String() == fmt.Sprintf("Policy(%d)", uint8(p)) {
			return fmt.Errorf("-loops: unknown policy %d", p)
		}
		for _, q := range c.Loops[:i] {
			if q == p {
				return fmt.Errorf("-loops: %s given twice", p)
			}
		}
	}
	if len(c.Loops) == 0 {
		return nil
	}
	seconds := float64(c.Ticks) / c.Scene.PhysicsHz
	for _, hz := range c.Rates {
		steps := seconds * math.Max(hz, c.Scene.PhysicsHz)
		if n := steps * float64(len(c.Scene.Springs)+1); n > MaxRecords {
			return fmt.Errorf("-loops at -rates %g: %.0f steps x springs is more than the experiment keeps (%d); give fewer -ticks or a lower rate", hz, n, MaxRecords)
		}
	}
	return nil
}
