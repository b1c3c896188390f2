package headless

import (
	"math"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// moverRun runs the elevator scene for ticks at display hz with the
// movers per frame or per step, and returns its meter and final hash, and
// how many of the stack's ten boxes are still stacked on the lift.
func moverRun(t *testing.T, hz float64, perFrame bool, ticks uint64) (*MoverMeter, string, int) {
	t.Helper()
	sc, err := scene.Builtin("elevator")
	if err != nil {
		t.Fatal(err)
	}
	meter := &MoverMeter{Mode: interp.Lerp}
	var sess *session.Session
	o := Options{Scene: sc, Display: DisplayDef{Hz: hz}, Ticks: ticks, Interp: interp.Lerp, MoversPerFrame: perFrame,
		OnFrame: func(f *session.Frame, _ float64) error {
			meter.Frame(sess.World(), f.Alpha, sess.StepSeconds())
			return nil
		}}
	sess, err = session.New(session.Options{Scene: sc, StopTick: ticks, MoversPerFrame: perFrame})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := RunSession(sess, o)
	if err != nil {
		t.Fatal(err)
	}
	w := sess.World()
	lift := w.Mover(0)
	if lift.Name != "lift" {
		t.Fatalf("mover 0 is %q", lift.Name)
	}
	stacked := 0
	for i := 0; i < 10; i++ {
		c := w.Body(i).Curr.Center
		want := lift.Curr.Center[1] + lift.Half[1] + 0.4 + 0.8*float64(i)
		if math.Abs(c[0]-lift.Curr.Center[0]) < 1 && math.Abs(c[2]-lift.Curr.Center[2]) < 1 && math.Abs(c[1]-want) < 0.05 {
			stacked++
		}
	}
	return meter, rep.StateHash, stacked
}

// On the step, the stack on the elevator is drawn on it in every frame at
// 30, 60 and 144 Hz and the state is the same bits at every rate; per
// frame, the 144 Hz display draws it into or off the platform and the
// state depends on the display.
func TestMoversStepVersusPerFrame(t *testing.T) {
	const ticks = 60 * 60
	var want string
	for _, hz := range []float64{30, 60, 144} {
		m, h, stacked := moverRun(t, hz, false, ticks)
		t.Logf("step %g Hz: %d/%d misaligned, worst %.5f m, hash %s", hz, m.Misaligned, m.Frames, m.Worst, h)
		if stacked != 10 {
			t.Errorf("step, %g Hz: %d of the 10 boxes still stacked on the lift after 60 s", hz, stacked)
		}
		if m.Frames == 0 {
			t.Fatalf("%g Hz: no frame had a body resting on a mover", hz)
		}
		if m.Misaligned != 0 {
			t.Errorf("step, %g Hz: %d misaligned frames (worst %.4f m), want 0", hz, m.Misaligned, m.Worst)
		}
		if want == "" {
			want = h
		} else if h != want {
			t.Errorf("step, %g Hz: state hash %s, at 30 Hz %s", hz, h, want)
		}
	}
	m, h, stacked := moverRun(t, 144, true, ticks)
	t.Logf("per-frame 144 Hz: %d/%d misaligned, worst %.5f m, hash %s, %d boxes stacked", m.Misaligned, m.Frames, m.Worst, h, stacked)
	if m.Misaligned == 0 {
		t.Error("per-frame, 144 Hz: no misaligned frame")
	}
	if h == want {
		t.Error("per-frame, 144 Hz: the same state as on the step")
	}
}
