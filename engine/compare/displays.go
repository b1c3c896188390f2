package compare

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"sandbox/engine/headless"
)

// Default render times of a VRR display's frames, s (-render-ms 5-15).
const (
	DefaultRenderMin = 0.005
	DefaultRenderMax = 0.015
)

// displaySpec is one display a compare runs on: a fixed rate, or a
// variable-refresh range.
type displaySpec struct {
	hz  float64
	vrr headless.VRR
}

// displays lists the compare's displays in run order: the fixed rates,
// then the VRR ranges.
func (c *Config) displays() []displaySpec {
	var out []displaySpec
	for _, hz := range c.Rates {
		out = append(out, displaySpec{hz: hz})
	}
	for _, v := range c.VRR {
		out = append(out, displaySpec{hz: v.Max, vrr: v})
	}
	return out
}

// def is the simulated display of d: a VRR range renders its frames in
// [RenderMin, RenderMax] and takes no jitter (its frame times are its
// render times).
func (c *Config) def(d displaySpec) headless.DisplayDef {
	if !d.vrr.On() {
		return c.display(d.hz)
	}
	return headless.DisplayDef{Hz: d.vrr.Max, VRR: d.vrr, RenderMin: c.RenderMin, RenderMax: c.RenderMax, RenderTrace: c.RenderTrace,
		Seed: c.Seed, HitchEvery: c.HitchEvery, HitchSeconds: c.HitchSeconds}
}

// label is how reports name d: "60 Hz" or "vrr:48-144".
func (d displaySpec) label() string {
	if d.vrr.On() {
		return d.vrr.String()
	}
	return strconv.FormatFloat(d.hz, 'g', -1, 64) + " Hz"
}

// validateVRR checks the VRR ranges and their render times.
func (c *Config) validateVRR() error {
	if len(c.Rates)+len(c.VRR) > MaxRates {
		return fmt.Errorf("-rates: give 1 to %d displays", MaxRates)
	}
	if len(c.Loops) > 0 && len(c.Rates) == 0 {
		return errors.New("-loops: the loop experiment runs at the fixed -rates, and -rates names only vrr: displays")
	}
	for i, v := range c.VRR {
		if slices.Contains(c.VRR[:i], v) {
			return fmt.Errorf("-rates: %s given twice", v)
		}
		if err := c.def(displaySpec{hz: v.Max, vrr: v}).Validate(); err != nil {
			return err
		}
	}
	return nil
}

// Label is how reports name the run's display: "60 Hz" or "vrr:48-144".
func (run *Run) Label() string {
	return displaySpec{hz: run.DisplayHz, vrr: run.vrr}.label()
}

// vrrName is d's VRR range for an error message, "" at a fixed rate.
func vrrName(d displaySpec) string {
	if d.vrr.On() {
		return d.vrr.String()
	}
	return ""
}
