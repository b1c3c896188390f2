// Package compare runs one scene headless at several display rates and
// interpolation modes, with the same tick-stamped inputs and the same number
// of ticks, and measures what each display shows: how far the drawn poses
// are from the exact physics trajectory, how unevenly they move (judder),
// how many steps each frame runs, and whether a teleported body is ever
// drawn between its old and new place. It first proves that physics did
// not depend on the display: the state hashes at every checkpoint tick must
// be equal in every run. It needs no GL.
package compare

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/latency"
	"sandbox/engine/loop"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// Config says what to compare.
type Config struct {
	Scene *scene.Scene
	Rates []float64     // display rates, Hz, each > 0
	Modes []interp.Mode // interpolation modes
	// The simulated display's irregularities, as for -headless.
	Jitter       float64
	Seed         uint64
	HitchEvery   int
	HitchSeconds float64
	// Ticks is how many ticks every run lasts (never seconds: a run of
	// S seconds is a different number of ticks at different rates).
	Ticks uint64
	// Bodies names the traced bodies; empty traces every body that moves.
	Bodies []string
	// Done, when set, is called after each finished run.
	Done func(r *Run)
	// Open, when set, creates a run's per-frame CSV (named by
	// Run.CSVName) in the output folder: the run streams its frames into
	// it and closes it when the run has passed; the file is complete when
	// Close returns nil. On an error the run stops and closes nothing
	// further, leaving the caller to discard what it opened. Unset, no
	// CSV is written.
	Open func(name string) (io.WriteCloser, error)
	// Interrupted, when set, is asked once per frame of every run (as
	// headless.Options.Interrupted); when it returns true the compare ends
	// with headless.ErrInterrupted.
	Interrupted func() bool
	// Loops, when not empty, adds the loop experiment (loops.go): every
	// policy at every rate, with and without the hitches (-loops).
	Loops []loop.Policy
	// VRR are variable-refresh displays to run beside the fixed Rates
	// (-rates vrr:48-144), their frames rendering in RenderMin..RenderMax
	// seconds (-render-ms).
	VRR                  []headless.VRR
	RenderMin, RenderMax float64
	// RenderTrace, when set, are the VRR displays' render times instead,
	// one a frame from the frame-time trace RenderFrom (-frames-from).
	RenderTrace []float64
	RenderFrom  string
	// Inputs synthetic inputs placed by InputsAt (-inputs, -inputs-at) at
	// the same display times on every display, each followed from arrival
	// to screen (docs/latency.md). They change no state: physics stays
	// what it is without them.
	Inputs   int
	InputsAt latency.Placement
	// MoversPerFrame runs the movers experiment with the movers moved per
	// display frame (-movers per-frame; movers.go), not by tick.
	MoversPerFrame bool

	// tamper, in tests, changes a run's inputs to prove that a display-
	// dependent physics result is caught.
	tamper func(s *session.Session, hz float64)
}

// Limits of one compare. Its memory does not grow with the ticks (each
// run streams its frames to its CSV and keeps sums and histograms); the
// CSVs do, by a line per frame.
const (
	MaxTicks = 1_000_000
	MaxRates = 16
	// MaxRecords bounds ticks x bodies, and so the size of each CSV.
	MaxRecords = 20_000_000
)

// DefaultTicks is 10 s of ticks of sc.
func DefaultTicks(sc *scene.Scene) uint64 { return uint64(math.Round(10 * sc.PhysicsHz)) }

