package gfx

import (
	"testing"

	"sandbox/engine/interp"
)

// A caught body stays marked for FlagSeconds of simulation time from its
// catch, a later catch extends it, and Reset (a scene load) clears it.
func TestFlagMarks(t *testing.T) {
	v := NewWorldView(interp.Lerp)
	v.Flag(3, 10)
	for _, c := range []struct {
		i    int
		now  float64
		want bool
	}{{3, 10, true}, {3, 10 + FlagSeconds - 1e-9, true}, {3, 10 + FlagSeconds, false}, {2, 10, false}, {4, 10, false}, {-1, 10, false}} {
		if got := v.Flagged(c.i, c.now); got != c.want {
			t.Errorf("body %d at %v s: flagged %v, want %v", c.i, c.now, got, c.want)
		}
	}
	v.Flag(3, 11)
	if !v.Flagged(3, 10+FlagSeconds) {
		t.Error("a second catch did not extend the mark")
	}
	v.Reset()
	if v.Flagged(3, 11) {
		t.Error("the mark outlived Reset")
	}
}
