package window

import (
	"fmt"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// DefaultWidth and DefaultHeight are the window's size in screen
// coordinates when Options leave it zero (-window-size's default).
const DefaultWidth, DefaultHeight = 1280, 720

// Options are what a window run needs from the command line.
type Options struct {
	Scene     *scene.Scene // the scene the window opens on
	DisplayHz float64      // frame-pacer target, Hz; 0 = as fast as vsync allows
	// VRR (-display vrr:MIN-MAX) has the pacer emulate a variable-refresh
	// display while the target is its MAX (DisplayHz); zero: none.
	VRR         headless.VRR
	VSync       bool        // wait for vertical sync (-vsync)
	CCD         bool        // continuous collision detection at the start (-ccd, or the scene's)
	Interp      interp.Mode // how poses are drawn between ticks (-interp)
	Frames      int         // exit after this many frames; 0 = until closed
	Screenshot  string      // write the last frame here as PNG ("" = no)
	Stats       string      // write frame statistics JSON here ("" = no)
	FireAtFrame int         // fire one shot from the camera at this frame; -1 = never

	// Width and Height are the window size in screen coordinates; 0 means DefaultWidth x DefaultHeight.
	Width, Height int
	// Policy and CatchUp are -loop and -catch-up (the panel and J switch
	// them live).
	Policy  loop.Policy
	CatchUp loop.CatchUp
	// MoversPerFrame is -movers per-frame (the anti-pattern).
	MoversPerFrame bool
	// Record, Replay and Trace are -record, -replay and -trace, opened and
	// checked before the window opens (nil when not given).
	Record *Recording
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

// Recording is a -record file being written atomically: the recorder and
// the file it writes to.
type Recording struct {
	File *safeio.File
	Rec  *session.Recorder
}

// Commit makes the finished recording (its end line is already written)
// its target. Safe on nil.
func (r *Recording) Commit() error {
	if r == nil {
		return nil
	}
	if err := r.File.Commit(); err != nil {
		return fmt.Errorf("-record %q: %v", r.File.Target(), err)
	}
	return nil
}

// Abort discards an unfinished recording; safe after Commit and on nil.
func (r *Recording) Abort() {
	if r != nil {
		r.File.Abort()
	}
}

// abortOutputs discards the outputs of a run that never started.
func (o Options) abortOutputs() {
	o.Record.Abort()
	if o.Trace != nil {
		o.Trace.Abort()
	}
}
