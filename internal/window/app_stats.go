//go:build cgo

package window

import (
	"encoding/json"
	"fmt"
	"os"

	"sandbox/engine/headless"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// StatsFile is the -stats JSON: the window's frame timing, then what a
// headless report also says, under the report's names and types (the
// counters, the state hash, the bodies), so a script reads both alike.
type StatsFile struct {
	Frames            int     `json:"frames"`
	DisplayHzMeasured float64 `json:"display_hz_measured"`
	MeanFrameSeconds  float64 `json:"mean_frame_seconds"`
	P99FrameSeconds   float64 `json:"p99_frame_seconds"`
	Ticks             uint64  `json:"ticks"`
	DroppedSeconds    float64 `json:"dropped_seconds"`
	Scene             string  `json:"scene"`
	TargetHz          float64 `json:"target_hz"`
	VSync             bool    `json:"vsync"`
	Interp            string  `json:"interp"`
	CCD               bool    `json:"ccd"`
	StateHash         string  `json:"state_hash"`
	// Counts are the session's counters, the report's and the panel's.
	session.Counts
	// TeleportsDetected is undeclared_jumps under the name it had before
	// there were two teleport counters.
	TeleportsDetected uint64      `json:"teleports_detected"`
	Bodies            []statsBody `json:"bodies"`
	presentStats                  // present timing and input latency (shell_present.go)
}

// statsBody is a body as the report lists it, and how many steps the
// teleport detector flagged it in.
type statsBody struct {
	headless.BodyReport
	TeleportFlags uint64 `json:"teleport_flags,omitempty"`
}

// statsRecord is the -stats record of the run so far.
func (a *app) statsRecord() StatsFile {
	w, sess := a.sim.world, a.sim.sess
	counts := sess.Counts()
	mean := a.shell.runStats.RunMeanSeconds()
	out := StatsFile{
		Frames: a.shell.frameIndex, MeanFrameSeconds: mean, P99FrameSeconds: a.shell.runStats.Summary().P99Seconds,
		Ticks: sess.Tick(), DroppedSeconds: a.shell.dropped,
		Scene: a.sim.sc.Name, TargetHz: a.shell.pacer.Hz(), VSync: a.shell.vsync, Interp: a.viewer.view.Mode.String(),
		CCD: w.CCD(), StateHash: fmt.Sprintf("%016x", w.StateHash()),
		Counts: counts, TeleportsDetected: counts.UndeclaredJumps,
		presentStats: a.shell.presentStats(),
	}
	if mean > 0 {
		out.DisplayHzMeasured = 1 / mean
	}
	for i, b := range headless.BodyReports(w) {
		out.Bodies = append(out.Bodies, statsBody{BodyReport: b, TeleportFlags: sess.Teleports().Flagged(i)})
	}
	if out.Bodies == nil {
		out.Bodies = []statsBody{}
	}
	return out
}

// writeStats writes -stats at the end of the run ("-" is stdout).
func (a *app) writeStats() error {
	if a.o.Stats == "" {
		return nil
	}
	data, err := json.MarshalIndent(a.statsRecord(), "", "  ")
	if err != nil {
		return fmt.Errorf("-stats: %w", err)
	}
	data = append(data, '\n')
	if a.o.Stats == safeio.Stdout {
		_, err = os.Stdout.Write(data)
	} else {
		// Atomically: a run killed while writing leaves the previous file.
		err = safeio.WriteFile(a.o.Stats, data)
	}
	if err != nil {
		return fmt.Errorf("-stats %q: %w", a.o.Stats, err)
	}
	return nil
}