// Validate names the first bad field in flag spelling.
func (c *Config) Validate() error {
	if c.Scene == nil {
		return errors.New("-scene: no scene")
	}
	if len(c.Rates)+len(c.VRR) == 0 || len(c.Rates) > MaxRates {
		return fmt.Errorf("-rates: give 1 to %d display rates", MaxRates)
	}
	for i, r := range c.Rates {
		if err := (headless.DisplayDef{Hz: r}).Validate(); err != nil {
			return fmt.Errorf("-rates %v: %v", r, strings.TrimPrefix(err.Error(), fmt.Sprintf("-display-hz %v: ", r)))
		}
		if slices.Contains(c.Rates[:i], r) {
			return fmt.Errorf("-rates: %v given twice", r)
		}
	}
	if len(c.Modes) == 0 {
		return errors.New("-interp: give at least one mode")
	}
	for i, m := range c.Modes {
		if slices.Contains(c.Modes[:i], m) {
			return fmt.Errorf("-interp: %s given twice", m)
		}
	}
	if err := c.validateVRR(); err != nil {
		return err
	}
	// The fixed rates' jitter and hitches, checked even when only VRR
	// displays run (the hitches apply to them too).
	if err := c.display(60).Validate(); err != nil {
		return err
	}
	if err := c.validateInputs(); err != nil {
		return err
	}
	for _, b := range c.Bodies {
		if !sceneHasBody(c.Scene, b) {
			return fmt.Errorf("-body %q: the scene has no body or projectile of that name", b)
		}
	}
	if c.Ticks == 0 || c.Ticks > MaxTicks {
		return fmt.Errorf("-ticks %d: must be 1 to %d", c.Ticks, MaxTicks)
	}
	// Every run's display frames, bounded as a headless run's, before any
	// run starts (-rates 100000 -ticks 1000000 is 1.7e9 frames).
	for _, d := range c.displays() {
		o := headless.Options{Scene: c.Scene, Display: c.def(d), Ticks: c.Ticks}
		if err := o.Validate(); err != nil {
			return errors.New(strings.Replace(err.Error(), "-display-hz", "-rates", 1))
		}
	}
	if n := c.Ticks * uint64(max(1, len(c.Scene.Bodies)+len(c.Scene.Events))); n > MaxRecords {
		return fmt.Errorf("-ticks %d: %d ticks x bodies is more than compare writes (%d); trace fewer ticks", c.Ticks, n, MaxRecords)
	}
	return c.validateLoops()
}

func (c *Config) display(hz float64) headless.DisplayDef {
	return headless.DisplayDef{Hz: hz, Jitter: c.Jitter, Seed: c.Seed, HitchEvery: c.HitchEvery, HitchSeconds: c.HitchSeconds}
}

// HashMismatchError is a compare that found physics depending on the
// display: a checkpoint hash differs between two runs.
type HashMismatchError struct {
	Tick         uint64
	RateA, RateB float64
	HashA, HashB uint64
	// DisplayB names B's display when it is not a fixed rate (vrr:48-144).
	DisplayB string
}

func (e *HashMismatchError) Error() string {
	b := fmt.Sprintf("%g Hz", e.RateB)
	if e.DisplayB != "" {
		b = e.DisplayB
	}
	return fmt.Sprintf("physics depends on the display rate: state hash at tick %d is %016x at %g Hz but %016x at %s",
		e.Tick, e.HashA, e.RateA, e.HashB, b)
}

// Result is every figure of a compare (report.json).
type Result struct {
	Scene        string   `json:"scene"`
	PhysicsHz    float64  `json:"physics_hz"`
	Ticks        uint64   `json:"ticks"`
	Jitter       float64  `json:"jitter"`
	Seed         uint64   `json:"seed"`
	HitchEvery   int      `json:"hitch_every"`
	HitchSeconds float64  `json:"hitch_seconds"`
	Bodies       []string `json:"bodies"` // traced
	// StateHash is the hash after the last tick, equal in every run, and
	// Checkpoints how many checkpoint hashes were compared per run.
	StateHash   string `json:"state_hash"`
	Checkpoints int    `json:"checkpoints"`
	Runs        []*Run `json:"runs"`
	// VRRRenderMs are the VRR displays' render times, ms (-render-ms);
	// Inputs and InputsAt the synthetic inputs (-inputs, -inputs-at);
	// absent without them.
	VRRRenderMs   *[2]float64 `json:"vrr_render_ms,omitempty"`
	VRRRenderFrom string      `json:"vrr_render_from,omitempty"` // the -frames-from trace they came from
	Inputs        int         `json:"inputs,omitempty"`
	InputsAt      string      `json:"inputs_at,omitempty"`
	// Loops is the loop experiment, one entry per -loops policy (absent
	// without -loops).
	Loops []*LoopResult `json:"loops,omitempty"`
	// Movers is the movers experiment (movers.go; absent for a scene
	// without movers).
	Movers *MoversResult `json:"movers,omitempty"`

	springK []float64 // the scene's spring stiffnesses, N/m, for the plots' legends
}

