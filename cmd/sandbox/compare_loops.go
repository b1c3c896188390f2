package main

import (
	"sandbox/engine/loop"
)

// parseCompareLoops reads compare's -loops list ("" = the flag was not
// given: no loop experiment, today's report).
func parseCompareLoops(list string) ([]loop.Policy, error) {
	var out []loop.Policy
	for _, s := range splitList(list) {
		p, err := loop.ParsePolicy(s)
		if err != nil {
			return nil, usagef("compare: -loops: %v", err)
		}
		out = append(out, p)
	}
	return out, nil
}

// loopNames are the policies' names, for the output list.
func loopNames(ps []loop.Policy) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}
