//go:build cgo

package window

import (
	"math"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/frames"
)

// targetHz is the rate the pacer holds now, 0 for none.
func (a *app) targetHz() float64 {
	if a.customHz != 0 {
		return a.customHz
	}
	if a.vsync && a.target == frames.Native {
		return 0 // vsync already presents at the native rate
	}
	return a.target.Hz(a.nativeHz)
}

// applyDisplay sets the swap interval and the pacer's target.
func (a *app) applyDisplay() {
	if a.vsync {
		glfw.SwapInterval(1)
	} else {
		glfw.SwapInterval(0)
	}
	_ = a.pacer.SetHz(a.targetHz()) // the rate comes from the cycle or a checked flag
	a.window.Clear()                // the panel's rate and jitter: of the new setting only
	if v := a.o.VRR; v.On() && a.targetHz() == v.Max {
		_ = a.pacer.SetVRR(v.Max) // -display vrr:, until H picks another rate
	}
}

// toggleFullscreen switches between the window and fullscreen on the
// primary monitor at the video mode nearest the display-rate target.
func (a *app) toggleFullscreen() {
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return
	}
	if a.fullscreen {
		w := a.windowed
		a.win.SetMonitor(nil, w[0], w[1], w[2], w[3], 0)
		a.fullscreen = false
		a.pacer.Reset()
		a.window.Clear()
		return
	}
	a.windowed[0], a.windowed[1] = a.win.GetPos()
	a.windowed[2], a.windowed[3] = a.win.GetSize()
	want := a.customHz
	if want == 0 {
		want = a.target.Hz(a.nativeHz)
	}
	modes := m.GetVideoModes()
	cur := m.GetVideoMode()
	i := nearestMode(modes, want)
	if i < 0 {
		if cur == nil {
			return
		}
		a.win.SetMonitor(m, 0, 0, cur.Width, cur.Height, cur.RefreshRate)
	} else {
		vm := modes[i]
		a.win.SetMonitor(m, 0, 0, vm.Width, vm.Height, vm.RefreshRate)
	}
	a.fullscreen = true
	a.pacer.Reset()
	a.window.Clear()
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
