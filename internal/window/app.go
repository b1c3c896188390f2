//go:build cgo

package window

import (
	"fmt"
	"os"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/frames"
	"sandbox/engine/gfx"
	"sandbox/engine/headless"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// app is one window run: the shell it runs in, the viewer that draws it,
// the scene's simulation and session IO, the split views, loop control,
// and the glue between them (the frame, the key handler, loading scenes).
// Everything runs on the main thread; GLFW callbacks only change fields of
// the app.
type app struct {
	o Options

	shell  shell  // the OS window, pacing, presenting, input (shell.go)
	viewer viewer // the camera, selection, overlays and panel (view.go)

	sim simulation

	watch       *fileWatcher
	quit        bool
	interrupted bool // SIGINT or SIGTERM ended the run: outputs are not written

	io    sessionIO // -record, -replay, -trace
	split splitView // X: the view split into two display rates

	loops  loopControl // J, Shift+J, F3: the loop policy, catch-up and stalls (app_loop.go)
	shadow shadowState // the split view by loop policy (view_split_loop.go)
}

// newApp builds the renderer and the scene's simulation for an open window.
func newApp(o Options, win *glfw.Window) (*app, error) {
	a := &app{
		o:      o,
		shell:  shell{win: win, vsync: o.VSync, vrr: o.VRR, stabiliser: frames.NewStabiliser(), clock: frameClock},
		viewer: viewer{lane: -1},
	}
	a.sim.policy, a.sim.catchUp = o.Policy, o.CatchUp
	if fw, err := newFileWatcher(); err == nil { // no watcher: no reload on save, nothing else lost
		a.watch = fw
	}
	r, err := gfx.NewRenderer(gfx.Options{CheckErrors: debugGL, MSAA: msaaFromEnv()})
	if err != nil {
		return nil, err
	}
	a.viewer.r = r
	a.viewer.view = gfx.NewWorldView(o.Interp)
	a.shell.pacer = frames.NewPacer(frameClock, sleepNs)
	a.shell.window = frames.NewStats(1024)
	a.shell.runStats = frames.NewStats(1 << 16)
	if m := glfw.GetPrimaryMonitor(); m != nil {
		if vm := m.GetVideoMode(); vm != nil {
			a.shell.nativeHz = float64(vm.RefreshRate)
		}
	}
	var ok bool
	if a.shell.target, ok = frames.TargetForHz(o.DisplayHz); !ok {
		a.shell.customHz = o.DisplayHz
	}
	a.shell.applyDisplay()
	a.sim.shotSpeed = ui.DefaultShotSpeed
	a.sim.ccdFlag = o.CCD
	a.sim.rewind = true
	a.sim.noFlags = o.ignoreTeleportFlags
	a.sim.moversPerFrame = o.MoversPerFrame
	a.io.rec, a.io.replay, a.io.traceFile = o.Record, o.Replay, o.Trace
	a.shell.pt.init()
	if o.Trace != nil {
		a.io.trace = headless.NewTraceWriter(a.shell.pt.holdLines(o.Trace))
	}
	if o.Replay != nil {
		a.sim.ccdFlag, a.sim.locked = o.Replay.CCD, true
	}
	if err := a.loadScene(o.Scene); err != nil {
		a.close()
		return nil, err
	}
	if a.viewer.panel, err = newPanel(a); err != nil {
		a.close()
		return nil, err
	}
	a.installCallbacks()
	return a, nil
}

// loadScene builds a fresh world, script and loop for sc and frames the
// camera on it.
func (a *app) loadScene(sc *scene.Scene) error {
	if a.sim.loaded {
		// A recording or replay covers the session it began with: a new
		// scene (or R) ends the recording there and stops the replay.
		if err := a.endRecording(false); err != nil {
			return err
		}
		a.stopReplay("the scene was reloaded or changed")
	}
	if err := a.sim.load(sc); err != nil {
		return err
	}
	a.viewer.drag = dragState{} // the new session holds nothing
	if err := a.startSessionIO(); err != nil {
		return err
	}
	a.viewer.r.SetStatics(gfx.Statics(a.sim.world))
	// -stats pairs ticks with dropped seconds: both count from this load.
	a.shell.dropped = 0
	a.viewer.view.Reset()
	a.viewer.cam.frameWorld(a.sim.world, a.viewAspect())
	a.restartFollow()
	a.shell.win.SetTitle("sandbox — " + sc.Name)
	a.viewer.lanes.build(a.sim.world)
	a.viewer.lane = -1
	a.viewer.events.Reset()
	a.viewer.eventNote = ""
	a.watch.follow(sceneFile(sc))
	return nil
}

// viewAspect is the width / height of the 3D view in the panel's layout
// for the window's current size (GetSize allocates: scene loads and Home
// only, not every frame).
func (a *app) viewAspect() float64 {
	w, h := a.shell.win.GetSize()
	if w <= 0 || h <= 0 {
		w, h = a.o.Width, a.o.Height
	}
	show := true
	if a.viewer.panel != nil {
		show = a.viewer.panel.st.ShowPlots
	}
	vw, vh := ui.SceneSize(float32(w), float32(h), show)
	if vw <= 0 || vh <= 0 {
		return 16.0 / 9
	}
	return float64(vw) / float64(vh)
}

// homeCamera returns the camera to the scene's default view, fitted to
// the view's current shape (Home).
func (a *app) homeCamera() {
	a.viewer.cam.fitHome(a.viewAspect())
	a.viewer.cam.reset()
}

// close waits for screenshots being written, stops the file watcher and
// frees the panel and the renderer; the window is destroyed by Run.
func (a *app) close() {
	a.shell.shots.wait()
	a.watch.close()
	a.watch = nil
	a.split.deleteBuffers()
	a.viewer.panel.delete()
	a.viewer.panel = nil
	if a.viewer.r != nil {
		a.viewer.r.Delete()
		a.viewer.r = nil
	}
}

// run is the frame loop.
func (a *app) run() error {
	a.shell.lastNs = a.shell.clock()
	a.shell.pacer.Reset()
	for !a.quit && !a.shell.win.ShouldClose() && (a.o.Frames == 0 || a.shell.frameIndex < a.o.Frames) {
		if a.o.Interrupted != nil && a.o.Interrupted() {
			a.interrupted = true
			return nil
		}
		if err := a.frameOnce(); err != nil {
			return err
		}
	}
	return a.writeStats()
}

// frameOnce is one display frame: input, simulation on real frame time,
// the panel built and its changes applied, drawing at interpolated poses
// with the panel on top, pacing, presenting.
func (a *app) frameOnce() error {
	glfw.PollEvents()
	now := a.shell.clock()
	frameSeconds := float64(now-a.shell.lastNs) * 1e-9
	a.shell.lastNs = now
	if a.o.frameSeconds > 0 {
		frameSeconds = a.o.frameSeconds
	}
	if a.shell.frameIndex < len(a.o.FramesFrom) {
		// -frames-from: the recorded frame is the clock, so the session
		// steps as the recorded one did (time scale, pause and the
		// stabiliser still apply on top, as to a measured frame).
		frameSeconds = a.o.FramesFrom[a.shell.frameIndex]
	}
	frameSeconds += a.loops.takeStall() // F3: this frame lasted a stall longer
	a.shell.renderTime += frameSeconds
	a.shell.in.update(a.shell.win, &a.viewer.cam, frameSeconds)
	a.updateDrag()
	if a.shell.frameIndex == a.o.FireAtFrame {
		a.sim.fire(&a.viewer.cam, false)
	}

	step := a.sim.lp.Config().StepSeconds
	fed := a.shell.stabiliser.Apply(frameSeconds, step)
	a.sim.now = a.sim.lp.Time() // markers and flags age in simulation time
	a.syncShadow()
	a.shell.inputsBeforeAdvance(a.sim.sess)
	fr, err := a.sim.sess.Advance(fed)
	if err != nil {
		return fmt.Errorf("frame %d: %w", a.shell.frameIndex, err)
	}
	a.shell.inputsAfterAdvance(fr)
	if err := a.advanceShadow(fed); err != nil {
		return fmt.Errorf("frame %d, the split's second loop: %w", a.shell.frameIndex, err)
	}
	a.syncPeer() // the remote inputs arrived by now: roll back if they must (app_network.go)
	a.sim.consume(fr, a.viewer.view)
	a.viewer.events.AddFrame(fr, a.sim.world)
	if err := a.afterAdvance(fr, frameSeconds); err != nil {
		return err
	}
	a.viewer.drawAlpha = a.viewer.hold.Alpha(a.viewer.view.Mode, fr.Alpha, a.sim.lp.Paused(), fr.Steps)
	if a.watch.saved() {
		a.reloadSceneFile()
	}
	a.pollCaptures(now)

	fw, fh := a.shell.fbWidth, a.shell.fbHeight
	last := a.o.Frames > 0 && a.shell.frameIndex == a.o.Frames-1
	drawn := fw > 0 && fh > 0 && !a.shell.iconified
	a.shell.dropped += fr.DroppedSeconds()
	a.viewer.panel.record(a, fr, frameSeconds)
	if drawn {
		// The panel first: what the user changes shows in this frame, and
		// the 3D view gets the width the panel leaves.
		a.viewer.panel.build(a, frameSeconds)
		if err := a.draw(fr, fw, fh); err != nil {
			return err
		}
		if last && a.o.Screenshot != "" {
			if err := a.shell.screenshot(a.o.Screenshot, fw, fh); err != nil {
				return err
			}
		}
		if a.shell.screenshotPending != "" {
			if err := a.shell.captureNow(a.shell.screenshotPending, fw, fh); err != nil {
				fmt.Fprintln(os.Stderr, "sandbox:", err)
			}
			a.shell.screenshotPending = ""
		}
	} else if last && a.o.Screenshot != "" {
		return fmt.Errorf("-screenshot: the last frame was not drawn (window minimised)")
	}

	a.shell.pacer.Wait()
	if drawn {
		a.shell.win.SwapBuffers()
		presented := frameClock()
		a.shell.pacer.Presented(presented)
		a.shell.window.Present(presented)
		a.shell.runStats.Present(presented)
		if err := a.shell.presented(a.sim.sess, a.viewer.drawnTick(a.sim.sess.Tick()), a.io.trace, presented); err != nil {
			return err
		}
	} else {
		// Minimised: nothing to present, keep simulating at a sane rate.
		if a.shell.pacer.Hz() == 0 {
			sleepNs(1_000_000_000 / 60)
		}
		a.shell.window.Restart()
		a.shell.runStats.Restart()
		if err := a.shell.notPresented(a.io.trace); err != nil {
			return err
		}
	}
	a.shell.frameIndex++
	return nil
}

// draw builds the frame from the world at the loop's alpha, renders the 3D
// view left of the panel, then the panel over it (before any screenshot is
// read, so screenshots show the panel).
func (a *app) draw(fr *session.Frame, fw, fh int) error {
	vp := a.viewer.panel.viewport()
	if a.split.On && vp.W >= 2 && vp.H > 0 {
		// Each half keeps the whole view's camera shape, cut in two.
		a.viewer.cam.keepFitted(float64(vp.W/2) / float64(vp.H))
		if err := a.drawSplit(fr, fw, fh, vp); err != nil {
			return fmt.Errorf("frame %d: %w", a.shell.frameIndex, err)
		}
	} else {
		a.viewer.lines.Reset()
		a.viewer.overlay.Reset()
		a.viewer.view.Build(a.sim.world, a.viewer.drawAlpha, a.sim.lp.Config().StepSeconds, a.simTime(), &a.viewer.lines, &a.viewer.overlay)
		a.viewer.drawDrag(a.sim.world, a.sim.lp.Config().StepSeconds, a.viewer.drawAlpha)
		a.drawConfirmedGhosts()
		if vp.W > 0 && vp.H > 0 {
			a.viewer.cam.keepFitted(float64(vp.W) / float64(vp.H))
		}
		a.viewer.frame = gfx.Frame{
			Width: fw, Height: fh, View: vp, Camera: a.viewer.cam.view(),
			Dynamic: a.viewer.view.Dynamic, Lines: &a.viewer.lines, Overlay: &a.viewer.overlay,
		}
		if err := a.viewer.r.Render(&a.viewer.frame); err != nil {
			return fmt.Errorf("frame %d: %w", a.shell.frameIndex, err)
		}
	}
	a.viewer.panel.render()
	if debugGL {
		if err := gfx.CheckError("panel pass"); err != nil {
			return fmt.Errorf("frame %d: %w", a.shell.frameIndex, err)
		}
	}
	return nil
}

func (s *shell) screenshot(path string, fw, fh int) error {
	img, err := gfx.ReadPixels(fw, fh)
	if err != nil {
		return err
	}
	return gfx.SavePNG(path, img)
}

// world is the current physics world (for tests and the panel).
func (a *app) world() *physics.World { return a.sim.world }
