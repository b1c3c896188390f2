package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/term"

	"sandbox/engine/compare"
	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/internal/outdir"
	"sandbox/internal/progress"
)

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
		bodies, loops, movers   string
		renderMs, inputsAt      string
		framesFrom              string
		inputs                  int
		ticks                   uint64
		jitter, hitchSeconds    float64
		hitchEvery              int
		seed                    uint64
	)
	fs := flag.NewFlagSet("sandbox compare", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&sceneName, "scene", "glider", "built-in scene name or path of a scene JSON file")
	fs.StringVar(&rates, "rates", "60,144", "display rates to compare, Hz, comma-separated; vrr:MIN-MAX is a variable-refresh display (docs/latency.md)")
	fs.StringVar(&renderMs, "render-ms", "5-15", "render time of each frame on the vrr: displays, ms: MIN-MAX, uniform from -seed")
	fs.StringVar(&inputsAt, "inputs-at", "", "place synthetic inputs at random or uniform display times and measure their latency (docs/latency.md)")
	fs.IntVar(&inputs, "inputs", 4000, "how many synthetic inputs -inputs-at places")
	fs.StringVar(&framesFrom, "frames-from", "", "render times of the vrr: displays' frames from this -trace file (window or headless), one a frame, cycled, instead of -render-ms")
	fs.StringVar(&modes, "interp", "off,lerp,slerp,extrapolate", "interpolation modes to compare, comma-separated")
	fs.Float64Var(&jitter, "jitter", 0, "frame-time jitter fraction in [0, 1)")
	fs.Uint64Var(&seed, "seed", 1, "seed of the jitter PRNG")
	fs.IntVar(&hitchEvery, "hitch-every", 0, "every N-th frame is a hitch (0 = none)")
	fs.Float64Var(&hitchSeconds, "hitch-seconds", defaultHitchSeconds, "length of a hitch frame, s")
	fs.Uint64Var(&ticks, "ticks", 0, "ticks every run lasts (default 10 s of the scene's ticks)")
	fs.StringVar(&bodies, "body", "", "bodies to trace, comma-separated (default: every body that moves)")
	fs.StringVar(&loops, "loops", "", "loop policies to run side by side, comma-separated (fixed, variable, semi-fixed, skip-long, float32-acc): the spring-under-hitches experiment, docs/loops.md")
	addMoversFlag(fs, &movers)
	fs.StringVar(&c.out, "out", "", "folder to write report.md, report.json, CSVs and PNG plots into (required)")
	fs.BoolVar(&c.force, "force", false, "write into a folder that is not empty: the previous compare's files there are removed, files of the same names replaced, every other file kept")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: sandbox compare -scene NAME|FILE -rates 60,144[,vrr:48-144,...] [-render-ms 5-15] [-inputs-at random|uniform [-inputs N]] [-interp off,lerp,...] [-jitter J -seed S] [-hitch-every K -hitch-seconds S] [-ticks N] [-body NAME,...] [-loops fixed,variable,...] [-movers step|per-frame] -out DIR [-force]")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, errCompareHelp
		}
		if strings.Contains(err.Error(), "-seconds") {
			return nil, usagef("compare: -seconds is not a compare flag: runs last -ticks N, the same at every rate")
		}
		return nil, flagParseError(fs, err)
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
		if strings.HasPrefix(s, "vrr:") {
			v, err := headless.ParseVRR(s)
			if err != nil {
				return nil, usagef("compare: -rates: %v", err)
			}
			c.cfg.VRR = append(c.cfg.VRR, v)
			continue
		}
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
	if err := parseCompareLatency(&c.cfg, fs, renderMs, inputsAt, framesFrom, inputs); err != nil {
		return nil, err
	}
	if c.cfg.Loops, err = parseCompareLoops(loops); err != nil {
		return nil, err
	}
	if c.cfg.MoversPerFrame, err = parseMoversFlag(movers, nil); err != nil {
		return nil, usagef("compare: %v", err)
	}
	if err := c.cfg.Validate(); err != nil {
		return nil, usagef("compare: %v", err)
	}
	return &c, nil
}

var errCompareHelp = errors.New("compare help")

