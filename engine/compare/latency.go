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
type InputLatency = latency.Report

// LatencySplit is the mean latency's parts, ms: they add up to its mean.
type LatencySplit = latency.Split

// validateInputs checks -inputs against the run's length.
func (c *Config) validateInputs() error {
	if c.Inputs < 0 || c.Inputs > MaxInputs {
		return fmt.Errorf("-inputs %d: must be 0 to %d", c.Inputs, MaxInputs)
	}
	if c.Inputs > 0 && latency.TickSpan(c.Ticks, 1/c.Scene.PhysicsHz) <= 0 {
		return fmt.Errorf("-inputs: a run of %d ticks is too short to place inputs in; give -ticks over %d", c.Ticks, latency.TailTicks)
	}
	return nil
}

// arrivals are the inputs' display times, the same for every display.
func (c *Config) arrivals() []float64 {
	if c.Inputs == 0 {
		return nil
	}
	return latency.Arrivals(c.InputsAt, c.Inputs, latency.TickSpan(c.Ticks, 1/c.Scene.PhysicsHz), c.Seed)
}

// finishLatency turns a run's tracker into its figures and keeps the
// latencies, ms, for the plot.
func (run *Run) finishLatency(t *latency.Tracker) {
	done := t.Done()
	s := latency.Summarize(done)
	run.InputLatency = &latency.Report{Inputs: s.Inputs, Unshown: t.Unshown(), Stats: s.Total}
	run.InputLatencySplit = &s.Split
	run.latencies = make([]float64, len(done))
	for i, r := range done {
		run.latencies[i] = 1000 * r.Latency()
	}
}
