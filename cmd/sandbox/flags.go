package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"sandbox/engine/frames"
	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/internal/window"
)

// options is the parsed command line.
type options struct {
	headless   bool
	listScenes bool
	scene      string

	displayHz    float64
	jitter       float64
	hitchEvery   int
	hitchSeconds float64
	seed         uint64
	seconds      float64
	ticks        uint64
	ccd          bool
	physicsHz    float64 // -physics-hz: overrides the scene's physics_hz (0 = the scene's)
	substeps     int     // -substeps: overrides the scene's solver substeps (0 = the scene's)
	workers      int     // -workers: goroutines a physics step may use (headless)
	interp       interp.Mode
	report       string
	trace        string
	record       string // -record FILE (window and headless)
	replay       string // -replay FILE (window and headless)

	loop    loopFlags    // -loop, -catch-up (flags_loop.go)
	latency latencyFlags // -display, -render-ms, -inputs-at, -inputs (flags_latency.go)

	moversPerFrame bool // -movers per-frame (flags_movers.go)

	vsync       bool
	frames      int
	screenshot  string
	stats       string
	fireAtFrame int
	windowW     int // -window-size, screen coordinates; 0 = window.DefaultWidth x window.DefaultHeight
	windowH     int
	framesFrom  string // -frames-from FILE: a trace whose frame seconds are the window's clock

	set map[string]bool // flags given on the command line
}

// Flags that only one of the two modes reads; giving one to the other mode is
// a mistake worth one clear line rather than silence.
var (
	headlessOnly = []string{"jitter", "hitch-every", "hitch-seconds", "seed", "seconds", "ticks", "report", "workers"}
	windowOnly   = []string{"vsync", "frames", "screenshot", "stats", "fire-at-frame", "window-size", "frames-from"}
)

// The window's frame pacer holds -display-hz between these rates (or does
// not pace, at 0): below 1 Hz a frame would wait for longer than a second
// and the window stop answering; above 1000 Hz no display presents.
const (
	minWindowHz = 1
	maxWindowHz = 1000
)

// Defaults that two flags (or a flag and the window) share.
const (
	defaultHitchSeconds = 0.05 // -hitch-seconds, here and in compare
)

// maxWorkers is the most goroutines -workers may give a physics step:
// physics.WorldDef.Workers' range (a test checks the two agree).
const maxWorkers = 16

// usageError is a bad flag or file: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// errHelp asks for the usage text on stdout and exit status 0.
var errHelp = errors.New("help")

