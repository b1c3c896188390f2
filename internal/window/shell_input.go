//go:build cgo

package window

import (
	"github.com/go-gl/glfw/v3.3/glfw"
)

// inputState is the mouse and keyboard state between callbacks.
type inputState struct {
	rightDown    bool
	lastX, lastY float64
	haveLast     bool

	// WantKeys, when set, says that a panel text field has the keyboard:
	// the scene then ignores keys. (Mouse presses are decided by where
	// they land: ui.InScene.)
	WantKeys func() bool
}

// timeScales are the steps of - and =, from a twentieth of real time to twice it.
var timeScales = []float64{0.05, 0.1, 0.25, 0.5, 1, 2}

// The keys are listed once, in ui.KeyHelp: the F1 window shows that list,
// onKey below implements it, and docs/window.md's key table is checked
// against it (panel_test.go).

// installCallbacks sets the window's callbacks. Mouse, wheel, key and
// character events go to the panel first. A press or a wheel turn reaches
// the scene only when it lands in the 3D view (ui.InScene, decided at its
// own position), so a click on the panel never fires a shot; keys reach
// the scene unless a panel text field has the keyboard.
func (a *app) installCallbacks() {
	a.shell.in.WantKeys = a.viewer.panel.wantKeys
	a.shell.fbWidth, a.shell.fbHeight = a.shell.win.GetFramebufferSize()
	a.shell.win.SetFramebufferSizeCallback(func(_ *glfw.Window, w, h int) {
		a.shell.fbWidth, a.shell.fbHeight = w, h
	})
	a.shell.win.SetIconifyCallback(func(_ *glfw.Window, iconified bool) {
		a.shell.iconified = iconified
		a.shell.pacer.Reset()
	})
	a.shell.win.SetKeyCallback(func(_ *glfw.Window, k glfw.Key, _ int, act glfw.Action, mods glfw.ModifierKey) {
		a.onKeyEvent(k, act, mods)
	})
	a.shell.win.SetCharCallback(func(_ *glfw.Window, r rune) { a.viewer.panel.u.Char(r) })
	a.shell.win.SetMouseButtonCallback(func(_ *glfw.Window, b glfw.MouseButton, act glfw.Action, mods glfw.ModifierKey) {
		a.onMouseButton(b, act, mods)
	})
	a.shell.win.SetCursorPosCallback(func(_ *glfw.Window, x, y float64) { a.onCursor(x, y) })
	a.shell.win.SetScrollCallback(func(_ *glfw.Window, dx, dy float64) { a.onScroll(dx, dy) })
}

// onCursor is the cursor position callback: orbit while the right button
// is held, turn a held Shift + press into a drag once it moves, and
// remember where the pointer is (presses are decided there).
func (a *app) onCursor(x, y float64) {
	if a.shell.in.rightDown && a.shell.in.haveLast {
		a.viewer.cam.rotate(x-a.shell.in.lastX, y-a.shell.in.lastY)
	}
	a.shell.in.lastX, a.shell.in.lastY, a.shell.in.haveLast = x, y, true
	a.viewer.dragMoved(x, y)
}

// onKeyEvent is the key callback: the panel first, then the app's keys
// unless a panel text field has the keyboard.
func (a *app) onKeyEvent(k glfw.Key, act glfw.Action, mods glfw.ModifierKey) {
	a.viewer.panel.u.Key(k, act, mods)
	if a.shell.in.wantKeys() {
		return
	}
	if act == glfw.Press || (act == glfw.Repeat && repeats(k)) {
		a.onKey(k, mods)
	}
}

