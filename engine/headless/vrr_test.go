package headless

import (
	"math"
	"strings"
	"testing"
)

func TestParseVRR(t *testing.T) {
	v, err := ParseVRR("vrr:48-144")
	if err != nil || v != (VRR{Min: 48, Max: 144}) || v.String() != "vrr:48-144" {
		t.Fatalf("vrr:48-144: %+v, %v", v, err)
	}
	for _, bad := range []string{"vrr:144-48", "vrr:0-60", "vrr:abc", "vrr:48", "vrr:48-144-200", "vrr:-5-60", "vrr:60-60", "vrr:48-1e9", "vrr:NaN-60", "48-144"} {
		if _, err := ParseVRR(bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("%s: error %v, want one naming it", bad, err)
		}
	}
}

// TestVRRPresents is the model: a frame is presented as soon as it is
// rendered, never sooner than 1/Max after the last present, and past 1/Min
// without a new frame the display repeats the last one; only a render
// slower than 1/Min puts more than 1/Min between two new frames, and then
// a repeat was shown.
func TestVRRPresents(t *testing.T) {
	def := DisplayDef{VRR: VRR{Min: 48, Max: 144}, RenderMin: 0.005, RenderMax: 0.015, Seed: 3}
	def.Hz = def.VRR.Max
	if err := def.Validate(); err != nil {
		t.Fatal(err)
	}
	d := NewDisplay(def)
	lo, hi := 1/144.0, 1/48.0
	var short, long, clamped int
	for range 20000 {
		s := d.Next()
		render, rep := d.LastRender(), d.LastRepeats()
		if render < 0.005 || render > 0.015 {
			t.Fatalf("render %v outside 5..15 ms", render)
		}
		if s < lo-1e-12 || s > hi+1e-12 {
			t.Fatalf("frame %v s apart, outside [1/144, 1/48] for a render of %v", s, render)
		}
		if rep != 0 {
			t.Fatalf("a repeat for a render of %v s, faster than 1/48", render)
		}
		if render <= lo && s > lo+1e-12 {
			t.Fatalf("a %v s render waited %v s: should present at 1/144", render, s)
		}
		if render > lo && s != render {
			t.Fatalf("a %v s render presented after %v s: should present when ready", render, s)
		}
		switch {
		case render < lo:
			clamped++
		case s < 0.01:
			short++
		default:
			long++
		}
	}
	if clamped == 0 || short == 0 || long == 0 {
		t.Errorf("renders spread badly: %d held to 1/144, %d short, %d long", clamped, short, long)
	}
	// Slow renders: 30..50 ms, past 1/48 each time.
	def.RenderMin, def.RenderMax = 0.030, 0.050
	d = NewDisplay(def)
	for range 2000 {
		s := d.Next()
		render, rep := d.LastRender(), d.LastRepeats()
		if rep < 1 {
			t.Fatalf("a %v s render without a repeat", render)
		}
		// The repeats refresh every 1/48 s; the new frame follows its
		// render, or the last repeat's scan-out if that is later.
		last := float64(rep) * hi
		want := max(render, last+lo)
		if s < render || s-want > 1e-12 || want-s > 1e-12 {
			t.Fatalf("render %v, %d repeats: presented after %v, want %v", render, rep, s, want)
		}
		if last > render {
			t.Fatalf("a repeat at %v after the frame was ready at %v", last, render)
		}
	}
}

func TestVRRValidate(t *testing.T) {
	ok := DisplayDef{Hz: 144, VRR: VRR{Min: 48, Max: 144}, RenderMin: 0.005, RenderMax: 0.015}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		d    DisplayDef
		want string
	}{
		{DisplayDef{Hz: 144, VRR: VRR{Min: 48, Max: 144}, RenderMin: 0.015, RenderMax: 0.005}, "-render-ms"},
		{DisplayDef{Hz: 144, VRR: VRR{Min: 48, Max: 144}, RenderMin: 0, RenderMax: 0.005}, "-render-ms"},
		{DisplayDef{Hz: 144, VRR: VRR{Min: 48, Max: 144}, RenderMin: 0.005, RenderMax: 100}, "-render-ms"},
		{DisplayDef{Hz: 144, VRR: VRR{Min: 48, Max: 144}, RenderMin: 0.005, RenderMax: 0.015, Jitter: 0.1}, "-jitter"},
	} {
		if err := c.d.Validate(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error naming %s", c.d, err, c.want)
		}
	}
}

// A frame-time trace gives the render times, cycled; a trace frame that is
// no render time (over a minute) is refused by its number.
func TestVRRRenderTrace(t *testing.T) {
	tr := []float64{0.004, 0.010, 0.030}
	def := DisplayDef{Hz: 144, VRR: VRR{Min: 48, Max: 144}, RenderTrace: tr}
	if err := def.Validate(); err != nil {
		t.Fatal(err)
	}
	d := NewDisplay(def)
	want := []float64{1 / 144.0, 0.010, 0.030, 1 / 144.0, 0.010}
	for i, w := range want {
		if s := d.Next(); math.Abs(s-w) > 1e-12 || d.LastRender() != tr[i%3] {
			t.Fatalf("frame %d: %v s after the last for a render of %v, want %v", i+1, s, d.LastRender(), w)
		}
	}
	if d.Repeats() != 1 {
		t.Errorf("%d repeats, want 1 (the 30 ms render)", d.Repeats())
	}
	def.RenderTrace = []float64{0.01, 100}
	if err := def.Validate(); err == nil || !strings.Contains(err.Error(), "-frames-from: frame 2") {
		t.Errorf("a 100 s frame: %v", err)
	}
	if err := (DisplayDef{Hz: 60, RenderTrace: tr}).Validate(); err == nil || !strings.HasPrefix(err.Error(), "-frames-from") {
		t.Errorf("a trace on a fixed display: %v", err)
	}
}
