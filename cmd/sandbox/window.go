//go:build cgo

package main

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
	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// windowOptions are what a window run needs from the command line.
type windowOptions struct {
	Scene     *scene.Scene
	DisplayHz float64 // frame-pacer target, Hz; 0 = as fast as vsync allows
	// VRR (-display vrr:MIN-MAX) has the pacer emulate a variable-refresh
	// display while the target is its MAX (DisplayHz); zero: none.
	VRR         headless.VRR
	VSync       bool
	CCD         bool
	Interp      interp.Mode
	Frames      int    // exit after this many frames; 0 = until closed
	Screenshot  string // write the last frame here as PNG ("" = no)
	Stats       string // write frame statistics JSON here ("" = no)
	FireAtFrame int    // fire one shot from the camera at this frame; -1 = never

	// Width and Height are the window size in screen coordinates; 0 means defaultWindowW x defaultWindowH.
	Width, Height int
	// Policy and CatchUp are -loop and -catch-up (the panel and J switch
	// them live).
	Policy  loop.Policy
	CatchUp loop.CatchUp
	// MoversPerFrame is -movers per-frame (the anti-pattern).
	MoversPerFrame bool
	// Record, Replay and Trace are -record, -replay and -trace, opened and
	// checked before the window opens (nil when not given).
	Record *recordOutput
	Replay *session.Replay
	Trace  *safeio.File
	// FramesFrom (-frames-from) are the frame seconds of a recorded trace:
	// frame i hands the simulation FramesFrom[i] instead of the measured
	// time. Frames is at most len(FramesFrom).
	FramesFrom []float64
	// frameSeconds, when > 0 (tests), is handed to the simulation every
	// frame instead of the measured frame time, so that a run is driven by
	// its frame count rather than by the wall clock.
	frameSeconds float64
	// ignoreTeleportFlags (tests) has the teleport detector judge declared
	// teleports as undeclared (session.Options.IgnoreTeleportFlags), so
	// that the marking of caught bodies can be seen with a built-in scene.
	ignoreTeleportFlags bool
	// Interrupted, when set, is asked once per frame; true ends the run
	// before that frame, without writing -stats or -screenshot (SIGINT,
	// SIGTERM).
	Interrupted func() bool
	// onExit, when set, is called with the app after the last frame and
	// before anything is freed (tests inspect the world and the renderer).
	onExit func(a *app) error
}

// errNoDisplay is returned (wrapped) when GLFW cannot start or open a
// window: there is no display to draw on.
var errNoDisplay = errors.New("cannot open a window (no display?): use -headless, or run under xvfb-run")

// errNoGL41 is returned (wrapped) when a window opens but the driver has no
// OpenGL 4.1 core profile.
var errNoGL41 = errors.New("OpenGL 4.1 core profile not available from this driver")

// runWindow opens the window and runs the scene until it is closed, Esc is
// pressed or o.Frames frames have been drawn. It must run on the main OS
// thread (main.go locks it in init).
func runWindow(o windowOptions) error {
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

// abortOutputs discards the outputs of a run that never started.
func (o windowOptions) abortOutputs() {
	o.Record.abort()
	if o.Trace != nil {
		o.Trace.Abort()
	}
}

// openWindow starts GLFW and opens a window with a 4.1 core, forward
// compatible context.
func openWindow(o windowOptions) (*glfw.Window, error) {
	if err := initGLFW(); err != nil {
		return nil, err
	}
	w, h := o.Width, o.Height
	if w <= 0 || h <= 0 {
		w, h = defaultWindowW, defaultWindowH
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
		return nil, fmt.Errorf("%w (%v)", errNoDisplay, oneLineErr(err))
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
		return fmt.Errorf("%w (DISPLAY is not set)", errNoDisplay)
	}
	logged, err := guardGLFW(func() error { return glfw.Init() })
	if err == nil {
		_, err = guardGLFW(func() error { glfw.GetTime(); return nil })
	}
	if err != nil {
		if logged != "" {
			err = errors.New(logged)
		}
		return fmt.Errorf("%w (%v)", errNoDisplay, oneLineErr(err))
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
