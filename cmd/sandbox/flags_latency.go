package main

import (
	"flag"
	"strconv"
	"strings"

	"sandbox/engine/headless"
	"sandbox/engine/latency"
)

// latencyFlags are -display, -render-ms, -inputs-at and -inputs of a
// headless run: a variable-refresh display and synthetic inputs whose
// latency the report gives (docs/latency.md).
type latencyFlags struct {
	display, renderMs, inputsAt string
	inputs                      int

	vrr                  headless.VRR
	renderMin, renderMax float64 // s
	placement            latency.Placement
}

// latencyFlagNames are the flags only headless runs read (-display is
// both's: a window's pacer emulates the VRR display).
var latencyFlagNames = []string{"render-ms", "inputs-at", "inputs"}

func addLatencyFlags(fs *flag.FlagSet, l *latencyFlags) {
	fs.StringVar(&l.display, "display", "", "vrr:MIN-MAX: a variable-refresh display instead of -display-hz (headless: simulated; window: the pacer presents each frame when ready, not sooner than 1/MAX, vsync off; docs/latency.md)")
	fs.StringVar(&l.renderMs, "render-ms", "5-15", "headless: render time of each frame on a -display vrr:, ms: MIN-MAX, uniform from -seed")
	fs.StringVar(&l.inputsAt, "inputs-at", "", "headless: place synthetic inputs at random or uniform display times and report their latency")
	fs.IntVar(&l.inputs, "inputs", 4000, "headless: how many synthetic inputs -inputs-at places")
}

// parseLatencyFlags checks them (a window run takes only -display): -display with no
// -display-hz, -render-ms only with -display, -inputs only with
// -inputs-at. The ranges are the headless runner's to check.
func parseLatencyFlags(o *options) error {
	l := &o.latency
	if o.set["display"] {
		if o.set["display-hz"] {
			return usagef("-display %s and -display-hz both given: a VRR display's rate follows its frames", l.display)
		}
		v, err := headless.ParseVRR(l.display)
		if err != nil {
			return usagef("-display %v", err)
		}
		l.vrr = v
		o.displayHz = v.Max
	} else if o.set["render-ms"] {
		return usagef("-render-ms applies to a -display vrr:MIN-MAX run")
	}
	if o.headless && o.set["render-ms"] && o.set["frames-from"] {
		return usagef("-render-ms and -frames-from both given: the render times come from one")
	}
	var err error
	if l.renderMin, l.renderMax, err = parseRenderMs(l.renderMs); err != nil {
		return err
	}
	if l.inputsAt == "" {
		if o.set["inputs"] {
			return usagef("-inputs %d: give -inputs-at random or uniform to place them", l.inputs)
		}
		l.inputs = 0
		return nil
	}
	if l.placement, err = latency.ParsePlacement(l.inputsAt); err != nil {
		return usagef("-inputs-at: %v", err)
	}
	if l.inputs < 1 {
		return usagef("-inputs %d: must be 1 to %d", l.inputs, headless.MaxInputs)
	}
	return nil
}

// parseRenderMs reads -render-ms MIN-MAX into seconds (the range is the
// display's to check).
func parseRenderMs(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "-")
	lo, err1 := strconv.ParseFloat(a, 64)
	hi, err2 := strconv.ParseFloat(b, 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, usagef("-render-ms %q: want MIN-MAX in ms, e.g. 5-15", s)
	}
	return lo / 1000, hi / 1000, nil
}
