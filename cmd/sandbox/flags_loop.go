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

// parseLoopFlags checks -loop and -catch-up. A recording is replayed tick
// by tick on the fixed loop, so a run of another policy or catch-up is
// neither recorded nor replayed: refused with one line rather than written
// as a file that could not reproduce it.
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
		for _, n := range []string{"record", "replay"} {
			if o.set[n] {
				return usagef("-%s with -loop %s -catch-up %s: recordings run the fixed loop with drop; a display-dependent run cannot be replayed", n, l.policy, l.catchUp)
			}
		}
	}
	return nil
}
