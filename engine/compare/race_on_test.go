//go:build race

package compare

// raceDetector: the race detector reserves terabytes of address space, so
// no address-space cap can hold a test under it.
const raceDetector = true