// onMouseButton is the mouse button callback: the panel first, then, when
// the press lands in the 3D view, orbit (right), select and grab (Shift +
// left, or a plain left press on a body with the crosshair off: moving
// with the button held drags the body, view_drag.go) or fire through the
// pointer (left). Where the press lands is decided at its
// own position, not by whether the panel wanted the mouse in the last
// frame: a pointer that moves onto the panel and clicks within one batch
// of events would otherwise fire.
func (a *app) onMouseButton(b glfw.MouseButton, act glfw.Action, mods glfw.ModifierKey) {
	a.viewer.panel.u.MouseButton(b, act)
	if b == glfw.MouseButtonRight && act == glfw.Release {
		// A drag that began in the scene ends wherever it is released.
		a.shell.in.rightDown = false
		return
	}
	if b == glfw.MouseButtonLeft && act == glfw.Release {
		if a.viewer.drag.pressed {
			a.release() // wherever the pointer is now
		}
		return
	}
	if act != glfw.Press {
		return
	}
	x, y := a.shell.pointer()
	if !a.viewer.panel.u.InScene(x, y) {
		return
	}
	switch b {
	case glfw.MouseButtonRight:
		a.shell.in.rightDown = true
		a.shell.in.haveLast = false
	case glfw.MouseButtonLeft:
		if mods&glfw.ModShift != 0 {
			a.viewer.selectAt(a.sim.world, a.sim.lp.Config().StepSeconds, x, y)
			a.viewer.grab(a.sim.world, a.sim.lp.Config().StepSeconds, a.sim.locked, x, y)
			return
		}
		// Crosshair off is the pointing mode: a plain press on a body
		// grabs it (Box2D's samples' mouse joint); on nothing it fires.
		if !a.viewer.panel.st.Crosshair && mods&(glfw.ModControl|glfw.ModAlt|glfw.ModSuper) == 0 {
			if i := a.viewer.bodyAt(a.sim.world, a.sim.lp.Config().StepSeconds, x, y); i >= 0 {
				a.viewer.view.Selected = i
				a.viewer.grab(a.sim.world, a.sim.lp.Config().StepSeconds, a.sim.locked, x, y)
				return
			}
		}
		a.fireThrough(x, y, mods&glfw.ModControl != 0)
	}
}

// pointer is the cursor position in window pixels: the last position
// callback's, which GLFW delivers before a press made after a move.
func (s *shell) pointer() (x, y float64) {
	if !s.in.haveLast {
		s.in.lastX, s.in.lastY = s.win.GetCursorPos()
		s.in.haveLast = true
	}
	return s.in.lastX, s.in.lastY
}

// onScroll is the wheel callback: the panel's plots and lists first, the
// camera's zoom when the pointer is over the view.
func (a *app) onScroll(dx, dy float64) {
	a.viewer.panel.u.Scroll(dx, dy)
	if x, y := a.shell.pointer(); !a.viewer.panel.u.InScene(x, y) {
		return
	}
	a.viewer.cam.zoom(dy)
}

// wantKeys reports whether the panel has the keyboard.
func (in *inputState) wantKeys() bool { return in.WantKeys != nil && in.WantKeys() }

