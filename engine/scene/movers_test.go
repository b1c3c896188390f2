package scene

import (
	"math"
	"strings"
	"testing"

	"sandbox/engine/physics"
)

// The elevator scene's stack rides the lift through six cycles (60 s):
// every box still on the platform, in order, none fallen off.
func TestElevatorStackSurvives(t *testing.T) {
	s, err := Builtin("elevator")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Movers) != 3 {
		t.Fatalf("%d movers, want the lift, the pusher and the paddle", len(s.Movers))
	}
	w, err := s.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := s.NewScript(w)
	var buf []physics.Input
	lift := -1
	for i := 0; i < w.NumMovers(); i++ {
		if w.Mover(i).Name == "lift" {
			lift = i
		}
	}
	dt := s.StepSeconds()
	for tick := 0; tick < 60*60; tick++ {
		buf = sc.InputsFor(uint64(tick), buf[:0])
		w.Step(dt, buf)
		if tick%60 != 59 {
			continue
		}
		m := w.Mover(lift)
		top := m.Curr.Center[1] + m.Half[1]
		for i := 0; i < 10; i++ {
			b := w.Body(i)
			if !strings.HasPrefix(b.Name, "stack-") {
				t.Fatalf("body %d is %q", i, b.Name)
			}
			c := b.Curr.Center
			want := top + 0.4 + float64(i)*0.8
			if math.Abs(c[0]) > 1.1 || math.Abs(c[2]) > 1.1 || math.Abs(c[1]-want) > 0.05 {
				t.Fatalf("tick %d: %s at %v, want about (0, %.2f, 0) on the lift", tick+1, b.Name, c, want)
			}
		}
	}
	// The pusher swept the ledge boxes off, and the paddle batted shots.
	off := 0
	for i := 0; i < w.NumBodies(); i++ {
		if b := w.Body(i); strings.HasPrefix(b.Name, "ledge-box-") && b.Curr.Center[1] < 0.6 {
			off++
		}
	}
	if off == 0 {
		t.Error("no ledge box was pushed off the ledge")
	}
}

// A bad mover is refused with one line naming the file and the field.
func TestMoversRefused(t *testing.T) {
	base := `{"version": 1, "statics": [], "bodies": [], "movers": [%s]}`
	for _, c := range []struct{ mover, want string }{
		{`{"name": "m", "center": [0, 0, 0], "half": [1, 0, 1], "path": {"kind": "spin", "angular_velocity": [0, 1, 0]}}`, "m.json: movers[0].half: [1 0 1]: every half extent"},
		{`{"name": "m", "center": [0, 0, 0], "half": [1, 1, 1], "path": {"kind": "hop"}}`, `m.json: movers[0].path.kind: "hop": a path's kind must be`},
		{`{"name": "m", "center": [0, 0, 0], "half": [1, 1, 1], "path": {"kind": "line", "axis": [0, 0, 0], "amplitude": 1, "period": 1}}`, "movers[0].path.axis: [0 0 0]: an axis must not be zero"},
		{`{"name": "m", "center": [0, 0, 0], "half": [1, 1, 1], "path": {"kind": "elevator", "height": 1, "rise": 0, "wait": 1}}`, "movers[0].path.rise: 0: must be a duration in (0,"},
		{`{"name": "m", "center": [0, 0, 0], "half": [1, 1, 1], "path": {"kind": "elevator", "height": 1, "rise": 1}}`, `movers[0].path.wait: (missing): an elevator path needs a "wait" field`},
		{`{"name": "m", "center": [0, 0, 0], "half": [1, 1, 1], "path": {"kind": "circle", "axis": [0, 1, 0], "radius": 1, "period": 2, "amplitude": 1}}`, "movers[0].path.amplitude: 1: unknown field in a circle path"},
		{`{"name": "m", "center": [0, 0, 0], "half": [1, 1, 1], "speed": 2, "path": {"kind": "spin", "angular_velocity": [0, 1, 0]}}`, "movers[0].speed: 2: unknown field in a mover"},
	} {
		_, err := Parse("m.json", []byte(strings.Replace(base, "%s", c.mover, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("got %v\nwant one line containing %q", err, c.want)
		}
	}
}

// A scene of more than MaxMovers movers is refused before any is read.
func TestMoversLimit(t *testing.T) {
	var items []string
	for i := 0; i <= MaxMovers; i++ {
		items = append(items, `{"name": "m`+strings.Repeat("x", i)+`", "center": [0, 0, 0], "half": [1, 1, 1], "path": {"kind": "spin", "angular_velocity": [0, 1, 0]}}`)
	}
	_, err := Parse("m.json", []byte(`{"version": 1, "statics": [], "bodies": [], "movers": [`+strings.Join(items, ",")+`]}`))
	if err == nil || !strings.Contains(err.Error(), "movers") || !strings.Contains(err.Error(), "limit") {
		t.Errorf("got %v, want the movers limit", err)
	}
}
