package loop

import (
	"fmt"
	"strings"
)

// Policy is how a loop turns a display frame's seconds into physics steps.
// Only Fixed is deterministic across display rates; the others exist so
// that their failures can be run and measured side by side.
type Policy uint8

// The loop policies. The zero value is Fixed, today's loop.
const (
	// Fixed: whole steps of StepSeconds, the rest kept in a float64
	// accumulator (Fiedler's loop).
	Fixed Policy = iota
	// Variable: one step per display frame, dt = the frame's (clamped)
	// seconds: the loop bound to the render.
	Variable
	// SemiFixed: the frame's seconds split into the fewest equal steps no
	// longer than StepSeconds, at most MaxStepsPerFrame of them.
	SemiFixed
	// SkipLong: Fixed, except that a frame longer than MaxFrameSeconds runs
	// no step at all and its time is thrown away (SkippedSeconds).
	SkipLong
	// Float32Acc: Fixed with a float32 accumulator; what its rounding gains
	// or loses is reported as RoundedSeconds.
	Float32Acc
	numPolicies
)

var policyNames = [numPolicies]string{"fixed", "variable", "semi-fixed", "skip-long", "float32-acc"}

// String is the policy's flag name ("fixed", "variable", ...).
func (p Policy) String() string {
	if p < numPolicies {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", uint8(p))
}

// PolicyNames lists every policy's flag name, Fixed first.
func PolicyNames() []string { return append([]string(nil), policyNames[:]...) }

// ParsePolicy returns the policy with the given flag name, or an error that
// lists the names.
func ParsePolicy(name string) (Policy, error) {
	for i, n := range policyNames {
		if n == name {
			return Policy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown loop policy %q (want one of %s)", name, strings.Join(policyNames[:], ", "))
}

// CatchUp is what the loop does with time it cannot step within one frame
// (a stall longer than MaxFrameSeconds, or more steps owed than
// MaxStepsPerFrame).
type CatchUp uint8

// The catch-up strategies. The zero value is Drop, today's.
const (
	// Drop: clamp the frame, drop the accumulator when the step cap is hit;
	// the world slows for that frame only.
	Drop CatchUp = iota
	// Slow: never drop a step; what a frame cannot step is owed (Behind)
	// and stepped in later frames, so the world falls behind wall time.
	Slow
	// Reset: a frame longer than MaxFrameSeconds clears the accumulator and
	// runs no step instead of catching up (ResetSeconds).
	Reset
	numCatchUps
)

var catchUpNames = [numCatchUps]string{"drop", "slow", "reset"}

// String is the strategy's flag name ("drop", "slow", "reset").
func (c CatchUp) String() string {
	if c < numCatchUps {
		return catchUpNames[c]
	}
	return fmt.Sprintf("CatchUp(%d)", uint8(c))
}

// CatchUpNames lists every catch-up strategy's flag name, Drop first.
func CatchUpNames() []string { return append([]string(nil), catchUpNames[:]...) }

// ParseCatchUp returns the strategy with the given flag name, or an error
// that lists the names.
func ParseCatchUp(name string) (CatchUp, error) {
	for i, n := range catchUpNames {
		if n == name {
			return CatchUp(i), nil
		}
	}
	return 0, fmt.Errorf("unknown catch-up %q (want one of %s)", name, strings.Join(catchUpNames[:], ", "))
}
