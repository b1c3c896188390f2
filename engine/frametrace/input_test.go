package frametrace

import (
	"math"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	data := `{"frame":1,"time":0.0167,"frame_seconds":0.0166,"steps":1,"bodies":{"a":{"center":[0,1,0]}}}

{"frame_seconds":0.25,"other":"ignored"}
{"frame_seconds":0}`
	got, err := Parse([]byte(data))
	if err != nil || len(got) != 3 || got[0] != 0.0166 || got[1] != 0.25 || got[2] != 0 {
		t.Fatalf("Parse = %v, %v", got, err)
	}
	bad := []struct{ data, want string }{
		{"", "no frames"},
		{`{"frame_seconds":0.1}` + "\n" + `{"frame_seconds":-1}`, "line 2"},
		{`{"frame_seconds":null}`, "line 1"},
		{`{"frame":1}`, "frame_seconds"},
		{`{"frame_seconds":0.1}` + "\nnot json", "line 2"},
		{`{"frame_seconds":1e999}`, "line 1"},
		// Finite, but a sum of two is not: refused at its line.
		{`{"frame_seconds":0.1}` + "\n" + `{"frame_seconds":1e308}`, "line 2: frame_seconds 1e+308"},
		{strings.Repeat(" ", MaxTraceLineBytes+1), "line 1: longer than"},
	}
	for _, c := range bad {
		if _, err := Parse([]byte(c.data)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error naming %q", c.data, err, c.want)
		}
	}
}

func TestSyntheticShapes(t *testing.T) {
	def := SyntheticDef{Seconds: 10, Jitter: 0.1, Seed: 1}
	count := func(tr []float64, f float64) int {
		n := 0
		for _, d := range tr {
			if math.Abs(d-f) < 1e-12 {
				n++
			}
		}
		return n
	}
	stall, _ := Synthetic("stall", def)
	bg, _ := Synthetic("background", def)
	hitches, _ := Synthetic("hitches", def)
	miss, _ := Synthetic("vsync-miss", def)
	if len(stall) != 600 || count(stall, StallSeconds) != 1 || count(stall, h60) != 599 {
		t.Errorf("stall: %d frames, %d stalls", len(stall), count(stall, StallSeconds))
	}
	if count(bg, BackgroundSeconds) != 1 || count(bg, h60) != 599 {
		t.Errorf("background: %d long frames", count(bg, BackgroundSeconds))
	}
	if count(hitches, HitchSeconds) != 20 || hitches[HitchEvery-1] != HitchSeconds {
		t.Errorf("hitches: %d hitch frames, want 20 (every %dth)", count(hitches, HitchSeconds), HitchEvery)
	}
	if count(miss, 2*h60) != 85 || miss[6] != 2*h60 || miss[5] != h60 {
		t.Errorf("vsync-miss: %d doubled frames, want every 7th of 600", count(miss, 2*h60))
	}
	for _, k := range []struct {
		kind string
		hz   float64
	}{{"60hz", 60}, {"144hz", 144}, {"240hz", 240}} {
		a, _ := Synthetic(k.kind, def)
		b, _ := Synthetic(k.kind, def)
		other, _ := Synthetic(k.kind, SyntheticDef{Seconds: 10, Jitter: 0.1, Seed: 2})
		if len(a) != int(10*k.hz) {
			t.Errorf("%s: %d frames", k.kind, len(a))
		}
		for i := range a {
			if a[i] != b[i] || math.Abs(a[i]*k.hz-1) > 0.1+1e-12 {
				t.Fatalf("%s frame %d: %v (again %v), want within 10%% of 1/%g, the same each time", k.kind, i, a[i], b[i], k.hz)
			}
		}
		if a[0] == other[0] && a[1] == other[1] {
			t.Errorf("%s: seed 2 gave seed 1's jitter", k.kind)
		}
	}
	if _, err := Synthetic("30hz", def); err == nil {
		t.Error("unknown kind accepted")
	}
}
