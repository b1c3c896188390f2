package ui

import "github.com/AllenDang/cimgui-go/imgui"

// KeyBinding is one line of the key help: the key or gesture and what it
// does.
type KeyBinding struct {
	Key    string
	Action string
}

// KeyHelp lists every key and mouse gesture of the sandbox: the one list
// the F1 window shows, the app's key handler implements (internal/window tests
// both) and docs/window.md's key table must contain.
var KeyHelp = []KeyBinding{
	{"Esc", "quit"},
	{"F1", "show / hide this key help"},
	{"1-9", "load scene 1-9 of the scene browser (the panel lists them; keys without a scene do nothing)"},
	{"R", "reset the scene (reloads a -scene file; keeps pause, time scale, CCD and toggles)"},
	{"P", "pause / resume"},
	{"N", "single step (pauses first; draws the new state)"},
	{"Left / Right", "while paused: rewind / replay one tick (the last 10 s are kept; resuming goes on from there)"},
	{"- / =", "slower / faster time: 0.05x, 0.1x, 0.25x, 0.5x, 1x, 2x"},
	{"V", "vsync on / off"},
	{"H", "cycle display-rate target: native, 60, 120, 144, 165, 240, uncapped"},
	{"X", "split view: left half presented at 60 Hz, right half at 144 Hz, from the one simulation; the camera follows the moving body"},
	{"Y", "step-count stabiliser on / off"},
	{"J", "cycle the loop policy: fixed, variable, semi-fixed, skip-long, float32-acc (not while recording or replaying)"},
	{"Shift + J", "cycle the catch-up: drop, slow, reset"},
	{"F3", "stall: the next frame lasts 50 ms longer"},
	{"F4", "cycle the network delay: off, 4, 8, 16 ticks (the scene restarts as two peers; not while recording or replaying)"},
	{"F11", "fullscreen at the video mode nearest the target rate"},
	{"F12", "screenshot to sandbox-DATE-TIME.png, panel included; \"saved FILE\" shows for 2 s"},
	{"I", "cycle interpolation: off, lerp + nlerp, lerp + slerp, extrapolate"},
	{"C", "CCD on / off (at the next tick)"},
	{"F2", "hide / show the panel (the view takes the whole width)"},
	{"Left click", "fire from the camera through the pointer (crosshair off: on a body, select it)"},
	{"Space", "fire from the camera through the crosshair (the view's centre)"},
	{"Shift + click", "select the body under the pointer (again on nothing: deselect)"},
	{"Shift + drag", "drag the body under the pointer: a spring pulls the grabbed point toward the pointer (up to 1000 N per kg)"},
	{"Left drag", "crosshair off (O): drag the body under the pointer, as Shift + drag"},
	{"L", "next range lane: camera level in front of the next wall, facing it"},
	{"O", "crosshair on / off"},
	{"Ctrl + fire", "fire a spinning thin plate instead of a cube"},
	{"[ / ]", "shot speed down / up (10 .. 20,000 m/s)"},
	{", / .", "shot size down / up"},
	{"Right drag", "orbit the camera (fly mode: look around)"},
	{"Wheel", "zoom"},
	{"W A S D", "move forward, left, back, right"},
	{"Q / E", "move down / up"},
	{"Shift", "move 4x faster"},
	{"Tab", "camera mode: orbit / fly"},
	{"Home", "reset the camera"},
	{"G", "ghosts: wireframes of the prev and curr physics poses"},
	{"T", "projectile trails (last 2 s of simulation time)"},
	{"M", "wall-hit markers and tunnel marks (6 s of simulation time)"},
	{"B", "AABBs"},
	{"K", "contact points and normals"},
	{"U", "CCD sweep volumes with time-of-impact point and normal"},
	{"Z", "tint sleeping bodies"},
}

// keyHelpWindow draws the F1 window; its close button clears *open.
func (u *UI) keyHelpWindow(open *bool) {
	// Centred over the 3D view, clear of the panel it would hide.
	imgui.SetNextWindowPosV(imgui.Vec2{X: u.layout.viewW * 0.5, Y: u.displaySize.Y * 0.5}, imgui.CondAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	if imgui.BeginV("Keys (F1)", open, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsNoCollapse) {
		// Clicks on it are not shots (InScene).
		pos, size := imgui.WindowPos(), imgui.WindowSize()
		u.floating[0] = rect{pos.X, pos.Y, size.X, size.Y}
		if imgui.BeginTableV("keys", 2, imgui.TableFlagsRowBg|imgui.TableFlagsBordersInnerV|imgui.TableFlagsSizingFixedFit, imgui.Vec2{}, 0) {
			for _, k := range KeyHelp {
				imgui.TableNextRow()
				imgui.TableNextColumn()
				textUnformatted(k.Key)
				imgui.TableNextColumn()
				textUnformatted(k.Action)
			}
			imgui.EndTable()
		}
	}
	imgui.End()
}
