package ui

import "github.com/AllenDang/cimgui-go/imgui"

// NetworkDelays are the network delay control's choices, ticks (0: off),
// in the order F4 cycles them.
var NetworkDelays = []int{0, 4, 8, 16}

var networkItems = "off\x004 ticks\x008 ticks\x0016 ticks\x00"

// NetworkState is the panel's network section: the network delay the live
// session runs with as two peers (an index into NetworkDelays), and what
// the rollbacks did.
type NetworkState struct {
	Delay int32
	// Locked: a recording or replay runs, so the session stays one peer.
	Locked bool
	// Rollbacks and Resimulated count the session's rollbacks and the
	// steps they ran again; Confirmed is the newest tick every input of
	// which has arrived, Tick the present one.
	Rollbacks, Resimulated int
	Confirmed, Tick        uint64
}

func (u *UI) networkSection(s *PanelState) {
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Network", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	n := &s.Network
	if n.Locked {
		imgui.BeginDisabled()
	}
	imgui.ComboStr("network delay (F4)", &n.Delay, networkItems)
	tooltip("play the scene as two peers: its scripted events alternate between player 1 (you, on time)\n" +
		"and player 2 (remote, arriving this many ticks late); until they arrive the session predicts them,\n" +
		"then rolls back and re-simulates. Bodies a late input touched show their confirmed pose as a\n" +
		"magenta ghost beside the predicted one. Changing it restarts the scene (not while recording or replaying)")
	if n.Locked {
		imgui.EndDisabled()
	}
	if n.Delay > 0 {
		u.line.reset().s("rollbacks ").i(int64(n.Rollbacks)).s(", re-simulated ").i(int64(n.Resimulated)).s(" ticks").text()
		u.line.reset().s("confirmed tick ").i(int64(n.Confirmed)).s(", present ").i(int64(n.Tick)).text()
	}
}
