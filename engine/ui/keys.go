package ui

import "github.com/AllenDang/cimgui-go/imgui"

// KeyBinding is one line of the key help: the key or gesture and what it
// does.
type KeyBinding struct {
	Key    string
	Action string
}

// KeyHelp lists every key and mouse gesture of the sandbox, as the F1
// window shows them (and as the README's table can print them).
var KeyHelp = []KeyBinding{
	{"Esc", "quit"},
	{"F1", "show / hide this key help"},
	{"V", "vsync on / off"},
	{"H", "cycle display-rate target: native, 60, 120, 144, 165, 240, uncapped"},
	{"F11", "fullscreen (video mode nearest the target rate)"},
	{"F12", "screenshot to PNG"},
	{"P", "pause / resume"},
	{"N", "single step while paused"},
	{"R", "reset the scene"},
	{"1-9", "load scene 1-9 of the browser"},
	{"I", "cycle interpolation: off, lerp, slerp, extrapolate"},
	{"C", "CCD on / off"},
	{"Right drag", "orbit the camera"},
	{"Wheel", "zoom"},
	{"W A S D + mouse", "fly the camera"},
	{"Shift", "fly faster"},
	{"Home", "reset the camera"},
	{"Left click, Space", "fire from the camera along the view"},
	{"Ctrl + fire", "fire a spinning thin plate instead of a cube"},
	{"[  ]", "shot speed down / up"},
}

// keyHelpWindow draws the F1 window; its close button clears *open.
func (u *UI) keyHelpWindow(open *bool) {
	vp := u.displaySize
	imgui.SetNextWindowPosV(imgui.Vec2{X: vp.X * 0.5, Y: vp.Y * 0.5}, imgui.CondAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	if imgui.BeginV("Keys (F1)", open, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsNoCollapse) {
		if imgui.BeginTableV("keys", 2, imgui.TableFlagsRowBg|imgui.TableFlagsBordersInnerV|imgui.TableFlagsSizingFixedFit, imgui.Vec2{}, 0) {
			for _, k := range KeyHelp {
				imgui.TableNextRow()
				imgui.TableNextColumn()
				imgui.TextUnformatted(k.Key)
				imgui.TableNextColumn()
				imgui.TextUnformatted(k.Action)
			}
			imgui.EndTable()
		}
	}
	imgui.End()
}