// repeats reports keys that act again while held.
func repeats(k glfw.Key) bool {
	switch k {
	case glfw.KeyLeftBracket, glfw.KeyRightBracket, glfw.KeyN, glfw.KeyComma, glfw.KeyPeriod, glfw.KeyLeft, glfw.KeyRight:
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
		a.viewer.panel.st.ShowKeys = !a.viewer.panel.st.ShowKeys
	case k == glfw.KeyF2:
		a.viewer.panel.st.PanelHidden = !a.viewer.panel.st.PanelHidden
	case k == glfw.KeyL:
		a.viewer.nextLane(a.sim.world)
	case k == glfw.KeyO:
		a.viewer.panel.st.Crosshair = !a.viewer.panel.st.Crosshair
	case k >= glfw.Key1 && k <= glfw.Key9:
		a.viewer.panel.loadEntry(a, int(k-glfw.Key1))
	case k == glfw.KeyR:
		a.resetScene()
	case k == glfw.KeyP:
		s.lp.SetPaused(!s.lp.Paused())
	case k == glfw.KeyN:
		s.lp.SetPaused(true)
		s.lp.RequestSingleStep()
	case k == glfw.KeyX:
		a.toggleSplit()
	case k == glfw.KeyJ:
		a.cycleLoop(mods&glfw.ModShift != 0)
	case k == glfw.KeyF4:
		a.cycleNetworkDelay()
	case k == glfw.KeyF3:
		a.loops.stall = true
	case k == glfw.KeyLeft:
		a.rewindStep(-1)
	case k == glfw.KeyRight:
		a.rewindStep(1)
	case k == glfw.KeyMinus:
		a.setTimeScale(nextTimeScale(s.lp.TimeScale(), -1))
	case k == glfw.KeyEqual:
		a.setTimeScale(nextTimeScale(s.lp.TimeScale(), 1))
	case k == glfw.KeyV:
		a.shell.vsync = !a.shell.vsync
		a.shell.applyDisplay()
	case k == glfw.KeyH:
		if a.shell.customHz != 0 {
			a.shell.customHz, a.shell.target = 0, 0
		} else {
			a.shell.target = a.shell.target.Next()
		}
		a.shell.applyDisplay()
	case k == glfw.KeyY:
		a.shell.stabiliser.Enabled = !a.shell.stabiliser.Enabled
		a.shell.stabiliser.Reset()
	case k == glfw.KeyF11:
		a.shell.toggleFullscreen()
	case k == glfw.KeyF12:
		a.shell.requestScreenshot()
	case k == glfw.KeyI:
		a.viewer.view.Mode = a.viewer.view.Mode.Next()
	case k == glfw.KeyC:
		s.toggleCCD()
	case k == glfw.KeySpace:
		s.fire(&a.viewer.cam, mods&glfw.ModControl != 0) // through the crosshair
	case k == glfw.KeyLeftBracket:
		s.changeSpeed(-1)
	case k == glfw.KeyRightBracket:
		s.changeSpeed(1)
	case k == glfw.KeyComma:
		s.changeSize(1 / 1.25)
	case k == glfw.KeyPeriod:
		s.changeSize(1.25)
	case k == glfw.KeyTab:
		a.viewer.cam.fly = !a.viewer.cam.fly
	case k == glfw.KeyHome:
		a.homeCamera()
		a.viewer.lane = -1 // out of the lane: its label is no longer highlighted
	case k == glfw.KeyG:
		a.viewer.view.Debug.Ghosts = !a.viewer.view.Debug.Ghosts
	case k == glfw.KeyT:
		a.viewer.view.Debug.Trails = !a.viewer.view.Debug.Trails
	case k == glfw.KeyM:
		a.viewer.view.Debug.HitMarkers = !a.viewer.view.Debug.HitMarkers
	case k == glfw.KeyB:
		a.viewer.view.Debug.Physics.AABBs = !a.viewer.view.Debug.Physics.AABBs
	case k == glfw.KeyK:
		a.viewer.view.Debug.Physics.Contacts = !a.viewer.view.Debug.Physics.Contacts
	case k == glfw.KeyU:
		a.viewer.view.Debug.Physics.Sweeps = !a.viewer.view.Debug.Physics.Sweeps
	case k == glfw.KeyZ:
		a.viewer.view.Debug.SleepTint = !a.viewer.view.Debug.SleepTint
	}
}

// setTimeScale sets the loop's time scale, clamped to 0.05..2 (- / = and
// the panel's slider).
func (a *app) setTimeScale(v float64) {
	v = max(timeScales[0], min(timeScales[len(timeScales)-1], v))
	_ = a.sim.lp.SetTimeScale(v) // in range by the clamp above
}

// nextTimeScale is the step of timeScales after cur in direction dir (+1
// faster, -1 slower), from wherever the slider left cur; at either end it
// stays there.
func nextTimeScale(cur float64, dir int) float64 {
	const eps = 1e-6 // a slider value within float32 rounding of a step is that step
	if dir > 0 {
		for _, ts := range timeScales {
			if ts > cur*(1+eps) {
				return ts
			}
		}
		return timeScales[len(timeScales)-1]
	}
	for i := len(timeScales) - 1; i >= 0; i-- {
		if timeScales[i] < cur*(1-eps) {
			return timeScales[i]
		}
	}
	return timeScales[0]
}

// update applies held keys (flying) to cam once per frame.
func (in *inputState) update(w *glfw.Window, cam *camera, dt float64) {
	if in.wantKeys() {
		return
	}
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
	cam.move(axis(glfw.KeyW, glfw.KeyS), axis(glfw.KeyD, glfw.KeyA), axis(glfw.KeyE, glfw.KeyQ), fast, min(dt, 0.1))
}
