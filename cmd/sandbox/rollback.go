package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// maxRollbackTicks bounds -ticks: a scene run plainly, then as a peer.
const maxRollbackTicks = 10_000_000

// rollbackFlags is the parsed `sandbox rollback` command line.
type rollbackFlags struct {
	replay, scene, remote, report string
	ticks                         uint64
	net                           session.Network
}

func newRollbackFlagSet(f *rollbackFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("sandbox rollback", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.replay, "replay", "", "recording to play as two peers (its input lines' \"player\", 1 when absent; player 2 is remote)")
	fs.StringVar(&f.scene, "scene", "", "built-in scene name or scene file whose scripted events are the inputs (players alternate unless an event has \"player\")")
	fs.Uint64Var(&f.ticks, "ticks", 0, fmt.Sprintf("with -scene: ticks to run, 1..%d", maxRollbackTicks))
	fs.IntVar(&f.net.Delay, "delay", 0, fmt.Sprintf("ticks the remote player's inputs arrive late, 0..%d with -jitter-ticks (required)", session.MaxNetworkLag))
	fs.IntVar(&f.net.Jitter, "jitter-ticks", 0, "each tick's delay varies by up to this many ticks either way (never below 0)")
	fs.Uint64Var(&f.net.Seed, "seed", 1, "seed of the jitter")
	fs.StringVar(&f.remote, "remote", "", "half: with -replay of a one-player recording, every second input is player 2's")
	fs.StringVar(&f.report, "report", "", "JSON report to write (required)")
	return fs
}

const rollbackUsage = "usage: sandbox rollback (-replay FILE | -scene S -ticks T) -delay N [-jitter-ticks J] [-seed S] [-remote half] -report R.json"

func parseRollbackFlags(args []string, stdout io.Writer) (*rollbackFlags, error) {
	f := &rollbackFlags{}
	fs := newRollbackFlagSet(f)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, rollbackUsage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, errSubcommandHelp
		}
		return nil, flagParseError(fs, err)
	}
	if fs.NArg() > 0 {
		return nil, usagef("rollback: unexpected argument %q (flags start with -)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch {
	case set["replay"] && set["scene"]:
		return nil, usagef("-replay and -scene both given: play a recording, or a scene's events")
	case set["replay"] && f.replay == "":
		return nil, usagef("-replay: empty file name")
	case set["replay"] && set["ticks"]:
		return nil, usagef("-ticks with -replay: the recording holds its own length")
	case set["scene"] && f.scene == "":
		return nil, usagef("-scene: empty name")
	case !set["replay"] && !set["scene"]:
		return nil, usagef("-replay FILE or -scene S -ticks T: one is required")
	case set["scene"] && (f.ticks < 1 || f.ticks > maxRollbackTicks):
		return nil, usagef("-ticks %d: -scene needs 1..%d", f.ticks, maxRollbackTicks)
	case !set["delay"]:
		return nil, usagef("-delay: required (ticks the remote player's inputs arrive late)")
	case set["remote"] && f.remote != "half":
		return nil, usagef("-remote %q: the one choice is half", f.remote)
	case set["remote"] && !set["replay"]:
		return nil, usagef("-remote half applies to -replay (a scene's events alternate players already)")
	case f.report == "":
		return nil, usagef("-report: required (the JSON report)")
	case f.report == safeio.Stdout:
		return nil, usagef("-report -: give a file")
	}
	if err := f.net.Validate(); err != nil {
		return nil, usageError{err}
	}
	if err := safeio.CheckOutput(f.report); err != nil {
		return nil, usagef("-report %s: %v", f.report, err)
	}
	if err := safeio.Distinct(safeio.Named{Flag: "-replay", Path: f.replay}, safeio.Named{Flag: "-report", Path: f.report}); err != nil {
		return nil, usageError{err}
	}
	return f, nil
}

// rollbackReport is the -report file.
type rollbackReport struct {
	Source      string `json:"source"` // the recording, or the scene
	Ticks       uint64 `json:"ticks"`
	Delay       int    `json:"delay"`
	JitterTicks int    `json:"jitter_ticks"`
	Seed        uint64 `json:"seed"`
	Remote      string `json:"remote"` // "players" (each input's player) or "half"
	InputsP1    int    `json:"inputs_player_1"`
	InputsP2    int    `json:"inputs_player_2"`

	Rollbacks              int     `json:"rollbacks"`
	ResimulatedTicks       int     `json:"resimulated_ticks"`
	MaxResimulatedPerFrame int     `json:"max_resimulated_per_frame"`
	RollbackMs             float64 `json:"rollback_ms"`
	ResimulatedTickMs      float64 `json:"resimulated_tick_ms"`
	StepMs                 float64 `json:"step_ms"`
	SnapshotBytesPerBody   float64 `json:"snapshot_bytes_per_body"`
	SnapshotBytesPerTick   int     `json:"snapshot_bytes_per_tick"`
	Bodies                 int     `json:"bodies"`
	CheckedHashes          int     `json:"checked_hashes"`
	StateHash              string  `json:"state_hash"`
	ExpectedHash           string  `json:"expected_hash"` // the recording's, or the plain run's
}

