//go:build cgo

package window

import (
	"math"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/frames"
)

// targetHz is the rate the pacer holds now, 0 for none.
func (s *shell) targetHz() float64 {
	if s.customHz != 0 {
		return s.customHz
	}
	if s.vsync && s.target == frames.Native {
		return 0 // vsync already presents at the native rate
	}
	return s.target.Hz(s.nativeHz)
}

// applyDisplay sets the swap interval and the pacer's target.
func (s *shell) applyDisplay() {
	if s.vsync {
		glfw.SwapInterval(1)
	} else {
		glfw.SwapInterval(0)
	}
	_ = s.pacer.SetHz(s.targetHz()) // the rate comes from the cycle or a checked flag
	s.window.Clear()                // the panel's rate and jitter: of the new setting only
	if v := s.vrr; v.On() && s.targetHz() == v.Max {
		_ = s.pacer.SetVRR(v.Max) // -display vrr:, until H picks another rate
	}
}

// toggleFullscreen switches between the window and fullscreen on the
// primary monitor at the video mode nearest the display-rate target.
func (s *shell) toggleFullscreen() {
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return
	}
	if s.fullscreen {
		w := s.windowed
		s.win.SetMonitor(nil, w[0], w[1], w[2], w[3], 0)
		s.fullscreen = false
		s.pacer.Reset()
		s.window.Clear()
		return
	}
	s.windowed[0], s.windowed[1] = s.win.GetPos()
	s.windowed[2], s.windowed[3] = s.win.GetSize()
	want := s.customHz
	if want == 0 {
		want = s.target.Hz(s.nativeHz)
	}
	modes := m.GetVideoModes()
	cur := m.GetVideoMode()
	i := nearestMode(modes, want)
	if i < 0 {
		if cur == nil {
			return
		}
		s.win.SetMonitor(m, 0, 0, cur.Width, cur.Height, cur.RefreshRate)
	} else {
		vm := modes[i]
		s.win.SetMonitor(m, 0, 0, vm.Width, vm.Height, vm.RefreshRate)
	}
	s.fullscreen = true
	s.pacer.Reset()
	s.window.Clear()
}

// nearestMode picks the video mode whose refresh rate is nearest hz (the
// largest resolution among equals); hz 0 (uncapped) picks the highest rate.
// It returns -1 when there are no modes.
func nearestMode(modes []*glfw.VidMode, hz float64) int {
	best := -1
	bestD, bestArea := math.Inf(1), -1
	for i, m := range modes {
		if m == nil {
			continue
		}
		d := math.Abs(float64(m.RefreshRate) - hz)
		if hz == 0 {
			d = -float64(m.RefreshRate)
		}
		area := m.Width * m.Height
		if d < bestD || (d == bestD && area > bestArea) {
			best, bestD, bestArea = i, d, area
		}
	}
	return best
}
