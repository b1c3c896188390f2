package headless

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// VRR is a variable-refresh display's range (G-Sync, FreeSync): it presents
// a frame as soon as it is rendered, but not sooner than 1/Max after the
// last present, and repeats the last frame when 1/Min passes without a new
// one. The zero VRR is a fixed-rate display.
type VRR struct{ Min, Max float64 }

// On reports whether v is a variable-refresh range rather than none.
func (v VRR) On() bool { return v.Max > 0 }

// String is the flag spelling, vrr:MIN-MAX.
func (v VRR) String() string {
	return "vrr:" + strconv.FormatFloat(v.Min, 'g', -1, 64) + "-" + strconv.FormatFloat(v.Max, 'g', -1, 64)
}

// ParseVRR reads vrr:MIN-MAX (Hz, MIN < MAX, both in the simulated
// display's range); the error quotes s.
func ParseVRR(s string) (VRR, error) {
	body, ok := strings.CutPrefix(s, "vrr:")
	lo, hi, ok2 := strings.Cut(body, "-")
	if !ok || !ok2 {
		return VRR{}, fmt.Errorf("%q: want vrr:MIN-MAX in Hz, e.g. vrr:48-144", s)
	}
	v := VRR{}
	var err1, err2 error
	v.Min, err1 = strconv.ParseFloat(lo, 64)
	v.Max, err2 = strconv.ParseFloat(hi, 64)
	if err1 != nil || err2 != nil || math.IsNaN(v.Min) || math.IsNaN(v.Max) {
		return VRR{}, fmt.Errorf("%q: want vrr:MIN-MAX in Hz, e.g. vrr:48-144", s)
	}
	if !(v.Min >= MinDisplayHz && v.Max <= MaxDisplayHz) {
		return VRR{}, fmt.Errorf("%q: MIN and MAX must be rates in %g..%g Hz", s, MinDisplayHz, float64(MaxDisplayHz))
	}
	if !(v.Min < v.Max) {
		return VRR{}, fmt.Errorf("%q: MIN must be below MAX", s)
	}
	return v, nil
}

// Render cost bounds of a VRR display's frames, s: under a microsecond is
// no render, over MaxHitchSeconds only ever clamped.
const (
	MinRenderSeconds = 1e-6
	MaxRenderSeconds = MaxHitchSeconds
)

// validateVRR checks a VRR display's fields (d.VRR.On()).
func (d DisplayDef) validateVRR() error {
	if _, err := ParseVRR(d.VRR.String()); err != nil {
		return fmt.Errorf("-display %v", err)
	}
	if d.RenderTrace != nil {
		if len(d.RenderTrace) == 0 {
			return fmt.Errorf("-frames-from: the trace has no frames")
		}
		for i, s := range d.RenderTrace {
			if !(s >= MinRenderSeconds && s <= MaxRenderSeconds) {
				return fmt.Errorf("-frames-from: frame %d lasts %v s; as a render time it must be in %g..%g s", i+1, s, MinRenderSeconds, float64(MaxRenderSeconds))
			}
		}
	} else if !(d.RenderMin >= MinRenderSeconds && d.RenderMin <= d.RenderMax && d.RenderMax <= MaxRenderSeconds) {
		return fmt.Errorf("-render-ms %g-%g: want MIN-MAX, 0.001 <= MIN <= MAX <= %g ms", 1000*d.RenderMin, 1000*d.RenderMax, 1000*float64(MaxRenderSeconds))
	}
	if d.Jitter != 0 {
		return fmt.Errorf("-jitter %v: a VRR display's frame times follow its render times (-render-ms), not -jitter", d.Jitter)
	}
	return nil
}

// vrrNext is the VRR display's next frame: render is its render time
// counted from the last present. The panel refreshes the old frame every
// 1/Min until the new one is ready, and cannot scan out again sooner than
// 1/Max after any refresh.
func (d *Display) vrrNext(render float64) float64 {
	v := d.def.VRR
	last, repeats := 0.0, 0 // the last scan-out, from the last present
	for render > last+1/v.Min {
		last += 1 / v.Min
		repeats++
	}
	d.lastRender, d.lastRepeats = render, repeats
	d.repeats += uint64(repeats)
	return max(render, last+1/v.Max)
}

// LastRender is the render time of the frame Next last returned, s (VRR
// displays only).
func (d *Display) LastRender() float64 { return d.lastRender }

// LastRepeats is how many times a VRR display repeated the old frame while
// the frame Next last returned rendered.
func (d *Display) LastRepeats() int { return d.lastRepeats }

// Repeats is how many repeated frames a VRR display has shown so far.
func (d *Display) Repeats() uint64 { return d.repeats }

// renderMs is the shortest and longest render time, ms: the range, or the
// trace's.
func (d DisplayDef) renderMs() *[2]float64 {
	if len(d.RenderTrace) == 0 {
		return &[2]float64{1000 * d.RenderMin, 1000 * d.RenderMax}
	}
	lo, hi := math.Inf(1), 0.0
	for _, s := range d.RenderTrace {
		lo, hi = min(lo, s), max(hi, s)
	}
	return &[2]float64{1000 * lo, 1000 * hi}
}
