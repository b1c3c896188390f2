//go:build !race

package compare

// raceDetector is off: see race_on_test.go.
const raceDetector = false