// runCompare is `sandbox compare`: flags, work bounds and the output folder
// (taken for this run, every output path checked) before anything runs;
// each run's CSV is streamed as it runs, the other files are written after
// every run passed, report.json last.
func runCompare(args []string, stdout, stderr io.Writer) error {
	c, err := parseCompareFlags(args, stdout)
	if errors.Is(err, errCompareHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	dir, err := outdir.Open(c.out, "compare", c.force)
	if err != nil {
		return usagef("compare: -out %s: %v", c.out, err)
	}
	defer dir.Abandon("the compare failed before it finished")
	if err := dir.Check(compareOutputs(&c.cfg)...); err != nil {
		return usagef("compare: -out %s: %v", c.out, err)
	}
	sig := catchInterrupts()
	defer sig.stop()
	c.cfg.Interrupted = sig.interrupted
	total := (len(c.cfg.Rates) + len(c.cfg.VRR)) * len(c.cfg.Modes)
	start := time.Now()
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := progress.New(stderr, total, "runs")
		c.cfg.Done = func(*compare.Run) { bar.Add(1) }
		defer bar.Finish()
	} else {
		done := 0
		c.cfg.Done = func(r *compare.Run) {
			done++
			fmt.Fprintf(stdout, "compare: %d of %d: %s %s, %d frames\n", done, total, r.Label(), r.Interp, r.Frames)
		}
	}
	// Each run streams its CSV into the folder as it runs: committed when
	// the run closes it, discarded with the run's other files if the
	// compare fails or is interrupted first.
	c.cfg.Open = func(name string) (io.WriteCloser, error) { return dir.Create(name) }
	res, err := compare.Compare(c.cfg)
	if errors.Is(err, headless.ErrInterrupted) {
		return compareInterrupted(dir, sig, c.out, "before its runs had finished")
	}
	if err != nil {
		return fmt.Errorf("compare %s: %w", c.cfg.Scene.Name, err)
	}
	files, err := res.Files()
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	// The report, which claims the whole run, is written after every other
	// file: a folder with a report.json holds all of its run.
	slices.SortStableFunc(files, func(a, b compare.File) int { return reportLast(a.Name) - reportLast(b.Name) })
	for _, f := range files {
		if sig.interrupted() {
			return compareInterrupted(dir, sig, c.out, "while its files were written")
		}
		if err := dir.WriteFile(f.Name, f.Data); err != nil {
			return fmt.Errorf("compare: -out %s: %v", c.out, err)
		}
	}
	if err := dir.Finish(); err != nil {
		return fmt.Errorf("compare: -out %s: %v", c.out, err)
	}
	fmt.Fprintf(stdout, "compare %s: %d runs of %d ticks in %.1f s, state %s equal at every rate; wrote %d files to %s\n",
		res.Scene, len(res.Runs), res.Ticks, time.Since(start).Seconds(), res.StateHash, len(dir.Written()), c.out)
	printMovers(stdout, res.Movers)
	if sig.interrupted() {
		return interruptedError{sig: sig.signal(), what: "after the compare had finished and its files were written to " + c.out}
	}
	return nil
}

// reportLast orders the report files after the others: report.md, then
// report.json.
func reportLast(name string) int {
	switch name {
	case "report.md":
		return 1
	case "report.json":
		return 2
	}
	return 0
}

// compareInterrupted ends a compare cut short by a signal: the file under
// way is discarded, no report is written, and the manifest says the folder
// holds a partial run.
func compareInterrupted(dir *outdir.Dir, sig *interrupts, out, when string) error {
	wrote := len(dir.Written())
	touched := dir.Touched()
	dir.Abandon(fmt.Sprintf("interrupted by %s %s: %d files written, no report", signalName(sig.signal()), when, wrote))
	if !touched {
		return interruptedError{sig: sig.signal(), what: fmt.Sprintf("stopped %s; wrote nothing to %s (left as it was)", when, out)}
	}
	return interruptedError{sig: sig.signal(), what: fmt.Sprintf("stopped %s; wrote %d files to %s and no report (marked partial in %s)",
		when, wrote, out, outdir.ManifestName("compare"))}
}

// compareOutputs names every file a compare of cfg may write, so that each
// path is checked before the runs (TestCompareOutputsListed holds it to
// what a compare writes).
func compareOutputs(cfg *compare.Config) []string {
	names := []string{"report.json", "report.md", "x_t.png", "steps_alpha.png", "judder.png", compare.LatencyPlot}
	names = append(names, compare.LoopPlotNames(loopNames(cfg.Loops))...)
	for _, hz := range cfg.Rates {
		for _, m := range cfg.Modes {
			names = append(names, (&compare.Run{DisplayHz: hz, Interp: m.String()}).CSVName())
		}
	}
	for _, v := range cfg.VRR {
		for _, m := range cfg.Modes {
			names = append(names, compare.VRRRun(v, m.String()).CSVName())
		}
	}
	return names
}
