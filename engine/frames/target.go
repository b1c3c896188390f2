package frames

import "fmt"

// DefaultVSync is whether a window run waits for vertical sync unless told
// otherwise (-vsync's default, the panel's).
const DefaultVSync = true

// Target is a display-rate target the H key cycles through.
type Target uint8

const (
	// Native paces at the monitor's refresh rate.
	Native Target = iota
	// Hz60 paces at 60 Hz.
	Hz60
	// Hz120 paces at 120 Hz.
	Hz120
	// Hz144 paces at 144 Hz.
	Hz144
	// Hz165 paces at 165 Hz.
	Hz165
	// Hz240 paces at 240 Hz.
	Hz240
	// Uncapped does not pace: as fast as vsync (or the machine) allows.
	Uncapped
	targetCount
)

var targetHz = [targetCount]float64{0, 60, 120, 144, 165, 240, 0}

// Next is the target after t in the cycle, wrapping around.
func (t Target) Next() Target { return (t + 1) % targetCount }

// Hz is the rate the pacer should hold, in frames per second, given the
// monitor's refresh rate nativeHz; 0 means do not pace. Native with an unknown
// (0) refresh rate does not pace either.
func (t Target) Hz(nativeHz float64) float64 {
	switch {
	case t == Native:
		return max(nativeHz, 0)
	case t < targetCount:
		return targetHz[t]
	}
	return 0
}

// String names the target for the panel and key help.
func (t Target) String() string {
	switch {
	case t == Native:
		return "native"
	case t == Uncapped:
		return "uncapped"
	case t < targetCount:
		return fmt.Sprintf("%g Hz", targetHz[t])
	}
	return fmt.Sprintf("Target(%d)", uint8(t))
}

// TargetForHz is the cycle entry for a -display-hz value: 0 is Uncapped, a
// rate in the cycle is that entry, and any other rate is reported with ok
// false (the caller then paces at that exact rate until H is pressed, which
// continues the cycle from Native).
func TargetForHz(hz float64) (t Target, ok bool) {
	if hz == 0 {
		return Uncapped, true
	}
	for i := Hz60; i <= Hz240; i++ {
		if targetHz[i] == hz {
			return i, true
		}
	}
	return Native, false
}
