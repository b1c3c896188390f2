// Command sandbox is a 3D rigid-body sandbox for seeing and measuring what a
// fixed-timestep loop does: frame-rate-independent physics, render
// interpolation by alpha, and continuous collision against thin walls.
//
// Without -headless it opens a window; with -headless it runs a scene on a
// simulated display and writes the report and trace of DESIGN.md's contract.
// Errors are one line on stderr starting "sandbox:"; the exit status is 2 for
// bad flags or files, 1 for a failed run, 0 otherwise.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
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
		err = c.run(args[1:], stdout, stderr)
	} else {
		var o *options
		o, err = parseFlags(args)
		if err == nil {
			err = dispatch(o, stdout)
		}
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelp):
		usage(stdout)
		return 0
	default:
		fmt.Fprintln(stderr, "sandbox: "+oneLine(err.Error()))
		var u usageError
		if errors.As(err, &u) || errors.Is(err, errNoDisplay) {
			return 2
		}
		return 1
	}
}

// subcommandFor returns the command that args name first, if any.
func subcommandFor(args []string) (subcommand, bool) {
	if len(args) == 0 {
		return subcommand{}, false
	}
	c, ok := subcommands[args[0]]
	return c, ok
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

// oneLine keeps an error message to the one line the contract promises.
func oneLine(s string) string {
	out := []rune(s)
	for i, r := range out {
		if r == '\n' || r == '\r' {
			out[i] = ' '
		}
	}
	return string(out)
}
