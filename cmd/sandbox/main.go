// Command sandbox is a 3D rigid-body sandbox for seeing and measuring what a
// fixed-timestep loop does: frame-rate-independent physics, render
// interpolation by alpha, and continuous collision against thin walls.
//
// Without -headless it opens a window; with -headless it runs a scene on a
// simulated display and writes the report and trace of DESIGN.md's contract.
// Errors are one line on stderr starting "sandbox:"; the exit status is 2 for
// bad flags or files, 1 for a failed run, 128 + the signal's number (130,
// 143) for a run ended by SIGINT or SIGTERM, 0 otherwise.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"sandbox/internal/oneline"
	"sandbox/internal/window"
)

func init() {
	// GLFW and OpenGL must be called from the main OS thread: pin main's
	// goroutine to it before anything else runs.
	runtime.LockOSThread()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var err error
	if c, ok := subcommandFor(args); ok {
		err = commandError(c.name, c.run(args[1:], stdout, stderr))
	} else {
		var o *options
		o, err = parseFlags(args)
		if err == nil {
			err = dispatch(o, stdout)
		}
	}
	if errors.Is(err, errHelp) {
		usage(stdout)
	}
	code, line := exitStatus(err)
	if line != "" {
		fmt.Fprintln(stderr, line)
	}
	return code
}

// exitStatus turns a run's error into the exit status and the one stderr
// line (none for success and -h): 2 for bad flags or files (and no
// display), 128 + the signal for an interrupted run, 1 for a failed run.
func exitStatus(err error) (int, string) {
	if err == nil || errors.Is(err, errHelp) {
		return 0, ""
	}
	line := "sandbox: " + oneLine(err.Error())
	var u usageError
	var sig interruptedError
	switch {
	case errors.As(err, &u) || errors.Is(err, window.ErrNoDisplay):
		return 2, line
	case errors.As(err, &sig):
		return sig.exitCode(), line
	}
	return 1, line
}

func dispatch(o *options, stdout io.Writer) error {
	switch {
	case o.listScenes:
		return listScenes(stdout)
	case o.headless:
		return runHeadless(o, stdout)
	default:
		return runWindowed(o)
	}
}

// oneLine keeps a message to one printable line (internal/oneline).
func oneLine(s string) string { return oneline.Escape(s) }
