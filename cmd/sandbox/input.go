package main

import (
	"fmt"
	"os"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/scene"
)

// inputState is the mouse and keyboard state between callbacks.
type inputState struct {
	rightDown      bool
	lastX, lastY   float64
	haveLast       bool
	showHelp       bool
	timeScaleIndex int

	// WantMouse and WantKeys, when set, say that the UI panel has the mouse
	// or keyboard this frame: the scene then ignores them (the seam for the
	// Dear ImGui panel).
	WantMouse, WantKeys func() bool
}

// timeScales are the steps of - and = (issue 4: 0.05x to 2x).
var timeScales = []float64{0.05, 0.1, 0.25, 0.5, 1, 2}

// keyHelp is what F1 shows: every key, in one place.
var keyHelp = [][2]string{
	{"Esc", "quit"},
	{"F1", "show / hide this key help"},
	{"1-9", "load built-in scene 1-9"},
	{"R", "reset the scene"},
	{"P / N", "pause / single step"},
	{"- / =", "slower / faster time (0.05x .. 2x)"},
	{"V", "vsync on / off"},
	{"H", "cycle display-rate target: native, 60, 120, 144, 165, 240, uncapped"},
	{"Y", "step-count stabiliser on / off"},
	{"F11", "fullscreen at the video mode nearest the target rate"},
	{"F12", "screenshot to sandbox-<time>.png"},
	{"I", "cycle interpolation: off, lerp, slerp, extrapolate"},
	{"C", "CCD on / off (at the next tick)"},
	{"Left click / Space", "fire a cube from the camera"},
	{"Ctrl + fire", "fire a spinning thin plate"},
	{"[ / ]", "shot speed down / up (10 .. 20,000 m/s)"},
	{", / .", "shot size down / up"},
	{"Right drag", "orbit (fly mode: look around)"},
	{"Wheel", "zoom"},
	{"W A S D, Q / E", "fly forward, left, back, right, down, up (Shift: faster)"},
	{"Tab", "camera: orbit / fly"},
	{"Home", "reset the camera"},
	{"G / T / M", "ghosts of prev and curr poses / trails / hit markers"},
	{"B / K / U / Z", "AABBs / contacts / CCD sweeps / sleeping tint"},
}

func (a *app) installCallbacks() {
	a.in.timeScaleIndex = 4
	a.fbWidth, a.fbHeight = a.win.GetFramebufferSize()
	a.win.SetFramebufferSizeCallback(func(_ *glfw.Window, w, h int) {
		a.fbWidth, a.fbHeight = w, h
	})
	a.win.SetIconifyCallback(func(_ *glfw.Window, iconified bool) {
		a.iconified = iconified
		a.pacer.Reset()
	})
	a.win.SetKeyCallback(func(_ *glfw.Window, k glfw.Key, _ int, act glfw.Action, mods glfw.ModifierKey) {
		if a.in.WantKeys != nil && a.in.WantKeys() {
			return
		}
		if act == glfw.Press || (act == glfw.Repeat && repeats(k)) {
			a.onKey(k, mods)
		}
	})
	a.win.SetMouseButtonCallback(func(w *glfw.Window, b glfw.MouseButton, act glfw.Action, mods glfw.ModifierKey) {
		if a.in.WantMouse != nil && a.in.WantMouse() {
			return
		}
		switch b {
		case glfw.MouseButtonRight:
			a.in.rightDown = act == glfw.Press
			a.in.haveLast = false
		case glfw.MouseButtonLeft:
			if act == glfw.Press {
				a.sim.fire(&a.cam, mods&glfw.ModControl != 0)
			}
		}
	})
	a.win.SetCursorPosCallback(func(_ *glfw.Window, x, y float64) {
		if a.in.rightDown && a.in.haveLast {
			a.cam.rotate(x-a.in.lastX, y-a.in.lastY)
		}
		a.in.lastX, a.in.lastY, a.in.haveLast = x, y, true
	})
	a.win.SetScrollCallback(func(_ *glfw.Window, _, dy float64) {
		if a.in.WantMouse != nil && a.in.WantMouse() {
			return
		}
		a.cam.zoom(dy)
	})
}

// repeats reports keys that act again while held.
func repeats(k glfw.Key) bool {
	switch k {
	case glfw.KeyLeftBracket, glfw.KeyRightBracket, glfw.KeyN, glfw.KeyComma, glfw.KeyPeriod:
		return true
	}
	return false
}

