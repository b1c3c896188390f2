package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"sandbox/engine/sweep"
	"sandbox/internal/outdir"
	"sandbox/internal/progress"
)

// sweepFlags is the parsed `sandbox sweep` command line.
type sweepFlags struct {
	grid         sweep.Grid
	workers      int
	out          string
	force        bool
	failOnTunnel bool
}

func newSweepFlagSet(f *sweepFlags, lists map[string]*string) *flag.FlagSet {
	d := sweep.DefaultGrid()
	fs := flag.NewFlagSet("sandbox sweep", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	list := func(name, def, help string) {
		s := new(string)
		lists[name] = s
		fs.StringVar(s, name, def, help)
	}
	list("speeds", floatList(d.Speeds), "projectile speeds, m/s, comma-separated")
	list("thickness", floatList(d.Thickness), "slab thicknesses, m")
	list("hz", floatList(d.Hz), "physics rates, Hz")
	list("spin", floatList(d.Spin), "projectile spins, rad/s (tumbling across the flight)")
	list("shape", "cube,plate", "projectile shapes: cube, plate (30x thinner than wide)")
	list("ccd", "on,off", "continuous collision settings: on, off")
	fs.Float64Var(&f.grid.Size, "size", d.Size, "projectile width (a cube's edge), m")
	fs.IntVar(&f.grid.Trials, "trials", d.Trials, "projectiles per cell")
	fs.Uint64Var(&f.grid.Seed, "seed", d.Seed, "seed of the start offsets and tilts")
	fs.IntVar(&f.workers, "workers", runtime.NumCPU(), "cells run in parallel (the result is the same for any value)")
	fs.StringVar(&f.out, "out", "", "folder to write sweep.md, sweep.json, sweep.csv and the plots into (required; created if missing, must be empty unless -force)")
	fs.BoolVar(&f.force, "force", false, "write into a non-empty -out folder: the previous sweep's files there are removed, files of the same names replaced, every other file kept")
	fs.BoolVar(&f.failOnTunnel, "fail-on-tunnel", false, "exit 1 when any CCD-on cell tunnels (with -ccd off alone: any cell), naming the cell")
	return fs
}

func floatList(vs []float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}

func parseFloats(name, s string) ([]float64, error) {
	var out []float64
	for _, item := range splitList(s) {
		v, err := strconv.ParseFloat(item, 64)
		if err != nil {
			return nil, usagef("-%s %q: %q is not a number", name, s, item)
		}
		out = append(out, v)
	}
	return out, nil
}

func parseSweepFlags(args []string, stdout io.Writer) (*sweepFlags, error) {
	f := &sweepFlags{}
	lists := map[string]*string{}
	fs := newSweepFlagSet(f, lists)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: sandbox sweep [flags] -out DIR")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, errSubcommandHelp
		}
		return nil, flagParseError(fs, err)
	}
	if fs.NArg() > 0 {
		return nil, usagef("sweep: unexpected argument %q (flags start with -)", fs.Arg(0))
	}
	var err error
	g := &f.grid
	for _, l := range []struct {
		name string
		dst  *[]float64
	}{{"speeds", &g.Speeds}, {"thickness", &g.Thickness}, {"hz", &g.Hz}, {"spin", &g.Spin}} {
		if *l.dst, err = parseFloats(l.name, *lists[l.name]); err != nil {
			return nil, err
		}
	}
	for _, s := range splitList(*lists["shape"]) {
		g.Shapes = append(g.Shapes, sweep.Shape(s))
	}
	for _, s := range splitList(*lists["ccd"]) {
		switch s {
		case "on", "true":
			g.CCD = append(g.CCD, true)
		case "off", "false":
			g.CCD = append(g.CCD, false)
		default:
			return nil, usagef("-ccd %q: %q is not on or off", *lists["ccd"], s)
		}
	}
	if err := g.Validate(); err != nil {
		return nil, usageError{err}
	}
	if f.workers < 1 || f.workers > 1024 {
		return nil, usagef("-workers %d: must be 1 to 1024", f.workers)
	}
	if f.out == "" {
		return nil, usagef("-out: required (the folder for sweep.md, sweep.json, sweep.csv and the plots)")
	}
	return f, nil
}

func runSweep(args []string, stdout, stderr io.Writer) error {
	f, err := parseSweepFlags(args, stdout)
	if errors.Is(err, errSubcommandHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	// The folder is taken, and every output path checked, before anything runs.
	dir, err := outdir.Open(f.out, "sweep", f.force)
	if err != nil {
		return usagef("-out %q: %v", f.out, err)
	}
	defer dir.Abandon("the sweep failed before it finished")
	if err := dir.Check(sweep.OutputNames(&f.grid)...); err != nil {
		return usagef("-out %q: %v", f.out, err)
	}
	// Ctrl-C (or a TERM from CI) stops handing out cells; the cells under way
	// finish and what is done is written, marked partial.
	sig := catchInterrupts()
	defer sig.stop()
	ctx, cancel := sig.context()
	defer cancel()
	total := f.grid.NumCells()
	bar := progress.New(stderr, total, "cells")
	start := time.Now()
	res, err := sweep.Run(ctx, f.grid, f.workers, func(sweep.CellResult) { bar.Add(1) })
	bar.Finish()
	if err != nil {
		return fmt.Errorf("sweep failed: %w", err)
	}
	elapsed := time.Since(start).Seconds()
	if err := sweep.Write(dir, &res); err != nil {
		return fmt.Errorf("-out %q: %v", f.out, err)
	}
	if res.Partial {
		dir.Abandon(fmt.Sprintf("interrupted by %s: %d of %d cells", signalName(sig.signal()), len(res.Cells), total))
	} else if err := dir.Finish(); err != nil {
		return fmt.Errorf("-out %q: %v", f.out, err)
	}
	on, off := tunnelTotals(&res)
	fmt.Fprintf(stdout, "sweep: %d of %d cells x %d trials in %.1f s (%.0f cells/s on %d workers); tunnelled with CCD on %s, off %s; wrote %s\n",
		len(res.Cells), total, f.grid.Trials, elapsed, float64(len(res.Cells))/elapsed, f.workers, on, off, f.out)
	if res.Partial {
		return interruptedError{sig: sig.signal(), what: fmt.Sprintf("wrote %d of %d cells to %s, marked partial", len(res.Cells), total, f.out)}
	}
	if sig.interrupted() {
		return interruptedError{sig: sig.signal(), what: "after the sweep had finished and its outputs were written to " + f.out}
	}
	if bad := res.GateFailures(); f.failOnTunnel && len(bad) > 0 {
		c := bad[0]
		return fmt.Errorf("-fail-on-tunnel: %d cells tunnelled; first: %s (%d of %d trials)",
			len(bad), c.Cell, c.Tunnelled, c.Trials)
	}
	return nil
}

// tunnelTotals spells "tunnelled of trials" for the CCD-on and CCD-off cells.
func tunnelTotals(r *sweep.Result) (on, off string) {
	var n [2][2]int
	for _, c := range r.Cells {
		k := 1
		if c.CCD {
			k = 0
		}
		n[k][0] += c.Tunnelled
		n[k][1] += c.Trials
	}
	s := func(t [2]int) string {
		if t[1] == 0 {
			return "-"
		}
		return fmt.Sprintf("%d/%d", t[0], t[1])
	}
	return s(n[0]), s(n[1])
}

// errSubcommandHelp: a subcommand printed its own -h text; exit 0.
var errSubcommandHelp = errors.New("help printed")
