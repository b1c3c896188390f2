//go:build !cgo

package window

import "errors"

// This is the headless-only build (CGO_ENABLED=0): GLFW and OpenGL need
// cgo, so there is no window. Every headless command works: -headless,
// -replay with -headless, compare and the other subcommands; a window run
// is refused with one line saying so (exit 2, like a missing display).

// ErrNoDisplay is what a window run returns in this build.
var ErrNoDisplay = errors.New("this sandbox was built without cgo (CGO_ENABLED=0) and has no window: the window needs the cgo build; use -headless, -headless -replay or a command such as compare")

// app is the window's state, which this build does not have: it is here
// only for Options' test hook (onExit) to name.
type app struct{}

// Run refuses: this build has no window. Outputs opened for the run are
// discarded (they are the program's own temporary files).
func Run(o Options) error {
	o.abortOutputs()
	return ErrNoDisplay
}
