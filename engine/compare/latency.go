package compare

import (
	"fmt"

	"sandbox/engine/latency"
)

// MaxInputs bounds -inputs: a compare keeps every input's latency for the
// distribution plot.
const MaxInputs = 1_000_000

// InputLatency is a run's synthetic inputs (-inputs-at) from arrival to
// screen (docs/latency.md), ms.
type InputLatency struct {
	Inputs  int `json:"inputs"`  // shown
	Unshown int `json:"unshown"` // arrived too late in the run to be shown
	latency.Stats
}

// LatencySplit is the mean latency's parts, ms: they add up to its mean.
type LatencySplit = latency.Split

// validateInputs checks -inputs against the run's length: arrivals are
// placed over all but the last ticks, where an input could not be shown.
func (c *Config) validateInputs() error {
	if c.Inputs < 0 || c.Inputs > MaxInputs {
		return fmt.Errorf("-inputs %d: must be 0 to %d", c.Inputs, MaxInputs)
	}
	if c.Inputs > 0 && c.Ticks <= inputTailTicks {
		return fmt.Errorf("-inputs: a run of %d ticks is too short to place inputs in; give -ticks over %d", c.Ticks, inputTailTicks)
	}
	return nil
}

// inputTailTicks are the last ticks of a run no input arrives in: one to
// reach the boundary, one for the step, one for interpolation's lag, one
// for the cut last frame.
const inputTailTicks = 4

// arrivals are the inputs' display times, the same for every display.
func (c *Config) arrivals() []float64 {
	if c.Inputs == 0 {
		return nil
	}
	span := float64(c.Ticks-inputTailTicks) / c.Scene.PhysicsHz
	return latency.Arrivals(c.InputsAt, c.Inputs, span, c.Seed)
}

// finishLatency turns a run's tracker into its figures and keeps the
// latencies, ms, for the plot.
func (run *Run) finishLatency(t *latency.Tracker) {
	done := t.Done()
	s := latency.Summarize(done)
	run.InputLatency = &InputLatency{Inputs: s.Inputs, Unshown: t.Unshown(), Stats: s.Total}
	run.InputLatencySplit = &s.Split
	run.latencies = make([]float64, len(done))
	for i, r := range done {
		run.latencies[i] = 1000 * r.Latency()
	}
}
