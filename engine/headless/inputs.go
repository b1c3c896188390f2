package headless

import (
	"fmt"

	"sandbox/engine/latency"
	"sandbox/engine/session"
)

// MaxInputs bounds -inputs: the run keeps every input until it is shown.
const MaxInputs = 1_000_000

// validateInputs checks -inputs against the run's length.
func (o *Options) validateInputs() error {
	if o.Inputs < 0 || o.Inputs > MaxInputs {
		return fmt.Errorf("-inputs %d: must be 0 to %d", o.Inputs, MaxInputs)
	}
	if o.Inputs > 0 && o.arrivalSpan(o.Scene.LoopConfig().StepSeconds) <= 0 {
		return fmt.Errorf("-inputs: the run is too short to place inputs in; run longer than %d ticks", latency.TailTicks)
	}
	return nil
}

// arrivalSpan is the display time the inputs are placed over: the run
// but its last latency.TailTicks.
func (o *Options) arrivalSpan(step float64) float64 {
	if o.Ticks > 0 {
		return latency.TickSpan(o.Ticks, step)
	}
	return o.Seconds - latency.TailTicks*step
}

func (o *Options) arrivals(step float64) []float64 {
	return latency.Arrivals(o.InputsAt, o.Inputs, o.arrivalSpan(step), o.Display.Seed)
}

// latencyFrame is f for the latency tracker, or nil for a frame no
// display shows: the run's last, cut where the stop tick fell.
func latencyFrame(f *session.Frame, now float64) *latency.Frame {
	if f.Stopped && f.DiscardedSeconds > 0 {
		return nil
	}
	return &latency.Frame{Index: f.Index, Time: now, Tick: f.Tick, Steps: f.Steps, Alpha: f.Alpha}
}
