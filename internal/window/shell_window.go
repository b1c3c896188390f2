//go:build cgo

package window

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
)

// ErrNoDisplay is returned (wrapped) when GLFW cannot start or open a
// window: there is no display to draw on.
var ErrNoDisplay = errors.New("cannot open a window (no display?): use -headless, or run under xvfb-run")

// errNoGL41 is returned (wrapped) when a window opens but the driver has no
// OpenGL 4.1 core profile.
var errNoGL41 = errors.New("OpenGL 4.1 core profile not available from this driver")

// Run opens the window and runs the scene until it is closed, Esc is
// pressed or o.Frames frames have been drawn. It must run on the main OS
// thread (cmd/sandbox's main.go locks it in init).
func Run(o Options) error {
	if o.Scene == nil {
		return fmt.Errorf("window: no scene")
	}
	win, err := openWindow(o)
	if err != nil {
		o.abortOutputs()
		return err
	}
	defer glfw.Terminate()
	defer win.Destroy()
	a, err := newApp(o, win)
	if err != nil {
		o.abortOutputs()
		return err
	}
	// Also when a test's onExit stops its goroutine (t.Fatal): the UI is
	// one per process, and the next window needs it gone. close is
	// idempotent.
	defer a.close()
	runErr := a.run()
	if o.onExit != nil && runErr == nil {
		runErr = o.onExit(a)
	}
	if err := a.finishSessionIO(runErr); runErr == nil {
		runErr = err
	}
	a.close()
	if n := gfx.LiveObjects(); n != 0 && runErr == nil {
		runErr = fmt.Errorf("window: %d GL objects (renderer and panel) not deleted on exit", n)
	}
	return runErr
}

// openWindow starts GLFW and opens a window with a 4.1 core, forward
// compatible context.
func openWindow(o Options) (*glfw.Window, error) {
	if err := initGLFW(); err != nil {
		return nil, err
	}
	w, h := o.Width, o.Height
	if w <= 0 || h <= 0 {
		w, h = DefaultWidth, DefaultHeight
	}
	// No samples for the window's framebuffer: the renderer draws the 3D
	// view multisampled into its own and resolves it, so the panel drawn
	// afterwards is not multisampled (on llvmpipe that cost more than a
	// small window's whole 3D view).
	win, err := createWindow(w, h, "sandbox — "+o.Scene.Name, 0)
	if err != nil {
		glfw.Terminate()
		if isGLVersionError(err) {
			return nil, fmt.Errorf("%w: %v", errNoGL41, oneLineErr(err))
		}
		return nil, fmt.Errorf("%w (%v)", ErrNoDisplay, oneLineErr(err))
	}
	win.MakeContextCurrent()
	if err := gfx.Init(); err != nil {
		win.Destroy()
		glfw.Terminate()
		return nil, fmt.Errorf("%w: %v", errNoGL41, err)
	}
	return win, nil
}

// initGLFW starts GLFW. go-gl/glfw's Init logs X11 platform errors (such as
// no display) through the log package and returns nil, and later calls
// panic; so the log is captured for the message and initialisation is
// checked with a call that needs it.
func initGLFW() error {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return fmt.Errorf("%w (DISPLAY is not set)", ErrNoDisplay)
	}
	logged, err := guardGLFW(func() error { return glfw.Init() })
	if err == nil {
		_, err = guardGLFW(func() error { glfw.GetTime(); return nil })
	}
	if err != nil {
		if logged != "" {
			err = errors.New(logged)
		}
		return fmt.Errorf("%w (%v)", ErrNoDisplay, oneLineErr(err))
	}
	return nil
}

// createWindow opens one window with the context hints and samples MSAA
// samples per pixel (0 = none). Unsupported pixel formats make go-gl/glfw
// panic and platform errors return a nil window with no error: both come
// back as errors here.
func createWindow(w, h int, title string, samples int) (*glfw.Window, error) {
	var win *glfw.Window
	logged, err := guardGLFW(func() error {
		glfw.DefaultWindowHints()
		glfw.WindowHint(glfw.ContextVersionMajor, 4)
		glfw.WindowHint(glfw.ContextVersionMinor, 1)
		glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
		glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
		glfw.WindowHint(glfw.Samples, samples)
		glfw.WindowHint(glfw.ScaleToMonitor, glfw.True)
		var err error
		win, err = glfw.CreateWindow(w, h, title, nil, nil)
		return err
	})
	if err == nil && win == nil {
		err = errors.New("window creation failed")
		if logged != "" {
			err = errors.New(logged)
		}
	}
	return win, err
}

// guardGLFW runs f, turning a go-gl/glfw panic into an error and capturing
// what it logs (platform errors) instead of letting it reach stderr, where
// the contract allows one line only.
func guardGLFW(f func() error) (logged string, err error) {
	var buf bytes.Buffer
	out, flags := log.Writer(), log.Flags()
	log.SetOutput(&buf)
	log.SetFlags(0)
	defer func() {
		log.SetOutput(out)
		log.SetFlags(flags)
		logged = strings.TrimSpace(buf.String())
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	return "", f()
}

// isGLVersionError tells a driver without GL 4.1 core from no display.
func isGLVersionError(err error) bool {
	var ge *glfw.Error
	if errors.As(err, &ge) {
		return ge.Code == glfw.VersionUnavailable || ge.Code == glfw.APIUnavailable
	}
	s := err.Error()
	return strings.Contains(s, "VersionUnavailable") || strings.Contains(s, "APIUnavailable")
}

func oneLineErr(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }

// msaaFromEnv is SANDBOX_MSAA=N, the 3D view's samples per pixel (1 = no
// MSAA, at most 16), or 0 for the renderer's choice: 4, or none on a
// software rasteriser. (Screenshots for the README are made under Xvfb
// with SANDBOX_MSAA=4.)
func msaaFromEnv() int {
	n, err := strconv.Atoi(os.Getenv("SANDBOX_MSAA"))
	if err != nil || n < 1 {
		return 0
	}
	return min(n, 16)
}

// debugGL turns on glGetError checks after every render pass
// (SANDBOX_GL_DEBUG=1); a GL error then ends the run with its pass named.
var debugGL = os.Getenv("SANDBOX_GL_DEBUG") != ""
