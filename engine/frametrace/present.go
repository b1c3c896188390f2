package frametrace

import (
	"fmt"
	"math"
	"strconv"

	"sandbox/engine/frames"
	"sandbox/internal/report"
)

// MaxSwapTime bounds a trace's swap_time, s (a frame clock running for a
// year); under it every swap time converts to whole nanoseconds exactly.
const MaxSwapTime = 3.2e7

// Swap is one frame of a window trace as presented: whether it was
// (a minimised window presents nothing), the frame clock when SwapBuffers
// returned, s, and the rate the present was asked for, Hz (0 = none).
type Swap struct {
	Presented bool
	Seconds   float64
	TargetHz  float64
}

func checkSwap(t *float64, hz float64) (Swap, error) {
	if !(hz >= 0) || math.IsInf(hz, 0) {
		return Swap{}, fmt.Errorf("present_target_hz %v: must be finite and >= 0", hz)
	}
	if t == nil {
		return Swap{}, nil
	}
	if !(*t >= 0 && *t <= MaxSwapTime) {
		return Swap{}, fmt.Errorf("swap_time %v: must be in [0, %g] s", *t, float64(MaxSwapTime))
	}
	return Swap{Presented: true, Seconds: *t, TargetHz: hz}, nil
}

// Presents summarises a window trace's swaps as the window's -stats does
// (frames.PresentTiming over the last frames.RunPresentIntervals
// intervals, each judged by the rate its frame asked for; a frame not
// presented breaks the chain); nil when the trace has no swaps.
func Presents(swaps []Swap) *frames.PresentSummary {
	if len(swaps) == 0 {
		return nil
	}
	p := frames.NewPresentTiming(frames.RunPresentIntervals)
	for _, s := range swaps {
		if !s.Presented {
			p.Restart()
			continue
		}
		// The window measured whole nanoseconds; a trace's seconds turn
		// back into the same ones, so the figures come out the same.
		p.Swap(int64(math.Round(s.Seconds*1e9)), s.TargetHz)
	}
	sum := p.Summary()
	return &sum
}

// presentMarkdown is frames.md's section on the window traces' presents;
// "" when no trace has swap times.
func presentMarkdown(r *Report) string {
	t := report.Table{
		Header: []string{"trace", "asked Hz", "measured Hz", "deviation p50 ms", "deviation p99 ms", "missed", "intervals"},
		Right:  []int{1, 2, 3, 4, 5, 6},
	}
	for _, tr := range r.Traces {
		if p := tr.Present; p != nil {
			asked := "none"
			if p.TargetHz > 0 {
				asked = fmt.Sprintf("%g", p.TargetHz)
			}
			t.Add(tr.Name, asked, fmt.Sprintf("%.2f", p.MeasuredHz), fmt.Sprintf("%.3f", p.DeviationP50Ms),
				fmt.Sprintf("%.3f", p.DeviationP99Ms), strconv.Itoa(p.Missed), strconv.Itoa(p.Intervals))
		}
	}
	if len(t.Rows) == 0 {
		return ""
	}
	return "\n## Presents (window traces)\n\n" + t.String() +
		fmt.Sprintf("\nFrom the swap times of the window's trace: the intervals between returns of SwapBuffers. "+
			"Asked is the rate of the newest frame (the pacer's, or the monitor's with vsync); deviation is |interval - 1/asked| "+
			"(with nothing asked, the mean interval), missed counts intervals longer than %g periods.\n", frames.MissFactor)
}
