package gfx

import (
	"sandbox/internal/testenv"

	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// GLFW and GL calls must come from the main OS thread. TestMain keeps the
// main thread and runs the tests in another goroutine; tests hand GL work to
// the main thread with onMain.
var mainQueue = make(chan func())

func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) {
	done := make(chan int)
	go func() { done <- m.Run() }()
	for {
		select {
		case f := <-mainQueue:
			f()
		case code := <-done:
			os.Exit(code)
		}
	}
}

// onMain runs f on the main thread and waits for it; a panic in f is
// returned as an error so that the test fails instead of the whole binary.
func onMain(f func() error) (err error) {
	ch := make(chan error)
	mainQueue <- func() {
		defer func() {
			if p := recover(); p != nil {
				ch <- fmt.Errorf("panic: %v", p)
			}
		}()
		ch <- f()
	}
	return <-ch
}

// withContext opens a visible w x h window with a 4.1 core context on the
// main thread, runs f there with the context current, and closes it.
func withContext(t testing.TB, w, h int, f func(win *glfw.Window) error) {
	t.Helper()
	needDisplay(t)
	err := onMain(func() error {
		if err := glfw.Init(); err != nil {
			return fmt.Errorf("glfw init: %w", err)
		}
		defer glfw.Terminate()
		glfw.WindowHint(glfw.ContextVersionMajor, 4)
		glfw.WindowHint(glfw.ContextVersionMinor, 1)
		glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
		glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
		glfw.WindowHint(glfw.Resizable, glfw.False)
		win, err := glfw.CreateWindow(w, h, "gfx test", nil, nil)
		if err != nil {
			return fmt.Errorf("create window: %w", err)
		}
		defer win.Destroy()
		win.MakeContextCurrent()
		if err := Init(); err != nil {
			return err
		}
		return f(win)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// withRenderer is withContext with a Renderer that checks GL errors after
// every pass: f gets the window, the renderer and the framebuffer size, and
// the renderer is deleted when f returns.
func withRenderer(t testing.TB, w, h int, f func(win *glfw.Window, r *Renderer, fw, fh int) error) {
	t.Helper()
	withContext(t, w, h, func(win *glfw.Window) error {
		r, err := NewRenderer(Options{CheckErrors: true})
		if err != nil {
			return err
		}
		defer r.Delete()
		fw, fh := win.GetFramebufferSize()
		return f(win, r, fw, fh)
	})
}

// needDisplay skips a window test without a display (see testenv).
func needDisplay(t testing.TB) { t.Helper(); testenv.NeedDisplay(t) }
