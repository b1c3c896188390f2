//go:build cgo

package window

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/frames"
	"sandbox/engine/headless"
)

// shell is the window's contact with the OS and the display: the GLFW
// window, frame pacing and its statistics, presenting, the frame clock,
// capture and input polling. It knows nothing of the scene drawn in it.
type shell struct {
	win *glfw.Window

	in inputState

	pacer      *frames.Pacer
	stabiliser *frames.Stabiliser
	window     *frames.Stats // the panel's window of recent frames
	runStats   *frames.Stats // the whole run, for -stats
	target     frames.Target
	customHz   float64 // a -display-hz not in the H cycle; 0 once H is pressed
	nativeHz   float64
	vsync      bool
	fullscreen bool
	windowed   [4]int       // x, y, w, h to return to from fullscreen
	vrr        headless.VRR // -display vrr:, emulated while the target is its top rate

	frameIndex int
	renderTime float64 // wall seconds since start, for the plots' time axis
	lastNs     int64
	dropped    float64 // s dropped since the scene was loaded, for -stats
	// clock is the frame clock (frameClock; tests hand in a synthetic one
	// so that "3 s of frames" takes no 3 s).
	clock func() int64

	screenshotPending string   // F12: write this file after the next render
	shots             captures // F12 screenshots being written

	pt presentState // present timing and input latency (shell_present.go)

	// fbWidth and fbHeight are the framebuffer size in pixels (not the
	// window size: they differ on HiDPI screens), kept up to date by a
	// callback because glfwGetFramebufferSize allocates in go-gl.
	fbWidth, fbHeight int
	iconified         bool // minimised: some platforms keep the framebuffer size
}
