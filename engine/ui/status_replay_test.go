package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// The status line says how a window replay is going: the tick it is at,
// that it ended with every hash equal, that it differs, or that it was
// stopped early; nothing when the run is not a replay.
func TestStatusLineSaysTheReplay(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		for _, c := range []struct {
			r    ReplayState
			want string
		}{
			{ReplayState{}, ""},
			{ReplayState{Active: true, Tick: 40, End: 200}, "REPLAY tick 40 of 200"},
			{ReplayState{Done: true, Checked: 7, Tick: 420, End: 420}, "REPLAY done, 7 hashes equal"},
			{ReplayState{Failed: true, Tick: 60, End: 420}, "REPLAY DIFFERS"},
			{ReplayState{Stopped: true, Tick: 90, End: 420}, "REPLAY stopped at tick 90"},
		} {
			s.Loop = LoopState{}
			s.Replay = c.r
			frame(u, &s, 1.0/60)
			line := u.StatusLine()
			if c.want == "" && strings.Contains(line, "REPLAY") {
				return fmt.Errorf("not a replay: status line %q says REPLAY", line)
			}
			if c.want != "" && !strings.Contains(line, c.want) {
				return fmt.Errorf("%+v: status line %q, want it to say %q", c.r, line, c.want)
			}
		}
		return nil
	})
}

// The status line says when the loop is not the fixed step, and is silent
// about the loop when it is.
func TestStatusLineSaysTheLoop(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		frame(u, &s, 1.0/60)
		if line := u.StatusLine(); strings.Contains(line, "loop") {
			return fmt.Errorf("fixed loop: status line %q mentions the loop", line)
		}
		s.Loop.Policy, s.Loop.CatchUp = 1, 2 // variable, reset
		frame(u, &s, 1.0/60)
		if line, want := u.StatusLine(), "loop variable, catch-up reset"; !strings.Contains(line, want) {
			return fmt.Errorf("status line %q, want it to say %q", line, want)
		}
		return nil
	})
}

// A pacer emulating a variable-refresh display says so in the status
// line, beside its top rate.
func TestStatusLineSaysVRR(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		s.PacingHz = 144
		frame(u, &s, 1.0/60)
		if line := u.StatusLine(); strings.Contains(line, "VRR") {
			return fmt.Errorf("a fixed pacer: status line %q says VRR", line)
		}
		s.PacingVRR = true
		frame(u, &s, 1.0/60)
		if line := u.StatusLine(); !strings.Contains(line, "VRR") {
			return fmt.Errorf("a VRR pacer: status line %q does not say VRR", line)
		}
		return nil
	})
}