// Run is one display rate and interpolation mode.
type Run struct {
	DisplayHz float64 `json:"display_hz"`
	Interp    string  `json:"interp"`
	Frames    uint64  `json:"frames"`
	StateHash string  `json:"state_hash"`
	// StepsPerFrame counts frames that ran 0, 1, 2 and 3 or more steps.
	StepsPerFrame [4]uint64 `json:"steps_per_frame"`
	// Alternation is the fraction of frames whose step count differs from
	// the frame before: 0 for a steady pattern, near 1 for 1,2,1,2.
	Alternation    float64 `json:"alternation"`
	DroppedSeconds float64 `json:"dropped_seconds"`
	// Summary is the run over its measured bodies (report.md's first table).
	Summary Summary        `json:"summary"`
	Bodies  []*BodyMetrics `json:"bodies"`
	// CSV is the per-frame CSV's name, when one was written.
	CSV string `json:"csv,omitempty"`
	// VRR is the run's variable-refresh range (display_hz is then its
	// MAX), absent at a fixed rate; VRRRepeats counts the frames it
	// repeated while a slow one rendered.
	VRR        string `json:"vrr,omitempty"`
	VRRRepeats uint64 `json:"vrr_repeats,omitempty"`
	// FrameSecondsMin and FrameSecondsMax are the shortest and longest
	// time between two new frames, s.
	FrameSecondsMin float64 `json:"frame_seconds_min"`
	FrameSecondsMax float64 `json:"frame_seconds_max"`
	// InputLatency and its split, with -inputs-at.
	InputLatency      *InputLatency `json:"input_latency_ms,omitempty"`
	InputLatencySplit *LatencySplit `json:"input_latency_split_ms,omitempty"`

	vrr       headless.VRR
	latencies []float64 // each shown input's latency, ms, for the plot

	plot               []plotRow // the frames the plots show
	plotBody, plotAxis int       // traced body and coordinate they show
}

// Run runs the compare. A *HashMismatchError means physics depended on the
// display; any other error is a bad config or a failed run.
func Compare(c Config) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	ref, names, err := runReference(&c)
	if err != nil {
		return nil, err
	}
	res := &Result{
		Scene: c.Scene.Name, PhysicsHz: c.Scene.PhysicsHz, Ticks: c.Ticks,
		Jitter: c.Jitter, Seed: c.Seed, HitchEvery: c.HitchEvery, HitchSeconds: c.HitchSeconds,
		Bodies: names, StateHash: fmt.Sprintf("%016x", ref.hash), Checkpoints: len(ref.checkpoints),
	}
	if len(c.VRR) > 0 {
		res.VRRRenderMs, res.VRRRenderFrom = &[2]float64{1000 * c.RenderMin, 1000 * c.RenderMax}, c.RenderFrom
		if len(c.RenderTrace) > 0 {
			lo, hi := slices.Min(c.RenderTrace), slices.Max(c.RenderTrace)
			res.VRRRenderMs = &[2]float64{1000 * lo, 1000 * hi}
		}
	}
	if c.Inputs > 0 {
		res.Inputs, res.InputsAt = c.Inputs, c.InputsAt.String()
	}
	arrivals := c.arrivals()
	for _, d := range c.displays() {
		for _, m := range c.Modes {
			r, err := runOne(&c, ref, names, d, m, arrivals)
			if err != nil {
				return nil, err
			}
			res.Runs = append(res.Runs, r)
			if c.Done != nil {
				c.Done(r)
			}
		}
	}
	if res.Movers, err = runMovers(&c); err != nil {
		return nil, err
	}
	if len(c.Loops) > 0 {
		if res.Loops, err = runLoops(&c); err != nil {
			return nil, err
		}
		for _, sp := range c.Scene.Springs {
			res.springK = append(res.springK, sp.Stiffness)
		}
	}
	return res, nil
}

