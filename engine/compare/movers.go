package compare

import (
	"bytes"
	"fmt"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// The movers experiment (-movers, docs/movers.md): the scene run at every
// display rate with its movers moved the chosen way, step (by tick, in the
// step) or per-frame (by display time, once per frame: the anti-pattern).
// It does not stop on a hash difference, which is what per-frame shows:
// the first tick whose state differs between the rates, and per rate the
// frames that draw a body resting on a mover more than 1 mm off it
// (headless.MoverMeter, bodies and movers drawn with lerp). The
// interpolation runs keep the movers on the step whatever the mode, so
// their hashes still check everything else.

// MoversResult is report.json's "movers".
type MoversResult struct {
	Mode             string `json:"mode"`
	EqualAcrossRates bool   `json:"equal_across_rates"`
	// FirstDivergentTick is the first tick after which some rate's state
	// hash differs from the first rate's (null when they never differ).
	FirstDivergentTick *uint64     `json:"first_divergent_tick"`
	Rates              []MoverRate `json:"rates"`
}

// MoverRate is one display rate of the movers experiment.
type MoverRate struct {
	DisplayHz float64 `json:"display_hz"`
	// MisalignedFrames counts the frames that draw a body resting on a
	// mover more than 1 mm further into it or apart from it than the
	// physics has it; RiderFrames the frames with a body resting on one.
	MisalignedFrames uint64  `json:"misaligned_frames"`
	RiderFrames      uint64  `json:"rider_frames"`
	WorstMetres      float64 `json:"worst_m"`
	StateHash        string  `json:"state_hash"`
}

// runMovers runs the movers experiment; nil when the scene has no movers.
func runMovers(c *Config) (*MoversResult, error) {
	if len(c.Scene.Movers) == 0 {
		return nil, nil
	}
	res := &MoversResult{Mode: session.MoverModeName(c.MoversPerFrame), EqualAcrossRates: true}
	var first []uint64 // the first rate's hash after every tick
	for k, hz := range c.Rates {
		sess, err := session.New(session.Options{Scene: c.Scene, StopTick: c.Ticks, MoversPerFrame: c.MoversPerFrame})
		if err != nil {
			return nil, err
		}
		var hashes []uint64
		sess.Observe(func(w *physics.World) { hashes = append(hashes, w.StateHash()) })
		meter := &headless.MoverMeter{Mode: interp.Lerp}
		rep, err := headless.RunSession(sess, headless.Options{
			Scene: c.Scene, Display: c.display(hz), Ticks: c.Ticks, Interp: interp.Lerp, Interrupted: c.Interrupted,
			OnFrame: func(f *session.Frame, _ float64) error {
				meter.Frame(sess.World(), f.Alpha, sess.StepSeconds())
				return nil
			},
		})
		if err != nil {
			return nil, fmt.Errorf("movers, %g Hz: %w", hz, err)
		}
		res.Rates = append(res.Rates, MoverRate{DisplayHz: hz, MisalignedFrames: meter.Misaligned, RiderFrames: meter.Frames,
			WorstMetres: meter.Worst, StateHash: rep.StateHash})
		if k == 0 {
			first = hashes
			continue
		}
		for t := 0; t < min(len(first), len(hashes)); t++ {
			if first[t] != hashes[t] {
				res.EqualAcrossRates = false
				tick := uint64(t + 1)
				if res.FirstDivergentTick == nil || tick < *res.FirstDivergentTick {
					res.FirstDivergentTick = &tick
				}
				break
			}
		}
	}
	return res, nil
}

// moversMarkdown is report.md's movers section.
func (r *Result) moversMarkdown(b *bytes.Buffer) {
	m := r.Movers
	if m == nil {
		return
	}
	fmt.Fprintf(b, "## Movers (-movers %s)\n\n", m.Mode)
	if m.EqualAcrossRates {
		b.WriteString("The state is the same bits at every display rate.\n\n")
	} else {
		fmt.Fprintf(b, "**The state depends on the display rate**: the hashes first differ after tick %d.\n\n", *m.FirstDivergentTick)
	}
	b.WriteString("| display Hz | misaligned frames | frames with a rider | worst m | state hash |\n|---|---|---|---|---|\n")
	for _, x := range m.Rates {
		fmt.Fprintf(b, "| %g | %d | %d | %s | %s |\n", x.DisplayHz, x.MisalignedFrames, x.RiderFrames, fig(x.WorstMetres), x.StateHash)
	}
	b.WriteString("\nA misaligned frame draws a body resting on a mover more than 1 mm further into it or apart from it than the physics has it (lerp). See docs/movers.md.\n\n")
}
