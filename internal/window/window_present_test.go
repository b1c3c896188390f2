//go:build cgo

package window

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/interp"
)

// An input's latency runs from the poll that delivered its key to the
// return of SwapBuffers for the first frame whose drawn state includes the
// step that applied it: a CCD switch in a running window is shown by the
// first frame that steps (within that frame's own time), and a shot fired
// while paused waits until N steps it, its latency counting the wait.
func TestWindowInputLatency(t *testing.T) {
	inWindow(t, 320, 200, func(a *app) error {
		if err := a.shell.pacer.SetHz(60); err != nil {
			return err
		}
		a.viewer.view.Mode = interp.Off
		if err := a.runFrames(3); err != nil {
			return err
		}
		in := a.shell.pt.inputs
		t0 := frameClock()
		a.onKeyEvent(glfw.KeyC, glfw.Press, 0)
		frames := 0
		for in.Summary().Inputs == 0 && frames < 10 {
			if err := a.frameOnce(); err != nil {
				return err
			}
			frames++
		}
		t1 := frameClock()
		s := in.Summary()
		if s.Inputs != 1 || in.InFlight() != 0 {
			t.Fatalf("after %d frames: %+v, %d in flight; want the CCD switch shown", frames, s, in.InFlight())
		}
		if elapsed := float64(t1-t0) / 1e6; !(s.Last > 0 && s.Last <= elapsed) {
			t.Fatalf("CCD switch latency %.3f ms; the frames that showed it took %.3f ms from the key", s.Last, elapsed)
		}
		t.Logf("CCD switch shown after %d frame(s): %.2f ms", frames, s.Last)

		a.onKeyEvent(glfw.KeyP, glfw.Press, 0)
		if err := a.runFrames(2); err != nil {
			return err
		}
		t0 = frameClock()
		a.onKeyEvent(glfw.KeySpace, glfw.Press, 0)
		if err := a.runFrames(6); err != nil { // 0.1 s at 60 Hz, paused: no step
			return err
		}
		if in.Summary().Inputs != 1 || in.InFlight() != 1 {
			t.Fatalf("paused: %+v, %d in flight; want the shot waiting", in.Summary(), in.InFlight())
		}
		waited := float64(frameClock()-t0) / 1e6
		a.onKeyEvent(glfw.KeyN, glfw.Press, 0)
		if err := a.runFrames(1); err != nil {
			return err
		}
		s = in.Summary()
		if s.Inputs != 2 || in.InFlight() != 0 || !(s.Last >= waited) || s.Max != s.Last {
			t.Fatalf("after N: %+v, %d in flight; want the shot shown, %.1f ms or more after its key", s, in.InFlight(), waited)
		}
		t.Logf("shot fired while paused, stepped by N: %.2f ms", s.Last)
		return nil
	})
}
