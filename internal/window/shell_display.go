//go:build cgo

package window

import (
	"math"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/frames"
)

// targetHz is the rate the pacer holds now, 0 for none.
func (a *app) targetHz() float64 {
	if a.shell.customHz != 0 {
		return a.shell.customHz
	}
	if a.shell.vsync && a.shell.target == frames.Native {
		return 0 // vsync already presents at the native rate
	}
	return a.shell.target.Hz(a.shell.nativeHz)
}

// applyDisplay sets the swap interval and the pacer's target.
func (a *app) applyDisplay() {
	if a.shell.vsync {
		glfw.SwapInterval(1)
	} else {
		glfw.SwapInterval(0)
	}
	_ = a.shell.pacer.SetHz(a.targetHz()) // the rate comes from the cycle or a checked flag
	a.shell.window.Clear()                // the panel's rate and jitter: of the new setting only
	if v := a.o.VRR; v.On() && a.targetHz() == v.Max {
		_ = a.shell.pacer.SetVRR(v.Max) // -display vrr:, until H picks another rate
	}
}

// toggleFullscreen switches between the window and fullscreen on the
// primary monitor at the video mode nearest the display-rate target.
func (a *app) toggleFullscreen() {
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return
	}
	if a.shell.fullscreen {
		w := a.shell.windowed
		a.shell.win.SetMonitor(nil, w[0], w[1], w[2], w[3], 0)
		a.shell.fullscreen = false
		a.shell.pacer.Reset()
		a.shell.window.Clear()
		return
	}
	a.shell.windowed[0], a.shell.windowed[1] = a.shell.win.GetPos()
	a.shell.windowed[2], a.shell.windowed[3] = a.shell.win.GetSize()
	want := a.shell.customHz
	if want == 0 {
		want = a.shell.target.Hz(a.shell.nativeHz)
	}
	modes := m.GetVideoModes()
	cur := m.GetVideoMode()
	i := nearestMode(modes, want)
	if i < 0 {
		if cur == nil {
			return
		}
		a.shell.win.SetMonitor(m, 0, 0, cur.Width, cur.Height, cur.RefreshRate)
	} else {
		vm := modes[i]
		a.shell.win.SetMonitor(m, 0, 0, vm.Width, vm.Height, vm.RefreshRate)
	}
	a.shell.fullscreen = true
	a.shell.pacer.Reset()
	a.shell.window.Clear()
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