// runOne runs one rate and mode and measures it, streaming its frames to
// its CSV, checking its hashes against the reference's as they come.
func runOne(c *Config, ref *reference, names []string, d displaySpec, m interp.Mode, arrivals []float64) (*Run, error) {
	hz := d.hz
	sess, err := session.New(session.Options{Scene: c.Scene, StopTick: c.Ticks})
	if err != nil {
		return nil, err
	}
	defer sess.Close()
	if c.tamper != nil {
		c.tamper(sess, hz)
	}
	refRate := 1 / sess.StepSeconds()
	var out *csvWriter
	csvName := (&Run{DisplayHz: hz, Interp: m.String(), vrr: d.vrr}).CSVName()
	if c.Open != nil {
		f, err := c.Open(csvName)
		if err != nil {
			return nil, err
		}
		out = newCSVWriter(f, names)
	}
	meter := newMeter(sess, ref, m, out)
	var inputs *latency.Tracker
	if len(arrivals) > 0 {
		inputs = latency.NewTracker(sess.StepSeconds(), latency.Lag(m), arrivals)
	}
	frameMin, frameMax := math.Inf(1), 0.0
	seen := 0 // checkpoints compared
	rep, err := headless.RunSession(sess, headless.Options{
		Scene: c.Scene, Display: c.def(d), Ticks: c.Ticks, Interp: m, Interrupted: c.Interrupted,
		OnFrame: func(f *session.Frame, t float64) error {
			// The run's last frame, cut where the stop tick fell, is no
			// display's frame (see meter.frame).
			var shown *latency.Frame
			if !(f.Stopped && f.DiscardedSeconds > 0) {
				frameMin, frameMax = min(frameMin, f.FrameSeconds), max(frameMax, f.FrameSeconds)
				shown = &latency.Frame{Index: f.Index, Time: t, Tick: f.Tick, Steps: f.Steps, Alpha: f.Alpha}
			}
			if inputs != nil {
				inputs.Ran(t, shown)
			}
			for _, cp := range f.Checkpoints {
				if seen >= len(ref.checkpoints) {
					return fmt.Errorf("%g Hz: checkpoint tick %d comes after the reference's last", hz, cp.Tick)
				}
				want := ref.checkpoints[seen]
				if cp.Tick != want.Tick || cp.Hash != want.Hash {
					return &HashMismatchError{Tick: want.Tick, RateA: refRate, RateB: hz, HashA: want.Hash, HashB: cp.Hash, DisplayB: vrrName(d)}
				}
				seen++
			}
			meter.frame(f, t)
			if out != nil && out.err != nil {
				return fmt.Errorf("%s: %w", csvName, out.err) // a full disk need not wait for the run's end
			}
			return nil
		},
	})
	var hm *HashMismatchError
	if errors.As(err, &hm) {
		return nil, hm
	}
	if err != nil {
		return nil, fmt.Errorf("%g Hz, %s: %w", hz, m, err)
	}
	if seen < len(ref.checkpoints) {
		return nil, fmt.Errorf("%g Hz: the run ended before checkpoint tick %d", hz, ref.checkpoints[seen].Tick)
	}
	if h := sess.World().StateHash(); h != ref.hash {
		return nil, &HashMismatchError{Tick: c.Ticks, RateA: refRate, RateB: hz, HashA: ref.hash, HashB: h, DisplayB: vrrName(d)}
	}
	r := meter.finish()
	r.vrr = d.vrr
	if d.vrr.On() {
		r.VRR, r.VRRRepeats = d.vrr.String(), rep.VRRRepeats
	}
	if frameMax > 0 {
		r.FrameSecondsMin, r.FrameSecondsMax = frameMin, frameMax
	}
	if inputs != nil {
		r.finishLatency(inputs)
	}
	for j, bm := range r.Bodies {
		bm.Name = names[j]
	}
	r.Summary = r.summarize()
	if out != nil {
		if err := out.close(); err != nil {
			return nil, fmt.Errorf("%s: %w", csvName, err)
		}
		r.CSV = csvName
	}
	r.DisplayHz, r.Interp, r.Frames, r.StateHash, r.DroppedSeconds = hz, m.String(), rep.Frames, rep.StateHash, rep.DroppedSeconds
	return r, nil
}

// pickBodies resolves -body names to creation indices, or picks the
// bodies that move when none are named.
func pickBodies(want, names []string, moves func(i int) bool) ([]int, error) {
	var out []int
	if len(want) == 0 {
		for i := range names {
			if moves(i) {
				out = append(out, i)
			}
		}
		if len(out) == 0 {
			return nil, errors.New("no body moves in this scene: name the bodies to trace with -body")
		}
		return out, nil
	}
	for _, w := range want {
		i := slices.Index(names, w)
		if i < 0 {
			return nil, fmt.Errorf("-body %q: no body of that name exists by the last tick", w)
		}
		out = append(out, i)
	}
	return out, nil
}

// sceneHasBody reports whether the scene has a body, or fires a projectile,
// called name.
func sceneHasBody(sc *scene.Scene, name string) bool {
	for _, b := range sc.Bodies {
		if b.Name == name {
			return true
		}
	}
	for _, e := range sc.Events {
		if e.Kind == scene.EventFire && e.Fire.Name == name {
			return true
		}
	}
	return false
}
