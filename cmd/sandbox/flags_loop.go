package main

import (
	"flag"
	"strings"

	"sandbox/engine/loop"
)

// loopFlags are -loop and -catch-up: the loop policy and catch-up strategy
// of a run, window or headless (docs/loops.md).
type loopFlags struct {
	loopName, catchUpName string
	policy                loop.Policy
	catchUp               loop.CatchUp
}

func addLoopFlags(fs *flag.FlagSet, l *loopFlags) {
	fs.StringVar(&l.loopName, "loop", "fixed", "loop policy: "+strings.Join(loop.PolicyNames(), ", ")+" (only fixed is reproducible across display rates)")
	fs.StringVar(&l.catchUpName, "catch-up", "drop", "what happens to time a frame cannot step: "+strings.Join(loop.CatchUpNames(), ", "))
}

// parseLoopFlags checks -loop and -catch-up. Any loop can be recorded: a
// step whose dt is not the fixed step's is recorded with its dt. A replay
// steps the recording's ticks with the recorded dts, so -loop and
// -catch-up with -replay are refused with one line: the file decides.
func parseLoopFlags(o *options) error {
	l := &o.loop
	var err error
	if l.policy, err = loop.ParsePolicy(l.loopName); err != nil {
		return usagef("-loop: %v", err)
	}
	if l.catchUp, err = loop.ParseCatchUp(l.catchUpName); err != nil {
		return usagef("-catch-up: %v", err)
	}
	if l.policy != loop.Fixed || l.catchUp != loop.Drop {
		if o.set["replay"] {
			return usagef("-replay with -loop %s -catch-up %s: a replay steps the recording's ticks with the dt each step recorded; it takes no loop of its own", l.policy, l.catchUp)
		}
	}
	return nil
}
