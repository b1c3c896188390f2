package main

import (
	"flag"
	"fmt"
	"io"

	"sandbox/engine/compare"
	"sandbox/engine/session"
)

// The -movers flag (window, -headless and compare): how the scene's movers
// move, "step" (by tick, in the step: the default) or "per-frame" (by
// display time, once per frame: the anti-pattern, docs/movers.md).

const moversUsage = "how movers move: step (by tick, in the physics step) or per-frame (by display time, once per frame: the anti-pattern, which makes the state depend on the display)"

func addMoversFlag(fs *flag.FlagSet, name *string) {
	fs.StringVar(name, "movers", "step", moversUsage)
}

// parseMoversFlag reads -movers; per-frame is refused with -record and
// -replay, since a recording of a run whose state depends on the display
// could not be replayed.
func parseMoversFlag(name string, o *options) (perFrame bool, err error) {
	perFrame, err = session.ParseMoverMode(name)
	if err != nil {
		return false, usageError{err}
	}
	if perFrame && o != nil && (o.record != "" || o.replay != "") {
		return false, usagef("-movers per-frame with -record or -replay: its state depends on the display, so a recording of it cannot be replayed")
	}
	return perFrame, nil
}

// printMovers says what compare's movers experiment found (nothing for a
// scene without movers): the interpolation runs keep the movers on the
// step, so their "equal at every rate" does not speak for it.
func printMovers(w io.Writer, m *compare.MoversResult) {
	if m == nil {
		return
	}
	fmt.Fprintf(w, "compare: movers %s: ", m.Mode)
	if m.EqualAcrossRates {
		fmt.Fprint(w, "state equal at every rate")
	} else {
		fmt.Fprintf(w, "state differs between rates from tick %d", *m.FirstDivergentTick)
	}
	for _, r := range m.Rates {
		fmt.Fprintf(w, "; %g Hz: %d misaligned frames", r.DisplayHz, r.MisalignedFrames)
	}
	fmt.Fprintln(w)
}
