package ui

import (
	"sandbox/engine/gfx"

	"fmt"
	stdimage "image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Test window size, in pixels (Xvfb has no HiDPI, so framebuffer = window).
const (
	testW = 1000
	testH = 700
)

// clearRGB is the colour the test clears to; pixels the panel does not
// cover must keep it exactly.
var clearRGB = [3]uint8{51, 102, 153}

// openWindow creates a visible 4.1 core window with its context current.
// Must run on the main thread.
func openWindow() (*glfw.Window, error) {
	if !glfwReady {
		if err := glfw.Init(); err != nil {
			return nil, fmt.Errorf("glfw init: %w", err)
		}
		glfwReady = true
	}
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.Resizable, glfw.False)
	glfw.WindowHint(glfw.Samples, 0)
	win, err := glfw.CreateWindow(testW, testH, "ui test", nil, nil)
	if err != nil {
		return nil, fmt.Errorf("create window: %w", err)
	}
	win.MakeContextCurrent()
	glfw.SwapInterval(0)
	if err := gl.Init(); err != nil {
		win.Destroy()
		return nil, err
	}
	return win, nil
}

// clearFrame clears the back buffer to clearRGB.
func clearFrame() {
	gl.Viewport(0, 0, testW, testH)
	gl.ClearColor(float32(clearRGB[0])/255, float32(clearRGB[1])/255, float32(clearRGB[2])/255, 1)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
}

// frame runs one whole panel frame: clear, NewFrame, Panel, Render.
func frame(u *UI, s *PanelState, seconds float64) {
	clearFrame()
	u.NewFrame(seconds)
	u.Panel(s)
	u.Render()
}

// image is a read-back RGBA framebuffer with y going down, like the window.
type image struct {
	w, h int
	pix  []uint8
}

// readBack reads the back buffer (what the frame just drew).
func readBack() image {
	img := image{w: testW, h: testH, pix: make([]uint8, 4*testW*testH)}
	gl.ReadBuffer(gl.BACK)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.ReadPixels(0, 0, testW, testH, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(img.pix))
	return img
}

// savePNG writes the image to path (for looking at a failing test or the
// panel's layout: set SANDBOX_TEST_PNG_DIR=dir).
func (m image) savePNG(path string) error {
	out := stdimage.NewNRGBA(stdimage.Rect(0, 0, m.w, m.h))
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			p := m.at(x, y)
			out.Set(x, y, color.NRGBA{p[0], p[1], p[2], 255})
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, out)
}

// maybeSave saves the image as name.png under $SANDBOX_TEST_PNG_DIR when set.
func (m image) maybeSave(name string) error {
	dir := os.Getenv("SANDBOX_TEST_PNG_DIR")
	if dir == "" {
		return nil
	}
	return m.savePNG(filepath.Join(dir, name+".png"))
}

// at returns the pixel at window coordinates (x right, y down).
func (m image) at(x, y int) [3]uint8 {
	i := 4 * ((m.h-1-y)*m.w + x)
	return [3]uint8{m.pix[i], m.pix[i+1], m.pix[i+2]}
}

// count returns how many pixels of the rectangle satisfy f, and its area.
func (m image) count(x0, y0, x1, y1 int, f func([3]uint8) bool) (n, area int) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			area++
			if f(m.at(x, y)) {
				n++
			}
		}
	}
	return n, area
}

func isClear(p [3]uint8) bool { return p == clearRGB }

// glErr returns the first pending GL error as an error.
func glErr(where string) error {
	if e := gl.GetError(); e != gl.NO_ERROR {
		return fmt.Errorf("%s: GL error 0x%x", where, e)
	}
	return nil
}

// withUI opens a window and a UI on the main thread, runs f there, then
// deletes both; errors from any step are returned.
func withUI(t *testing.T, f func(win *glfw.Window, u *UI) error) {
	t.Helper()
	needDisplay(t)
	err := onMain(func() error {
		win, err := openWindow()
		if err != nil {
			return err
		}
		defer win.Destroy()
		u, err := New(win)
		if err != nil {
			return err
		}
		ferr := f(win, u)
		u.Delete()
		if n := gfx.LiveObjects(); n != 0 && ferr == nil {
			ferr = fmt.Errorf("LiveObjects after Delete = %d, want 0", n)
		}
		if err := glErr("after Delete"); err != nil && ferr == nil {
			ferr = err
		}
		return ferr
	})
	if err != nil {
		t.Fatal(err)
	}
}

// testState is a panel state with a few scenes and a full history.
func testState() (PanelState, error) {
	s := DefaultPanelState()
	s.Scenes = []string{"range", "drop", "teleport"}
	h, err := NewHistory(DefaultHistoryCapacity, []string{"integrate", "broadphase", "narrowphase", "solve", "ccd", "sleep"},
		[]string{"prepare", "velocities", "warm start", "solve", "positions", "relax", "restitution", "store"})
	if err != nil {
		return s, err
	}
	s.History = h
	s.Events = testEvents(MaxEvents + 20) // a full ring: every row drawn
	return s, nil
}

// testEvents is an event log of n CCD hits on two walls, one a tick.
func testEvents(n int) *EventLog {
	l := &EventLog{}
	for i := 0; i < n; i++ {
		l.Push(Event{Kind: EventCCDHit, Tick: uint64(30 + i), Body: 20 + i%3, BodyName: "shot", Other: "wall-1mm", Speed: 3000})
	}
	return l
}

// fillHistory pushes n frames of a steady 60 Hz display, ending at time
// end, with no dropped time.
func fillHistory(h *History, n int, end float64) {
	for i := n - 1; i >= 0; i-- {
		var st [MaxStages]int64
		for k := range st {
			st[k] = int64(1000 * (k + 1))
		}
		h.Push(Sample{Time: end - float64(i)/60, FrameSeconds: 1.0 / 60, Steps: 1 + i%2, Alpha: float64(i%10) / 10,
			AccumulatorSeconds: 0.004, StageNanos: st, SolverNanos: st})
	}
}