func newFlagSet(o *options, interpName, windowSize, moversName *string) *flag.FlagSet {
	fs := flag.NewFlagSet("sandbox", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&o.headless, "headless", false, "run without a window on a simulated display")
	fs.BoolVar(&o.listScenes, "list-scenes", false, "list the built-in scenes and exit")
	fs.StringVar(&o.scene, "scene", scene.DefaultName, "built-in scene name or path of a scene JSON file")
	fs.Float64Var(&o.displayHz, "display-hz", 0, "display rate in Hz (headless: simulated, 0.1..100000, default 60; window: frame-pacer target, 0 = as fast as vsync allows, or 1..1000)")
	fs.Float64Var(&o.jitter, "jitter", 0, "headless: frame-time jitter fraction in [0, 1)")
	fs.IntVar(&o.hitchEvery, "hitch-every", 0, "headless: every N-th frame is a hitch (0 = none)")
	fs.Float64Var(&o.hitchSeconds, "hitch-seconds", defaultHitchSeconds, "headless: length of a hitch frame in seconds, 0.0001..60")
	fs.Uint64Var(&o.seed, "seed", 1, "headless: seed of the jitter PRNG")
	fs.Float64Var(&o.seconds, "seconds", 0, "headless: simulated display seconds to run, up to 1e7 (default 10)")
	fs.Uint64Var(&o.ticks, "ticks", 0, "headless: stop as soon as this tick completes, 1..100000000")
	// Default false only so that -h does not claim a default: when -ccd is
	// not given the scene's "ccd" (itself true unless the file says) applies.
	fs.BoolVar(&o.ccd, "ccd", false, "continuous collision detection on or off; when not given, the scene's \"ccd\" setting")
	fs.Float64Var(&o.physicsHz, "physics-hz", 0, "physics steps per second, 1..1000, overriding the scene's \"physics_hz\" (recorded in the report and in -record)")
	fs.IntVar(&o.substeps, "substeps", 0, "solver substeps per physics step, 1..32, overriding the scene's (two per \"solver_iterations\" pair)")
	fs.IntVar(&o.workers, "workers", 1, "headless: goroutines a physics step may use, 1..16 (the results are bit-identical for any count)")
	fs.StringVar(interpName, "interp", interp.Default.String(), "how poses are drawn between ticks: off, lerp, slerp, extrapolate")
	fs.StringVar(&o.report, "report", "", "headless: write the run report JSON here (- = stdout)")
	fs.StringVar(&o.trace, "trace", "", "write one JSON line per frame here (window: with the measured frame seconds; - = stdout; on SIGINT/SIGTERM kept as FILE.partial)")
	fs.StringVar(&o.record, "record", "", "write a recording (JSON lines: the scene, every input by tick, state hashes) here")
	fs.StringVar(&o.replay, "replay", "", "play a recording back, its scene and inputs, checking every state hash (exit 1 on a difference)")
	addLoopFlags(fs, &o.loop)
	addLatencyFlags(fs, &o.latency)
	fs.BoolVar(&o.vsync, "vsync", frames.DefaultVSync, "window: wait for vertical sync")
	addMoversFlag(fs, moversName)
	fs.IntVar(&o.frames, "frames", 0, "window: exit after this many frames, up to 100000000 (0 = run until closed)")
	fs.StringVar(&o.screenshot, "screenshot", "", "window: write the last frame as PNG here")
	fs.StringVar(&o.stats, "stats", "", "window: write frame statistics JSON here (- = stdout)")
	fs.IntVar(&o.fireAtFrame, "fire-at-frame", -1, "window: fire one shot from the camera at this frame (-1 = never)")
	fs.StringVar(windowSize, "window-size", fmt.Sprintf("%dx%d", window.DefaultWidth, window.DefaultHeight), "window: size WxH in screen coordinates")
	fs.StringVar(&o.framesFrom, "frames-from", "", "window: take each frame's seconds from this -trace file (window or headless) instead of the clock; the run ends with its last frame (headless with -display vrr:, the frames' render times)")
	return fs
}

