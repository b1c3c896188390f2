package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"sandbox/engine/frametrace"
	"sandbox/engine/scene"
	"sandbox/internal/outdir"
	"sandbox/internal/safeio"
)

// maxTraceBytes bounds a -trace file: a long window session with many bodies.
const maxTraceBytes = 1 << 30

// framesFlags is the parsed `sandbox frames` command line.
type framesFlags struct {
	trace     string
	synthetic []string
	scene     string
	costMs    float64
	withCost  bool
	syn       frametrace.SyntheticDef
	out       string
	force     bool
}

func newFramesFlagSet(f *framesFlags, synthetic *string) *flag.FlagSet {
	fs := flag.NewFlagSet("sandbox frames", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.trace, "trace", "", "frame-time trace to read: JSON lines with \"frame_seconds\" (a headless or window -trace)")
	fs.StringVar(synthetic, "synthetic", "", "synthetic traces, comma-separated: "+strings.Join(frametrace.Kinds, ", "))
	fs.StringVar(&f.scene, "scene", scene.DefaultName, "built-in scene name or scene file: its physics rate, step cap and frame clamp, and its bodies")
	fs.Float64Var(&f.costMs, "step-cost-ms", 0, "also simulate this wall-time cost per physics step, ms (the next frame's time grows by steps x cost)")
	fs.Float64Var(&f.syn.Seconds, "seconds", 10, "synthetic: display seconds of ordinary frames per trace")
	fs.Float64Var(&f.syn.Jitter, "jitter", 0.1, "synthetic 60hz, 144hz, 240hz: frame-time jitter fraction in [0, 1)")
	fs.Uint64Var(&f.syn.Seed, "seed", 1, "synthetic: seed of the jitter")
	fs.StringVar(&f.out, "out", "", "folder to write frames.md, frames.json, the CSVs and plots into (required; created if missing, must be empty unless -force)")
	fs.BoolVar(&f.force, "force", false, "write into a non-empty -out folder: the previous frames run's files there are removed, files of the same names replaced, every other file kept")
	return fs
}

func parseFramesFlags(args []string, stdout io.Writer) (*framesFlags, error) {
	f := &framesFlags{}
	var synthetic string
	fs := newFramesFlagSet(f, &synthetic)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: sandbox frames (-trace FILE | -synthetic KIND[,KIND...]) [-scene NAME|FILE] [-step-cost-ms C] -out DIR")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, errSubcommandHelp
		}
		return nil, flagParseError(fs, err)
	}
	if fs.NArg() > 0 {
		return nil, usagef("frames: unexpected argument %q (flags start with -)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	f.synthetic = splitList(synthetic)
	switch {
	case set["trace"] && set["synthetic"]:
		return nil, usagef("-trace and -synthetic both given: pick one")
	case set["trace"] && f.trace == "":
		return nil, usagef("-trace: empty file name")
	case !set["trace"] && len(f.synthetic) == 0:
		return nil, usagef("-trace FILE or -synthetic %s: one is required", strings.Join(frametrace.Kinds, ","))
	}
	seen := map[string]bool{}
	for _, k := range f.synthetic {
		if err := frametrace.CheckKind(k); err != nil {
			return nil, usagef("-synthetic: %v", err)
		}
		if seen[k] {
			return nil, usagef("-synthetic: %q given twice", k)
		}
		seen[k] = true
	}
	if set["trace"] {
		for _, n := range []string{"seconds", "jitter", "seed"} {
			if set[n] {
				return nil, usagef("-%s applies to -synthetic traces, not -trace", n)
			}
		}
	}
	if !(f.syn.Seconds > 0) || f.syn.Seconds > 86400 || math.IsInf(f.syn.Seconds, 0) {
		return nil, usagef("-seconds %v: must be > 0 and <= 86400", f.syn.Seconds)
	}
	if !(f.syn.Jitter >= 0 && f.syn.Jitter < 1) {
		return nil, usagef("-jitter %v: must be in [0, 1)", f.syn.Jitter)
	}
	f.withCost = set["step-cost-ms"]
	if f.withCost && (!(f.costMs >= 0) || f.costMs > 1e6 || math.IsInf(f.costMs, 0)) {
		return nil, usagef("-step-cost-ms %v: must be >= 0 and <= 1e6", f.costMs)
	}
	if f.out == "" {
		return nil, usagef("-out: required (the folder for frames.md, frames.json, the CSVs and plots)")
	}
	return f, nil
}

// traceName makes a -trace file's name safe as part of output file names.
func traceName(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	b := []byte(base)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "trace"
	}
	return string(b)
}

type namedTrace struct {
	name, source string
	frames       []float64
	swaps        []frametrace.Swap // a window trace's presents
}

