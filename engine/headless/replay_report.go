package headless

import (
	"errors"
	"fmt"

	"sandbox/engine/session"
)

// ReplayReport is a replay's verdict in the report: every checkpoint hash
// and the end state equal to the recording's, or the first tick that
// differs with every body that differs there (the error's one line names
// only the first few).
type ReplayReport struct {
	File    string `json:"file"`
	Matches bool   `json:"matches"`
	Checked int    `json:"checked_hashes"` // checkpoint hashes compared (and equal)
	EndTick uint64 `json:"end_tick"`
	// Set when Matches is false.
	MismatchTick uint64   `json:"mismatch_tick,omitempty"`
	StateHash    string   `json:"replay_state_hash,omitempty"`
	Recorded     string   `json:"recorded_state_hash,omitempty"`
	Differs      []string `json:"differs,omitempty"` // "name (field, field)"
}

// mismatchReport ends a replay that differs from its recording: the report
// of the frames run so far with the full verdict, and the error. Any other
// error ends the run without a report.
func (r *run) mismatchReport(err error) (*Report, error) {
	var m *session.MismatchError
	if !errors.As(err, &m) {
		return nil, err
	}
	rp := r.opts.Replay
	rep := r.report()
	rep.Replay = &ReplayReport{
		File: rp.File, Checked: rp.Checked(), EndTick: rp.EndTick(),
		MismatchTick: m.Tick, StateHash: fmt.Sprintf("%016x", m.Got), Recorded: fmt.Sprintf("%016x", m.Want),
		Differs: append([]string{}, m.Differs...),
	}
	return rep, err
}

// checkReplayWork is Validate's bound for a replay: the recording's ticks,
// every branch counted (at most session.MaxReplayTicks, checked when it was
// read), in at most MaxFrames display frames; errors name the recording,
// not -ticks.
func (o *Options) checkReplayWork() error {
	work := o.Replay.Work()
	if frames := o.framesFor(work); frames > MaxFrames {
		return fmt.Errorf("-replay %s: %d ticks to replay (every branch counted) at -display-hz %v: about %.3g display frames, more than the limit of %g (lower the display rate)",
			o.Replay.File, work, o.Display.Hz, frames, float64(MaxFrames))
	}
	return nil
}
