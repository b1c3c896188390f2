package session

import "sandbox/engine/scene"

// Limits of what a recording may ask a replay to do, refused before
// anything runs with the file and the line (README, "Limits"; docs/record.md).
const (
	// MaxRecordBytes bounds a record file: larger is refused as oversized.
	MaxRecordBytes = 256 << 20
	// MaxRecordLineBytes bounds one line: the header carries the scene
	// (at most scene.MaxFileBytes) and the largest hash line lists
	// scene.MaxBodies fingerprints. A replay holds one line at a time.
	MaxRecordLineBytes = scene.MaxFileBytes + 1<<20
	// MaxReplayTicks bounds the ticks a replay steps, every branch of a
	// rewound recording counted (the same bound as a headless run's
	// -ticks): 10^6 rewinds of 600 ticks each would otherwise run for days.
	MaxReplayTicks = 100_000_000
	// MaxInputsPerTick bounds the recorded inputs of one tick: a window
	// records a few (a shot, a switch, one drag), and a replay holds a
	// tick's inputs (and those of a frame's later ticks) in memory.
	MaxInputsPerTick = 10_000
	// MaxStepDT bounds a recorded step's dt, s (a "dt" input: a loop other
	// than the fixed step, whose step is a frame's time, clamped or not).
	MaxStepDT = 3600
	// mismatchNamed is how many differing bodies a mismatch's one line
	// names; the rest are counted, and listed in full in the report.
	mismatchNamed = 5
)
