package main

import (
	"errors"
	"strings"
	"testing"

	"sandbox/engine/loop"
)

func TestLoopFlags(t *testing.T) {
	o, err := parseFlags([]string{"-headless", "-loop", "semi-fixed", "-catch-up", "slow"})
	if err != nil {
		t.Fatal(err)
	}
	if o.loop.policy != loop.SemiFixed || o.loop.catchUp != loop.Slow {
		t.Fatalf("parsed %+v", o.loop)
	}
	if o, err = parseFlags([]string{"-headless"}); err != nil || o.loop.policy != loop.Fixed || o.loop.catchUp != loop.Drop {
		t.Fatalf("defaults %+v, %v", o, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-headless", "-loop", "bogus"}, "-loop: unknown loop policy \"bogus\""},
		{[]string{"-headless", "-catch-up", "later"}, "-catch-up: unknown catch-up \"later\""},
		{[]string{"-headless", "-catch-up", "slow", "-replay", "r.jsonl"}, "-replay with -loop fixed -catch-up slow"},
	} {
		_, err := parseFlags(c.args)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want one usage line with %q", c.args, err, c.want)
		}
	}
}
