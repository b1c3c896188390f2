package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/term"

	"sandbox/engine/compare"
	"sandbox/engine/interp"
	"sandbox/internal/progress"
	"sandbox/internal/safeio"
)

func init() {
	registerSubcommand(subcommand{
		name:    "compare",
		summary: "run one scene at several display rates and interpolation modes; write a report folder",
		run:     runCompare,
	})
}

// compareFlags are the parsed flags of `sandbox compare`.
type compareFlags struct {
	cfg   compare.Config
	out   string
	force bool
}

func parseCompareFlags(args []string, stdout io.Writer) (*compareFlags, error) {
	var (
		c                       compareFlags
		sceneName, rates, modes string
		bodies                  string
		ticks                   uint64
		jitter, hitchSeconds    float64
		hitchEvery              int
		seed                    uint64
	)
	fs := flag.NewFlagSet("sandbox compare", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&sceneName, "scene", "glider", "built-in scene name or path of a scene JSON file")
	fs.StringVar(&rates, "rates", "60,144", "display rates to compare, Hz, comma-separated")
	fs.StringVar(&modes, "interp", "off,lerp,slerp,extrapolate", "interpolation modes to compare, comma-separated")
	fs.Float64Var(&jitter, "jitter", 0, "frame-time jitter fraction in [0, 1)")
	fs.Uint64Var(&seed, "seed", 1, "seed of the jitter PRNG")
	fs.IntVar(&hitchEvery, "hitch-every", 0, "every N-th frame is a hitch (0 = none)")
	fs.Float64Var(&hitchSeconds, "hitch-seconds", 0.05, "length of a hitch frame, s")
	fs.Uint64Var(&ticks, "ticks", 0, "ticks every run lasts (default 10 s of the scene's ticks)")
	fs.StringVar(&bodies, "body", "", "bodies to trace, comma-separated (default: every body that moves)")
	fs.StringVar(&c.out, "out", "", "folder to write report.md, report.json, CSVs and PNG plots into (required)")
	fs.BoolVar(&c.force, "force", false, "write into a folder that is not empty, replacing same-named files")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: sandbox compare -scene NAME|FILE -rates 60,144[,...] [-interp off,lerp,...] [-jitter J -seed S] [-hitch-every K -hitch-seconds S] [-ticks N] [-body NAME,...] -out DIR [-force]")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, errCompareHelp
		}
		if strings.Contains(err.Error(), "-seconds") {
			return nil, usagef("compare: -seconds is not a compare flag: runs last -ticks N, the same at every rate")
		}
		return nil, usagef("compare: %v", err)
	}
	if fs.NArg() > 0 {
		return nil, usagef("compare: unexpected argument %q", fs.Arg(0))
	}
	if c.out == "" {
		return nil, usagef("compare: -out DIR is required")
	}
	sc, err := loadScene(&options{scene: sceneName, set: map[string]bool{}})
	if err != nil {
		return nil, err
	}
	c.cfg = compare.Config{Scene: sc, Jitter: jitter, Seed: seed, HitchEvery: hitchEvery, HitchSeconds: hitchSeconds, Ticks: ticks}
	if c.cfg.Ticks == 0 {
		c.cfg.Ticks = compare.DefaultTicks(sc)
	}
	for _, s := range splitList(rates) {
		hz, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, usagef("compare: -rates %q: %q is not a rate in Hz", rates, s)
		}
		c.cfg.Rates = append(c.cfg.Rates, hz)
	}
	for _, s := range splitList(modes) {
		m, err := interp.ParseMode(s)
		if err != nil {
			return nil, usagef("compare: -interp: %v", err)
		}
		c.cfg.Modes = append(c.cfg.Modes, m)
	}
	c.cfg.Bodies = splitList(bodies)
	if err := c.cfg.Validate(); err != nil {
		return nil, usagef("compare: %v", err)
	}
	return &c, nil
}

var errCompareHelp = errors.New("compare help")

// runCompare is `sandbox compare`: flags and the output folder are checked
// before anything runs; each run's CSV is streamed as it runs, the other
// files are written after every run passed.
func runCompare(args []string, stdout, stderr io.Writer) error {
	c, err := parseCompareFlags(args, stdout)
	if errors.Is(err, errCompareHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := safeio.PrepareDir(c.out, c.force); err != nil {
		return usagef("compare: -out %s: %v", c.out, err)
	}
	total := len(c.cfg.Rates) * len(c.cfg.Modes)
	start := time.Now()
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := progress.New(stderr, total, "runs")
		c.cfg.Done = func(*compare.Run) { bar.Add(1) }
		defer bar.Finish()
	} else {
		done := 0
		c.cfg.Done = func(r *compare.Run) {
			done++
			fmt.Fprintf(stdout, "compare: %d of %d: %g Hz %s, %d frames\n", done, total, r.DisplayHz, r.Interp, r.Frames)
		}
	}
	// Each run streams its CSV into an atomic file: renamed into place
	// when the run closes it, discarded if the compare fails first.
	var csvs []*safeio.File
	defer func() {
		for _, f := range csvs {
			f.Abort() // nothing after Commit
		}
	}()
	c.cfg.Open = func(name string) (io.WriteCloser, error) {
		f, err := safeio.Create(filepath.Join(c.out, name))
		if err != nil {
			return nil, fmt.Errorf("-out %s: %v", c.out, err)
		}
		csvs = append(csvs, f)
		return commitOnClose{f}, nil
	}
	res, err := compare.Compare(c.cfg)
	if err != nil {
		return fmt.Errorf("compare %s: %w", c.cfg.Scene.Name, err)
	}
	files, err := res.Files()
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	for _, f := range files {
		if err := safeio.WriteFile(filepath.Join(c.out, f.Name), f.Data); err != nil {
			return fmt.Errorf("compare: -out %s: %v", c.out, err)
		}
	}
	fmt.Fprintf(stdout, "compare %s: %d runs of %d ticks in %.1f s, state %s equal at every rate; wrote %d files to %s\n",
		res.Scene, len(res.Runs), res.Ticks, time.Since(start).Seconds(), res.StateHash, len(files)+len(csvs), c.out)
	return nil
}

// commitOnClose is a safeio.File as the io.WriteCloser compare streams a
// CSV into: Close commits it.
type commitOnClose struct{ *safeio.File }

func (c commitOnClose) Close() error { return c.Commit() }
