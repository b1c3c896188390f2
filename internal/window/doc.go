// Package window is the sandbox's window: a GLFW/OpenGL run of one scene
// with the Dear ImGui panel, driven by cmd/sandbox through Run(Options).
// It sits above the engine packages and below the command: it imports
// engine/ and internal/ packages, never cmd/sandbox (docs/layout.md; the
// layering test in internal/layering checks it).
//
// The window code needs cgo (GLFW, OpenGL, Dear ImGui); in a CGO_ENABLED=0
// build Run refuses with ErrNoDisplay, and only options.go,
// shell_window_nocgo.go, shell_swapstamp.go and view_scenepath.go are built.
//
// The files, by what they do. One app value (app.go) is a window run. It
// holds a shell (shell.go: the OS window, pacing, presenting, input
// polling, capture) and a viewer (view.go: the renderer, camera,
// selection, drag, lanes, event list, the view's message and the panel),
// each with the methods that need only it; what stays on app is the
// simulation, the session IO, the split views, loop control and the glue
// between the parts, spread over the files named for what they serve (a
// shell_ or view_ file also holds the app's glue for its part, such as the
// key handler in shell_input.go):
//
// The shell, shell*.go: the OS window, frame pacing, presenting, input
// polling and capture.
//
//	shell.go              the shell type: what it holds
//	shell_window.go       Run; opening GLFW and a GL 4.1 core context, its errors
//	shell_window_nocgo.go Run in the CGO_ENABLED=0 build: no window
//	shell_display.go      swap interval, the pacer's target, fullscreen
//	shell_present.go      present timing, input latency, the -stats present fields
//	shell_swapstamp.go    the -trace line held until its frame's SwapBuffers returns
//	shell_time.go         the frame clock and the simulation time drawn
//	shell_input.go        callbacks, mouse and keyboard state, the key handler
//	shell_capture.go      F12 screenshots, encoded off the main thread
//
// The viewer, view*.go: what is drawn and how the user points at it.
//
//	view.go               the viewer type: what it holds; the view's message
//	view_camera.go        orbit and fly camera, framing a world
//	view_picking.go       selecting the body under the pointer
//	view_drag.go          the mouse drag of a body
//	view_aim.go           firing along the view or through the pointer
//	view_lanes.go         the range's firing lanes and wall labels
//	view_panel.go         binding the panel's state to the app, both ways
//	view_events.go        the event list's rows: going to an event's tick
//	view_scenepath.go     the scene browser's labels for scene files
//	view_split.go         the split view: one simulation at two display rates
//	view_split_follow.go  the split view's followed body and its outlines
//	view_split_loop.go    the split view by loop policy (a shadow simulation)
//
// The run, app*.go: the app value and the simulation it drives.
//
//	app.go                the app: its parts, construction, the frame, closing
//	app_sim.go            the window's side of the simulation session, shots
//	app_shotcap.go        shots kept within the scene's body bound
//	app_loop.go           loop policy switches and stalls on demand
//	app_network.go        the network delay (rollback) and its confirmed ghosts
//	app_record.go         -record, -replay and -trace during a run
//	app_reset.go          loading, resetting and reloading scenes
//	app_watch.go          watching a scene file for saves
//	app_stats.go          the -stats file (StatsFile)
//	options.go            Options, Recording and the default window size
package window
