//go:build !cgo

package main

import (
	"errors"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// This is the headless-only build (CGO_ENABLED=0): GLFW and OpenGL need
// cgo, so there is no window. Every headless command works: -headless,
// -replay with -headless, compare and the other subcommands; a window run
// is refused with one line saying so (exit 2, like a missing display).

// errNoDisplay is what a window run returns in this build.
var errNoDisplay = errors.New("this sandbox was built without cgo (CGO_ENABLED=0) and has no window: the window needs the cgo build; use -headless, -headless -replay or a command such as compare")

// windowOptions mirrors the cgo build's window options, so that the flag
// handling is one piece of code for both builds.
type windowOptions struct {
	Scene         *scene.Scene
	DisplayHz     float64
	VRR           headless.VRR
	VSync, CCD    bool
	Interp        interp.Mode
	Frames        int
	Screenshot    string
	Stats         string
	FireAtFrame   int
	Width, Height int
	Policy        loop.Policy
	CatchUp       loop.CatchUp
	Record        *recordOutput
	Replay        *session.Replay
	Trace         *safeio.File
	FramesFrom    []float64
	Interrupted   func() bool

	// MoversPerFrame is -movers per-frame.
	MoversPerFrame bool
}

// runWindow refuses: this build has no window. Outputs opened for the run
// are discarded (they are the program's own temporary files).
func runWindow(o windowOptions) error {
	o.Record.abort()
	if o.Trace != nil {
		o.Trace.Abort()
	}
	return errNoDisplay
}