// parseFlags reads args (without the program name). Errors are usageError or errHelp.
func parseFlags(args []string) (*options, error) {
	o := &options{set: map[string]bool{}}
	var interpName, windowSize, moversName string
	fs := newFlagSet(o, &interpName, &windowSize, &moversName)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, errHelp
		}
		return nil, flagParseError(fs, err)
	}
	if fs.NArg() > 0 {
		return nil, unexpectedArgument(fs.Arg(0), subcommandNames())
	}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })

	mode, err := interp.ParseMode(interpName)
	if err != nil {
		return nil, usagef("-interp: %v", err)
	}
	o.interp = mode

	if o.headless {
		for _, n := range windowOnly {
			if n == "frames-from" && o.set["display"] {
				continue // a VRR display's render times (flags_latency.go)
			}
			if o.set[n] {
				return nil, usagef("-%s applies to window runs, not -headless", n)
			}
		}
		if !o.set["display-hz"] {
			o.displayHz = 60
		}
		if err := parseLatencyFlags(o); err != nil {
			return nil, err
		}
		if o.set["ticks"] && o.set["seconds"] {
			return nil, usagef("-ticks and -seconds both given: pick one")
		}
		if o.set["ticks"] && o.ticks == 0 {
			return nil, usagef("-ticks 0: must be at least 1")
		}
		if !o.set["seconds"] {
			o.seconds = headless.DefaultSeconds
		}
		if o.workers < 1 || o.workers > maxWorkers {
			return nil, usagef("-workers %d: must be in 1..%d", o.workers, maxWorkers)
		}
		// The display itself (rate, jitter, hitches) and -seconds are checked
		// by the headless runner before anything runs.
	} else {
		for _, n := range append(headlessOnly, latencyFlagNames...) {
			if o.set[n] {
				return nil, usagef("-%s applies to -headless runs only", n)
			}
		}
		if err := parseLatencyFlags(o); err != nil {
			return nil, err
		}
		if v := o.latency.vrr; v.On() && v.Max > maxWindowHz {
			return nil, usagef("-display %s: a window's MAX must be at most %d Hz", v, maxWindowHz)
		}
		if !(o.displayHz == 0 || o.displayHz >= minWindowHz && o.displayHz <= maxWindowHz) {
			return nil, usagef("-display-hz %v: must be 0 (as fast as vsync allows) or a rate in %g..%g Hz", o.displayHz, float64(minWindowHz), float64(maxWindowHz))
		}
		if o.frames < 0 || o.frames > headless.MaxFrames {
			return nil, usagef("-frames %d: must be in 0..%d (0 = until the window is closed)", o.frames, headless.MaxFrames)
		}
		if o.fireAtFrame < -1 {
			return nil, usagef("-fire-at-frame %d: must be -1 (never) or a frame number", o.fireAtFrame)
		}
		if n, err := fmt.Sscanf(windowSize, "%dx%d", &o.windowW, &o.windowH); err != nil || n != 2 ||
			o.windowW < 64 || o.windowH < 64 || o.windowW > 16384 || o.windowH > 16384 ||
			fmt.Sprintf("%dx%d", o.windowW, o.windowH) != windowSize {
			return nil, usagef("-window-size %q: want WxH, each 64 to 16384, e.g. 1280x720", windowSize)
		}
		if o.screenshot != "" && !strings.HasSuffix(strings.ToLower(o.screenshot), ".png") {
			return nil, usagef("-screenshot %q: must name a .png file", o.screenshot)
		}
	}
	if err := checkRateFlags(o); err != nil {
		return nil, err
	}
	if err := checkRecordFlags(o); err != nil {
		return nil, err
	}
	if err := parseLoopFlags(o); err != nil {
		return nil, err
	}
	if o.moversPerFrame, err = parseMoversFlag(moversName, o); err != nil {
		return nil, err
	}
	return o, nil
}

// checkRateFlags refuses a -physics-hz or -substeps out of range.
func checkRateFlags(o *options) error {
	if o.set["physics-hz"] && !(o.physicsHz >= scene.MinPhysicsHz && o.physicsHz <= scene.MaxPhysicsHz) {
		return usagef("-physics-hz %v: must be in %d..%d Hz", o.physicsHz, scene.MinPhysicsHz, scene.MaxPhysicsHz)
	}
	if o.set["substeps"] && (o.substeps < 1 || o.substeps > physics.MaxSubsteps) {
		return usagef("-substeps %d: must be in 1..%d", o.substeps, physics.MaxSubsteps)
	}
	return nil
}

// usage is the -h text.
func usage(w io.Writer) {
	var o options
	var s, ws, ms string
	fs := newFlagSet(&o, &s, &ws, &ms)
	fmt.Fprintln(w, "usage: sandbox [flags]            open the window (default scene: range)")
	fmt.Fprintln(w, "       sandbox -headless [flags]  run on a simulated display and write a report")
	fmt.Fprintln(w, "       sandbox -list-scenes       list the built-in scenes")
	for _, c := range subcommands {
		fmt.Fprintf(w, "       sandbox %-18s %s\n", c.name+" [flags]", c.summary)
	}
	fmt.Fprintln(w)
	fs.SetOutput(w)
	fs.PrintDefaults()
}
