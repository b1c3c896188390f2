package main

import (
	"flag"
	"fmt"
	"path/filepath"

	"sandbox/engine/compare"
	"sandbox/engine/latency"
)

// parseCompareLatency reads -render-ms, -frames-from, -inputs-at and
// -inputs into cfg: -render-ms or -frames-from only with a vrr: display,
// -inputs only with -inputs-at.
func parseCompareLatency(cfg *compare.Config, fs *flag.FlagSet, renderMs, inputsAt, framesFrom string, inputs int) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, n := range []string{"render-ms", "frames-from"} {
		if set[n] && len(cfg.VRR) == 0 {
			return usagef("compare: -%s applies to vrr: displays, and -rates names none", n)
		}
	}
	if set["render-ms"] && set["frames-from"] {
		return usagef("compare: -render-ms and -frames-from both given: the render times come from one")
	}
	if framesFrom != "" {
		tr, err := readTraceFile("-frames-from", framesFrom)
		if err != nil {
			return usageError{fmt.Errorf("compare: %w", err)}
		}
		cfg.RenderTrace, cfg.RenderFrom = tr, filepath.Base(framesFrom)
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