func runFrames(args []string, stdout, _ io.Writer) error {
	f, err := parseFramesFlags(args, stdout)
	if errors.Is(err, errSubcommandHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	sc, err := scene.Load(f.scene)
	if err != nil {
		return usageError{err}
	}
	// Every input is read and checked before the folder is touched.
	var traces []namedTrace
	if f.trace != "" {
		frames, swaps, err := readTraceSwaps("-trace", f.trace)
		if err != nil {
			return err
		}
		traces = append(traces, namedTrace{traceName(f.trace), f.trace, frames, swaps})
	}
	for _, k := range f.synthetic {
		frames, err := frametrace.Synthetic(k, f.syn)
		if err != nil {
			return usagef("-synthetic: %v", err)
		}
		traces = append(traces, namedTrace{k, "synthetic", frames, nil})
	}
	var names []string
	for _, t := range traces {
		names = append(names, t.name)
	}
	outputs := frametrace.OutputNames(names, f.withCost)
	if f.trace != "" {
		// With -force, an output must never replace the trace being read.
		files := []safeio.Named{{Flag: "-trace", Path: f.trace}}
		for _, name := range outputs {
			files = append(files, safeio.Named{Flag: "-out", Path: filepath.Join(f.out, name)})
		}
		if err := safeio.Distinct(files...); err != nil {
			return usageError{err}
		}
	}
	dir, err := outdir.Open(f.out, "frames", f.force)
	if err != nil {
		return usagef("-out %q: %v", f.out, err)
	}
	defer dir.Abandon("frames failed before it finished")
	if err := dir.Check(outputs...); err != nil {
		return usagef("-out %q: %v", f.out, err)
	}
	sig := catchInterrupts()
	defer sig.stop()
	rep := frametrace.NewReport(sc)
	if f.withCost {
		rep.StepCostMs = &f.costMs
	}
	// No progress bar: a trace is quick (an hour of 144 Hz frames through
	// the range scene takes under 2 s, files included) and the per-trace
	// lines below follow at once.
	for _, t := range traces {
		tr, err := frametrace.Analyze(t.name, t.source, t.frames, sc, f.withCost, f.costMs/1000, dir, sig.interrupted)
		if errors.Is(err, frametrace.ErrInterrupted) {
			return framesInterrupted(dir, sig, f.out, len(outputs))
		}
		if err != nil {
			return fmt.Errorf("frames failed: %w", err)
		}
		tr.Present = frametrace.Presents(t.swaps)
		rep.Traces = append(rep.Traces, tr)
	}
	if err := frametrace.Write(dir, rep); err != nil {
		return fmt.Errorf("-out %q: %v", f.out, err)
	}
	if err := dir.Finish(); err != nil {
		return fmt.Errorf("-out %q: %v", f.out, err)
	}
	for _, t := range rep.Traces {
		line := fmt.Sprintf("%s: %d frames, dropped %.3f s, max %d steps/frame, spiral margin %.2f ms/step",
			t.Name, t.Frames, t.DroppedSeconds, t.MaxSteps, t.SpiralMarginMs)
		if t.Cost != nil {
			line += fmt.Sprintf("; at %g ms/step: dropped %.3f s, spiralled %v", t.Cost.StepCostMs, t.Cost.DroppedSeconds, t.Cost.Spiralled)
		}
		if p := t.Present; p != nil {
			line += fmt.Sprintf("; presents %.2f Hz (asked %g), deviation p50 %.3f ms, p99 %.3f ms, missed %d of %d",
				p.MeasuredHz, p.TargetHz, p.DeviationP50Ms, p.DeviationP99Ms, p.Missed, p.Intervals)
		}
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintf(stdout, "frames: wrote %s\n", f.out)
	if sig.interrupted() {
		return interruptedError{sig: sig.signal(), what: "after frames had finished and its outputs were written to " + f.out}
	}
	return nil
}

// framesInterrupted ends a frames run cut short by a signal: the CSV under
// way is discarded, no frames.json or frames.md is written (they would
// claim every trace), and the manifest says the folder is partial.
func framesInterrupted(dir *outdir.Dir, sig *interrupts, out string, total int) error {
	wrote := len(dir.Written())
	note := fmt.Sprintf("interrupted by %s: %d of %d files written, no frames.json", signalName(sig.signal()), wrote, total)
	touched := dir.Touched()
	dir.Abandon(note)
	if !touched {
		return interruptedError{sig: sig.signal(), what: "wrote nothing to " + out + " (left as it was)"}
	}
	return interruptedError{sig: sig.signal(), what: fmt.Sprintf("wrote %d of %d files to %s and no frames.json (marked partial in %s)",
		wrote, total, out, outdir.ManifestName("frames"))}
}
