package main

import (
	"io"
	"sort"
)

// subcommand is a command named by the first argument (`sandbox compare
// ...`): each lives in its own file and registers itself from init, so
// adding one touches no shared list.
type subcommand struct {
	name    string
	summary string // one line for the usage text
	// run parses args (after the name) and runs; errors follow the same
	// rules as the main flags: usageError for exit status 2.
	run func(args []string, stdout, stderr io.Writer) error
}

var subcommands = map[string]subcommand{}

func registerSubcommand(c subcommand) { subcommands[c.name] = c }

// subcommandNames lists the registered commands in name order.
func subcommandNames() []string {
	names := make([]string, 0, len(subcommands))
	for n := range subcommands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
