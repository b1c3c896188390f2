//go:build cgo

package window

import (
	"fmt"
	"os"
	"strings"

	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// Loading, resetting and reloading scenes. A reset (R, the panel's Reset)
// and a reload of a saved scene file keep what the user set: pause, time
// scale, CCD, a physics rate changed on the panel, the camera and every
// toggle (interpolation and debug drawing live in the view, which a load
// keeps). A scene file is read again from disk; one that has become
// invalid leaves the old scene running and shows its one-line error in
// the panel.

// userSettings are what a reset keeps that a load would reset.
type userSettings struct {
	paused    bool
	timeScale float64
	ccd       bool
	rate      session.Rate
	rateSet   bool // the rate was changed from the scene's (the panel, -physics-hz)
	cam       camera
	moved     bool // the camera is not at the scene's default view
	lane      int
}

func (a *app) saveSettings() userSettings {
	return userSettings{
		paused: a.sim.lp.Paused(), timeScale: a.sim.lp.TimeScale(), ccd: a.sim.sess.PendingCCD(),
		rate: a.sim.sess.PendingRate(), rateSet: a.sim.sess.PendingRate() != session.SceneRate(a.sim.sc),
		cam: a.viewer.cam, moved: !a.viewer.cam.atHome(), lane: a.viewer.lane,
	}
}

// restoreSettings applies saved settings to the scene just loaded, before
// its first step (CCD is set directly, as -ccd is on the first load: no
// step has run, so nothing is switched mid-run).
func (a *app) restoreSettings(u userSettings) {
	a.sim.lp.SetPaused(u.paused)
	_ = a.sim.lp.SetTimeScale(u.timeScale) // it was the old loop's: in range
	a.sim.world.SetCCD(u.ccd)
	if u.rateSet { // else the file's own, which a reload may have changed
		a.sim.setRate(u.rate)
	}
	if u.moved { // the user's view, not the new scene's default (Home goes there)
		c := &u.cam
		a.viewer.cam.target, a.viewer.cam.yaw, a.viewer.cam.pitch, a.viewer.cam.distance, a.viewer.cam.fly = c.target, c.yaw, c.pitch, c.distance, c.fly
	}
	if u.lane < len(a.viewer.lanes.lanes) {
		a.viewer.lane = u.lane
	}
}

// sceneFile is the path sc was read from on disk, or "" for a built-in
// scene.
func sceneFile(sc *scene.Scene) string {
	if strings.HasPrefix(sc.File, "builtin/") {
		return ""
	}
	return sc.File
}

// switchScene loads a built-in scene by name, keeping the current one on
// error.
func (a *app) switchScene(name string) {
	sc, err := scene.Load(name)
	if err == nil {
		err = a.loadScene(sc)
	}
	a.viewer.loadFailed(err)
}

// openSceneFile loads a scene file from the panel's path field.
func (a *app) openSceneFile(path string) {
	sc, err := scene.Load(strings.TrimSpace(path))
	if err == nil {
		if err = a.loadScene(sc); err == nil {
			a.viewer.panel.fileLoaded(sc)
		}
	}
	a.viewer.loadFailed(err)
}

// resetScene restarts the running scene from tick 0, reading a scene file
// again from disk, with the user's settings kept (R and the panel's Reset).
// A file that no longer loads leaves the old scene, reset, and its error
// in the panel.
func (a *app) resetScene() {
	sc := a.sim.sc
	var err error
	if path := sceneFile(sc); path != "" {
		var fresh *scene.Scene
		if fresh, err = scene.Load(path); err == nil {
			sc = fresh
		}
	}
	keep := a.saveSettings()
	if lerr := a.loadScene(sc); lerr != nil {
		err = lerr
	} else {
		a.restoreSettings(keep)
		a.viewer.panel.fileLoaded(a.sim.sc)
	}
	a.viewer.loadFailed(err)
}

// reloadSceneFile reads the running scene's file again after it was saved
// (the watcher): the new version starts from tick 0 with the user's
// settings; an invalid one changes nothing but the panel's error line.
func (a *app) reloadSceneFile() {
	path := sceneFile(a.sim.sc)
	if path == "" {
		return
	}
	sc, err := scene.Load(path)
	if err == nil {
		keep := a.saveSettings()
		if err = a.loadScene(sc); err == nil {
			a.restoreSettings(keep)
			a.viewer.panel.fileLoaded(sc)
		}
	}
	a.viewer.loadFailed(err)
}

// loadFailed shows a load's error in the panel (and on stderr, one line),
// or clears the panel's error after a load that worked.
func (v *viewer) loadFailed(err error) {
	if v.panel == nil {
		return
	}
	if err == nil {
		v.panel.st.LoadError = ""
		return
	}
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	v.panel.st.LoadError = msg
	fmt.Fprintln(os.Stderr, "sandbox:", msg)
}
