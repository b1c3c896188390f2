package main

import (
	"flag"

	"sandbox/engine/compare"
	"sandbox/engine/latency"
)

// parseCompareLatency reads -render-ms, -inputs-at and -inputs into cfg:
// -render-ms only with a vrr: display, -inputs only with -inputs-at.
func parseCompareLatency(cfg *compare.Config, fs *flag.FlagSet, renderMs, inputsAt string, inputs int) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["render-ms"] && len(cfg.VRR) == 0 {
		return usagef("compare: -render-ms applies to vrr: displays, and -rates names none")
	}
	var err error
	if cfg.RenderMin, cfg.RenderMax, err = parseRenderMs(renderMs); err != nil {
		return usagef("compare: %v", err)
	}
	if inputsAt == "" {
		if set["inputs"] {
			return usagef("compare: -inputs %d: give -inputs-at random or uniform to place them", inputs)
		}
		return nil
	}
	p, err := latency.ParsePlacement(inputsAt)
	if err != nil {
		return usagef("compare: -inputs-at: %v", err)
	}
	cfg.InputsAt, cfg.Inputs = p, inputs
	if inputs < 1 {
		return usagef("compare: -inputs %d: must be 1 to %d", inputs, compare.MaxInputs)
	}
	return nil
}
