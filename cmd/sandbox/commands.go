package main

import (
	"fmt"
	"io"
	"strings"
)

// subcommand is a command named by the first argument (`sandbox compare
// ...`), each in its own file.
type subcommand struct {
	name    string
	summary string // one line for the usage text
	// run parses args (after the name) and runs; errors follow the same
	// rules as the main flags: usageError for exit status 2.
	run func(args []string, stdout, stderr io.Writer) error
}

// subcommands is every command, in the order the usage text lists them.
var subcommands = []subcommand{
	{"compare", "run one scene at several display rates and interpolation modes; write a report folder", runCompare},
	{"sweep", "tunnel rate over speed x thickness x rate x spin x shape x CCD (writes -out DIR)", runSweep},
	{"frames", "push a frame-time trace through the loop: dropped time, steps, spiral margin (writes -out DIR)", runFrames},
	{"rollback", "play a recording or a scene's events as two peers, remote inputs late: predict, roll back, re-simulate (writes -report)", runRollback},
}

// subcommandFor returns the command that args name first, if any.
func subcommandFor(args []string) (subcommand, bool) {
	if len(args) == 0 {
		return subcommand{}, false
	}
	for _, c := range subcommands {
		if c.name == args[0] {
			return c, true
		}
	}
	return subcommand{}, false
}

// subcommandNames lists the commands in the usage text's order.
func subcommandNames() []string {
	names := make([]string, len(subcommands))
	for i, c := range subcommands {
		names[i] = c.name
	}
	return names
}

// commandError gives a command's error the one prefix every command's
// errors have after "sandbox:": the command's name (compare's own messages
// start with it already). The error keeps its kind (usage, interrupted).
func commandError(name string, err error) error {
	if err == nil || strings.HasPrefix(err.Error(), name+" ") || strings.HasPrefix(err.Error(), name+":") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}
