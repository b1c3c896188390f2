package headless

import (
	"fmt"
	"math"
)

// Run-length bounds: a mistyped -seconds 1e300, -ticks 2^64-1 or a display
// that needs 10^12 frames is refused before anything runs rather than left
// running for ever (README, "Limits"). 10^8 ticks is 19 days of simulated
// time at 60 Hz; 10^8 frames of a one-body scene take about a minute.
const (
	MaxSeconds = 1e7
	MaxTicks   = 100_000_000
	MaxFrames  = 100_000_000
)

// checkWork estimates the frames and ticks the run asks for and refuses it
// beyond MaxFrames or MaxTicks. The estimate is nominal: jitter averages out
// over a run, hitch frames count at their own length, and in a -ticks run a
// frame advances the simulation by at most the loop's clamp and step cap, as
// the loop itself does. It is an estimate rather than a count because the
// only exact count is the run itself.
func (o *Options) checkWork() error {
	cfg := o.Scene.LoopConfig()
	d := o.Display
	if o.Ticks == 0 {
		frames := o.Seconds / d.meanFrameSeconds()
		if frames > MaxFrames {
			return fmt.Errorf("-seconds %v at -display-hz %v: about %.3g display frames, more than the limit of %g (lower -seconds or the display rate)",
				o.Seconds, d.Hz, frames, float64(MaxFrames))
		}
		ticks := min(o.Seconds/cfg.StepSeconds, math.Ceil(frames)*float64(cfg.MaxStepsPerFrame))
		if ticks > MaxTicks {
			return fmt.Errorf("-seconds %v: about %.3g physics ticks at %g Hz, more than the limit of %d", o.Seconds, ticks, 1/cfg.StepSeconds, MaxTicks)
		}
		return nil
	}
	frames := o.framesFor(o.Ticks)
	if frames > MaxFrames {
		return fmt.Errorf("-ticks %d at -display-hz %v: about %.3g display frames, more than the limit of %g (lower -ticks or the display rate)",
			o.Ticks, d.Hz, frames, float64(MaxFrames))
	}
	return nil
}

// framesFor is about how many display frames ticks take on o's display.
func (o *Options) framesFor(ticks uint64) float64 {
	cfg := o.Scene.LoopConfig()
	d := o.Display
	// Simulated time one frame can add: its own length, clamped, and no more
	// than the steps the loop may run in one frame.
	advance := func(s float64) float64 {
		if cfg.MaxFrameSeconds > 0 {
			s = min(s, cfg.MaxFrameSeconds)
		}
		return min(s, float64(cfg.MaxStepsPerFrame)*cfg.StepSeconds)
	}
	perFrame := advance(1 / d.Hz)
	if d.HitchEvery > 0 {
		n := float64(d.HitchEvery)
		perFrame = ((n-1)*perFrame + advance(d.HitchSeconds)) / n
	}
	return float64(ticks) * cfg.StepSeconds / perFrame
}
