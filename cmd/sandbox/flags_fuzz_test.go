package main

import (
	"strings"
	"testing"
	"unicode"

	"sandbox/engine/headless"
	"sandbox/internal/window"
)

// FuzzFlags feeds random argument lists (one argument a line) to the
// checks a command line passes before anything runs: parsing, the scene,
// every range and bound, the outputs. Whatever the arguments, nothing
// panics, the outcome is exit 0 (a plan that is within every bound, or -h)
// or exit 2 with one printable stderr line, and nothing runs: neither the
// simulation nor a window (and no subcommand, which would run).
func FuzzFlags(f *testing.F) {
	for _, seed := range []string{
		"-headless\n-ticks\n120",
		"-headless\n-display-hz\n100000\n-seconds\n1e7",
		"-headless\n-hitch-every\n1\n-hitch-seconds\n1e-300",
		"-headless\n-hitch-seconds\nNaN\n-report\nr.json",
		"-headless\n-display-hz\n4.9e-324\n-ticks\n5",
		"-headless\n-report\nr.json\n-trace\nr.json",
		"-headless\n-report\n-\n-trace\n-",
		"-headless\n-ticks\n100000000\n-display-hz\n0.1\n-hitch-every\n3\n-hitch-seconds\n60",
		"-headless\n-seconds\n1e6\n-jitter\n0.99\n-scene\ngauntlet\n-interp\noff",
		"-display-hz\n1e-9",
		"-frames-from\nt.jsonl\n-trace\nt.jsonl",
		"-frames\n100\n-stats\ns.json\n-screenshot\ns.png\n-window-size\n640x480",
		"-stats\n.\n-display-hz\n144",
		"-list-scenes",
		"-h",
		"-scene\nx.json\n-stats\nx.json",
		"-\x1b[31m",
	} {
		f.Add(seed)
	}
	// Outputs are checked by creating and removing a probe file in their
	// folder: keep that inside a folder of the fuzzer's own. (f.Chdir
	// would move the fuzzing workers themselves and stops them.)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, line string) {
		t.Chdir(dir)
		args := strings.Split(line, "\n")
		if _, ok := subcommandFor(args); ok || strings.Contains(line, "/") {
			return // a subcommand runs; an absolute or nested path leaves the folder
		}
		o, err := parseFlags(args)
		if err == nil {
			switch {
			case o.listScenes:
			case o.headless:
				var p *headlessPlan
				if p, err = planHeadless(o); err == nil {
					checkHeadlessBounds(t, args, p.opts)
				}
			default:
				var wo window.Options
				if wo, err = planWindow(o); err == nil {
					if wo.Frames < 0 || wo.Frames > headless.MaxFrames ||
						!(wo.DisplayHz == 0 || wo.DisplayHz >= minWindowHz && wo.DisplayHz <= maxWindowHz) {
						t.Fatalf("%q: window plan beyond the bounds: frames %d, display %v Hz", args, wo.Frames, wo.DisplayHz)
					}
				}
			}
		}
		code, msg := exitStatus(err)
		if code != 0 && code != 2 {
			t.Fatalf("%q: exit %d before anything ran (%s); want 0 or 2", args, code, msg)
		}
		if strings.ContainsFunc(msg, func(r rune) bool { return r != ' ' && !unicode.IsPrint(r) }) ||
			(code == 2) != strings.HasPrefix(msg, "sandbox: ") {
			t.Fatalf("%q: exit %d, stderr line %q; want one printable 'sandbox:' line exactly when refused", args, code, msg)
		}
	})
}

// checkHeadlessBounds re-derives, independently of Validate's estimate,
// that an accepted headless plan stays within the documented limits: the
// display's ranges, and at most MaxFrames frames and MaxTicks ticks at the
// display's nominal frame length (hitches included).
func checkHeadlessBounds(t *testing.T, args []string, o headless.Options) {
	d := o.Display
	if !(d.Hz >= headless.MinDisplayHz && d.Hz <= headless.MaxDisplayHz) || !(d.Jitter >= 0 && d.Jitter < 1) ||
		d.HitchEvery < 0 || (d.HitchEvery > 0 && !(d.HitchSeconds >= headless.MinHitchSeconds && d.HitchSeconds <= headless.MaxHitchSeconds)) {
		t.Fatalf("%q: display out of range accepted: %+v", args, d)
	}
	if o.Ticks > headless.MaxTicks {
		t.Fatalf("%q: %d ticks accepted", args, o.Ticks)
	}
	step := o.Scene.LoopConfig().StepSeconds
	frame := 1 / d.Hz
	if d.HitchEvery > 0 {
		n := float64(d.HitchEvery)
		frame = ((n-1)*frame + d.HitchSeconds) / n
	}
	const slack = 1 + 1e-9
	if o.Ticks == 0 {
		if frames := o.Seconds / frame; frames > headless.MaxFrames*slack {
			t.Fatalf("%q: %.3g frames accepted", args, frames)
		}
		if ticks := o.Seconds / step; ticks > headless.MaxTicks*slack && o.Seconds/frame*float64(o.Scene.MaxStepsPerFrame) > headless.MaxTicks*slack {
			t.Fatalf("%q: %.3g ticks accepted", args, ticks)
		}
	}
}
