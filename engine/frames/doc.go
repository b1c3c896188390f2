// Package frames holds the window's frame-time logic that needs no GL: the
// frame pacer that holds a presentation rate, the optional step-count
// stabiliser, frame statistics over a sliding window, automatic teleport
// detection and the display-rate target cycle.
//
// Everything here is handed its clock (a function returning monotonic
// nanoseconds) or its frame times, never reads one, so tests drive it with a
// fake clock and never sleep.
package frames
