package headless

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

func mustScene(t testing.TB, name string) *scene.Scene {
	t.Helper()
	sc, err := scene.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func mustRun(t testing.TB, o Options) *Report {
	t.Helper()
	rep, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestDropCubeRestsAtHalfAMetre(t *testing.T) {
	rep := mustRun(t, Options{Scene: mustScene(t, "drop"), Display: DisplayDef{Hz: 60}, Ticks: 120})
	if rep.Ticks != 120 {
		t.Fatalf("ticks = %d, want 120", rep.Ticks)
	}
	y := rep.Bodies[0].Center[1]
	if math.Abs(y-0.5) > 1e-3 {
		t.Fatalf("cube centre y = %.6f after 120 ticks, want 0.5 within 1 mm", y)
	}
}

func TestStateHashIndependentOfDisplay(t *testing.T) {
	displays := []DisplayDef{
		{Hz: 60},
		{Hz: 144, Jitter: 0.3, Seed: 7},
		{Hz: 30, Jitter: 0.5, Seed: 3, HitchEvery: 17, HitchSeconds: 0.05},
		{Hz: 240, Jitter: 0.9, Seed: 11},
	}
	for _, name := range []string{"drop", "teleport", "range"} {
		var want string
		for i, d := range displays {
			rep := mustRun(t, Options{Scene: mustScene(t, name), Display: d, Ticks: 150})
			if rep.Ticks != 150 {
				t.Fatalf("%s at %+v: ticks = %d, want 150", name, d, rep.Ticks)
			}
			if rep.DroppedSeconds != 0 {
				t.Fatalf("%s at %+v dropped %v s; the comparison needs runs that drop nothing", name, d, rep.DroppedSeconds)
			}
			if i == 0 {
				want = rep.StateHash
			} else if rep.StateHash != want {
				t.Fatalf("%s: state hash %s at %+v, want %s as at 60 Hz", name, rep.StateHash, d, want)
			}
		}
	}
}

func TestSameSeedSameFrames(t *testing.T) {
	a, b := NewDisplay(DisplayDef{Hz: 60, Jitter: 0.5, Seed: 42}), NewDisplay(DisplayDef{Hz: 60, Jitter: 0.5, Seed: 42})
	c := NewDisplay(DisplayDef{Hz: 60, Jitter: 0.5, Seed: 43})
	differ := false
	for i := 0; i < 1000; i++ {
		x, y, z := a.Next(), b.Next(), c.Next()
		if x != y {
			t.Fatalf("frame %d: same seed gave %v and %v", i, x, y)
		}
		if x < 0.5/60 || x > 1.5/60 {
			t.Fatalf("frame %d lasts %v s, outside (1 +- 0.5)/60", i, x)
		}
		differ = differ || x != z
	}
	if !differ {
		t.Fatal("seeds 42 and 43 gave the same frames")
	}
}

func TestHitchFrames(t *testing.T) {
	d := NewDisplay(DisplayDef{Hz: 100, HitchEvery: 4, HitchSeconds: 0.2})
	for i := 1; i <= 12; i++ {
		got, want := d.Next(), 0.01
		if i%4 == 0 {
			want = 0.2
		}
		if got != want {
			t.Fatalf("frame %d: %v s, want %v", i, got, want)
		}
	}
}

func TestTicksEndsExactlyWithAlphaZero(t *testing.T) {
	for _, hz := range []float64{1, 7, 59, 144, 1000} {
		var trace bytes.Buffer
		rep := mustRun(t, Options{Scene: mustScene(t, "teleport"), Display: DisplayDef{Hz: hz, Jitter: 0.2, Seed: 5}, Ticks: 97, Trace: &trace})
		if rep.Ticks != 97 {
			t.Fatalf("%v Hz: ticks = %d, want 97", hz, rep.Ticks)
		}
		lines := strings.Split(strings.TrimSpace(trace.String()), "\n")
		if uint64(len(lines)) != rep.Frames {
			t.Fatalf("%v Hz: %d trace lines for %d frames", hz, len(lines), rep.Frames)
		}
		var last struct {
			Alpha float64 `json:"alpha"`
			Tick  uint64  `json:"tick"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
			t.Fatal(err)
		}
		if last.Tick != 97 || last.Alpha != 0 {
			t.Fatalf("%v Hz: last frame tick %d alpha %v, want 97 and 0", hz, last.Tick, last.Alpha)
		}
	}
}

// The trace draws each body exactly where interp would: a session stepped
// on the same simulated display, frame by frame, gives every trace line's
// poses bit for bit; lerp poses lie on the segment from prev to curr, and
// a body teleported in the frame's last step is drawn at curr.
func TestTraceMatchesInterpolation(t *testing.T) {
	display := DisplayDef{Hz: 144, Jitter: 0.3, Seed: 4}
	for _, mode := range []interp.Mode{interp.Lerp, interp.Off, interp.Slerp, interp.Extrapolate} {
		var trace bytes.Buffer
		mustRun(t, Options{Scene: mustScene(t, "teleport"), Display: display, Ticks: 200, Interp: mode, Trace: &trace})
		s, err := session.New(session.Options{Scene: mustScene(t, "teleport"), StopTick: 200})
		if err != nil {
			t.Fatal(err)
		}
		d := NewDisplay(display)
		lines := bufio.NewScanner(&trace)
		lines.Buffer(make([]byte, 1<<20), 1<<20)
		frames, blended, teleports := 0, 0, 0
		for lines.Scan() {
			var line struct {
				Frame  uint64  `json:"frame"`
				Alpha  float64 `json:"alpha"`
				Tick   uint64  `json:"tick"`
				Bodies map[string]struct {
					Center      [3]float64 `json:"center"`
					Orientation [4]float64 `json:"orientation"`
				} `json:"bodies"`
			}
			if err := json.Unmarshal(lines.Bytes(), &line); err != nil {
				t.Fatalf("%s: trace line %d: %v", mode, frames+1, err)
			}
			frames++
			f, err := s.Advance(d.Next())
			if err != nil {
				t.Fatal(err)
			}
			if line.Frame != uint64(frames) || line.Tick != f.Tick || line.Alpha != f.Alpha {
				t.Fatalf("%s: trace frame %d: frame %d tick %d alpha %v; the session has tick %d alpha %v",
					mode, frames, line.Frame, line.Tick, line.Alpha, f.Tick, f.Alpha)
			}
			w := s.World()
			if len(line.Bodies) != w.NumBodies() {
				t.Fatalf("%s: frame %d has %d bodies, the world %d", mode, frames, len(line.Bodies), w.NumBodies())
			}
			for i := 0; i < w.NumBodies(); i++ {
				b := w.Body(i)
				want := interp.BodyPose(mode, b, f.Alpha, s.StepSeconds())
				got, ok := line.Bodies[b.Name]
				q := want.Orientation
				if !ok || got.Center != [3]float64(want.Center) || got.Orientation != [4]float64{q.W, q.V[0], q.V[1], q.V[2]} {
					t.Fatalf("%s: frame %d: %s drawn at %v %v, interp gives %v %v", mode, frames, b.Name, got.Center, got.Orientation, want.Center, q)
				}
				if b.Teleported {
					teleports++
					if got.Center != [3]float64(b.Curr.Center) {
						t.Fatalf("%s: frame %d: teleported %s drawn at %v, not at curr %v", mode, frames, b.Name, got.Center, b.Curr.Center)
					}
					continue
				}
				if mode == interp.Lerp {
					p, c, g := b.Prev.Center, b.Curr.Center, want.Center
					if g.Sub(p).Len()+g.Sub(c).Len() > c.Sub(p).Len()+1e-12 {
						t.Fatalf("frame %d: %s drawn at %v, off the segment from %v to %v", frames, b.Name, g, p, c)
					}
					if g != c && g != p {
						blended++
					}
				}
			}
		}
		if mode == interp.Lerp && (blended < frames/2 || teleports == 0) {
			t.Fatalf("lerp at 144 Hz: %d of %d frames blended, %d teleported frames: the test saw too little", blended, frames, teleports)
		}
	}
}

func TestOptionsRefused(t *testing.T) {
	sc := mustScene(t, "drop")
	bad := []struct {
		o    Options
		flag string
	}{
		{Options{Scene: sc, Display: DisplayDef{Hz: 0}, Ticks: 1}, "-display-hz"},
		{Options{Scene: sc, Display: DisplayDef{Hz: math.Inf(1)}, Ticks: 1}, "-display-hz"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, Jitter: 1}, Ticks: 1}, "-jitter"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, Jitter: -0.1}, Ticks: 1}, "-jitter"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, HitchEvery: -1}, Ticks: 1}, "-hitch-every"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60, HitchEvery: 3}, Ticks: 1}, "-hitch-seconds"},
		{Options{Scene: sc, Display: DisplayDef{Hz: 60}, Seconds: 0}, "-seconds"},
	}
	for _, c := range bad {
		_, err := Run(c.o)
		if err == nil || !strings.Contains(err.Error(), c.flag) {
			t.Errorf("%+v: error %v, want one naming %s", c.o.Display, err, c.flag)
		}
	}
}

func BenchmarkHeadlessRange(b *testing.B) {
	sc := mustScene(b, "range")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		mustRun(b, Options{Scene: sc, Display: DisplayDef{Hz: 144, Jitter: 0.3}, Ticks: 600})
	}
}

func TestSecondsRunsWholeFrames(t *testing.T) {
	rep := mustRun(t, Options{Scene: mustScene(t, "drop"), Display: DisplayDef{Hz: 60}, Seconds: 5})
	if rep.Frames != 300 || rep.Ticks != 300 {
		t.Fatalf("5 s at 60 Hz: %d frames, %d ticks; want 300 and 300", rep.Frames, rep.Ticks)
	}
}

func TestAppendJSONStringRoundTrips(t *testing.T) {
	for _, name := range []string{"crate-1", `quote"back\slash`, "ctl\x01\x1f\ttab\nline", "ünï\u2028code", "del\x7f"} {
		var got string
		if err := json.Unmarshal(appendJSONString(nil, name), &got); err != nil || got != name {
			t.Fatalf("%q: round trip gave %q, %v", name, got, err)
		}
	}
}