func runRollback(args []string, stdout, _ io.Writer) error {
	f, err := parseRollbackFlags(args, stdout)
	if errors.Is(err, errSubcommandHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	tl, expected, err := rollbackTimeline(f)
	if err != nil {
		return err
	}
	start := time.Now()
	r, err := session.NewRollback(tl, f.net, func() int64 { return int64(time.Since(start)) })
	if err != nil {
		return usageError{err}
	}
	for err == nil && !r.Done() {
		err = r.Tick()
	}
	if err == nil {
		err = r.Finish()
	}
	var m *session.MismatchError
	if errors.As(err, &m) {
		return fmt.Errorf("after rollbacks the state differs from %s at tick %d: %s", expected, m.Tick, m.Detail())
	}
	if err != nil {
		return err
	}
	rep := newRollbackReport(f, tl, r.Stats())
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := safeio.WriteFile(f.report, append(b, '\n')); err != nil {
		return fmt.Errorf("-report %s: %v", f.report, err)
	}
	fmt.Fprintf(stdout, "rollback: %d ticks, %d rollbacks, %d ticks re-simulated (at most %d in a frame), state %s equal to %s\n",
		rep.Ticks, rep.Rollbacks, rep.ResimulatedTicks, rep.MaxResimulatedPerFrame, rep.StateHash, expected)
	return nil
}

// rollbackTimeline reads the inputs and the states to reach: a recording's
// (checked whole first: exit 2), or a scene's events and its plain run's.
func rollbackTimeline(f *rollbackFlags) (*session.Timeline, string, error) {
	if f.replay != "" {
		rp, err := loadReplay(f.replay)
		if err != nil {
			return nil, "", err
		}
		defer rp.Close()
		tl, err := session.RecordingTimeline(rp, f.remote == "half")
		if err != nil {
			return nil, "", usagef("-replay %v", err)
		}
		return tl, "the recording's", nil
	}
	sc, err := scene.Load(f.scene)
	if err != nil {
		return nil, "", usageError{err}
	}
	tl, err := session.SceneTimeline(sc, f.ticks)
	if err != nil {
		return nil, "", err
	}
	return tl, "the plain run's", nil
}

func newRollbackReport(f *rollbackFlags, tl *session.Timeline, st session.RollbackStats) rollbackReport {
	players := tl.Players()
	rep := rollbackReport{
		Source: tl.File, Ticks: tl.Ticks, Delay: f.net.Delay, JitterTicks: f.net.Jitter, Seed: f.net.Seed,
		Remote: "players", InputsP1: players[1], InputsP2: players[2],
		Rollbacks: st.Rollbacks, ResimulatedTicks: st.ResimulatedTicks, MaxResimulatedPerFrame: st.MaxResimulatedPerFrame,
		SnapshotBytesPerTick: st.SnapshotBytes, Bodies: st.Bodies, CheckedHashes: st.CheckedHashes,
		StateHash: fmt.Sprintf("%016x", st.StateHash), ExpectedHash: fmt.Sprintf("%016x", tl.EndHash()),
	}
	if f.remote == "half" {
		rep.Remote = "half"
	}
	if f.replay != "" {
		rep.Source = f.replay
	}
	if st.Rollbacks > 0 {
		rep.RollbackMs = float64(st.RollbackNanos) / 1e6 / float64(st.Rollbacks)
	}
	if st.ResimulatedTicks > 0 {
		rep.ResimulatedTickMs = float64(st.ResimulatedNanos) / 1e6 / float64(st.ResimulatedTicks)
	}
	if st.Ticks > 0 {
		rep.StepMs = float64(st.StepNanos) / 1e6 / float64(st.Ticks)
	}
	if st.Bodies > 0 {
		rep.SnapshotBytesPerBody = float64(st.SnapshotBytes) / float64(st.Bodies)
	}
	return rep
}