// onKey runs one key press.
func (a *app) onKey(k glfw.Key, mods glfw.ModifierKey) {
	s := &a.sim
	switch {
	case k == glfw.KeyEscape:
		a.quit = true
	case k == glfw.KeyF1:
		a.in.showHelp = !a.in.showHelp
		if a.in.showHelp {
			printKeyHelp()
		}
	case k >= glfw.Key1 && k <= glfw.Key9:
		names := scene.BuiltinNames()
		if i := int(k - glfw.Key1); i < len(names) {
			a.switchScene(names[i])
		}
	case k == glfw.KeyR:
		if err := a.loadScene(s.sc); err != nil {
			fmt.Fprintln(os.Stderr, "sandbox:", err)
		}
	case k == glfw.KeyP:
		s.lp.SetPaused(!s.lp.Paused())
	case k == glfw.KeyN:
		s.lp.SetPaused(true)
		s.lp.RequestSingleStep()
	case k == glfw.KeyMinus || k == glfw.KeyEqual:
		d := 1
		if k == glfw.KeyMinus {
			d = -1
		}
		a.in.timeScaleIndex = max(0, min(len(timeScales)-1, a.in.timeScaleIndex+d))
		_ = s.lp.SetTimeScale(timeScales[a.in.timeScaleIndex])
	case k == glfw.KeyV:
		a.vsync = !a.vsync
		a.applyDisplay()
	case k == glfw.KeyH:
		if a.customHz != 0 {
			a.customHz, a.target = 0, 0
		} else {
			a.target = a.target.Next()
		}
		a.applyDisplay()
	case k == glfw.KeyY:
		a.stabiliser.Enabled = !a.stabiliser.Enabled
		a.stabiliser.Reset()
	case k == glfw.KeyF11:
		a.toggleFullscreen()
	case k == glfw.KeyF12:
		a.screenshotPending = "sandbox-" + time.Now().Format("20060102-150405.000") + ".png"
	case k == glfw.KeyI:
		a.view.Mode = a.view.Mode.Next()
	case k == glfw.KeyC:
		s.toggleCCD()
	case k == glfw.KeySpace:
		s.fire(&a.cam, mods&glfw.ModControl != 0)
	case k == glfw.KeyLeftBracket:
		s.changeSpeed(-1)
	case k == glfw.KeyRightBracket:
		s.changeSpeed(1)
	case k == glfw.KeyComma:
		s.changeSize(1 / 1.25)
	case k == glfw.KeyPeriod:
		s.changeSize(1.25)
	case k == glfw.KeyTab:
		a.cam.fly = !a.cam.fly
	case k == glfw.KeyHome:
		a.cam.reset()
	case k == glfw.KeyG:
		a.view.Debug.Ghosts = !a.view.Debug.Ghosts
	case k == glfw.KeyT:
		a.view.Debug.Trails = !a.view.Debug.Trails
	case k == glfw.KeyM:
		a.view.Debug.HitMarkers = !a.view.Debug.HitMarkers
	case k == glfw.KeyB:
		a.view.Debug.Physics.AABBs = !a.view.Debug.Physics.AABBs
	case k == glfw.KeyK:
		a.view.Debug.Physics.Contacts = !a.view.Debug.Physics.Contacts
	case k == glfw.KeyU:
		a.view.Debug.Physics.Sweeps = !a.view.Debug.Physics.Sweeps
	case k == glfw.KeyZ:
		a.view.Debug.SleepTint = !a.view.Debug.SleepTint
	}
}

// switchScene loads a built-in scene by name, keeping the current one on error.
func (a *app) switchScene(name string) {
	sc, err := scene.Load(name)
	if err == nil {
		err = a.loadScene(sc)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", err)
	}
}

func printKeyHelp() {
	fmt.Println("sandbox keys:")
	for _, k := range keyHelp {
		fmt.Printf("  %-20s %s\n", k[0], k[1])
	}
}

// update applies held keys (flying) once per frame.
func (in *inputState) update(a *app, dt float64) {
	if in.WantKeys != nil && in.WantKeys() {
		return
	}
	w := a.win
	axis := func(pos, neg glfw.Key) float64 {
		v := 0.0
		if w.GetKey(pos) == glfw.Press {
			v++
		}
		if w.GetKey(neg) == glfw.Press {
			v--
		}
		return v
	}
	fast := w.GetKey(glfw.KeyLeftShift) == glfw.Press || w.GetKey(glfw.KeyRightShift) == glfw.Press
	a.cam.move(axis(glfw.KeyW, glfw.KeyS), axis(glfw.KeyD, glfw.KeyA), axis(glfw.KeyE, glfw.KeyQ), fast, min(dt, 0.1))
}
