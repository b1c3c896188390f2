package ui

import (
	"unsafe"

	"github.com/AllenDang/cimgui-go/imgui"

	"sandbox/engine/frames"
	"sandbox/engine/loop"
)

// Colours of the status line, ImGui's ABGR.
const (
	statusBg     = 0xC0101010
	statusText   = 0xFFE0E0E0
	statusAlert  = 0xFF526BFF // the panel's alertColour: CCD off, paused, recording
	statusReplay = 0xFF40D0FF // amber, as the lane labels
	// statusHeight is the strip's height, window pixels: a line of the
	// default font and a little room.
	statusHeight = 20
)

// statusPart is one stretch of the status line with its colour.
type statusPart struct {
	end    int // end of the stretch in status.b
	colour uint32
}

// status is the status line's text and colours, rebuilt every frame in
// buffers allocated once.
type status struct {
	b     []byte
	parts [12]statusPart
	n     int
}

// add appends a separator (after the first part) and text in colour c.
func (st *status) add(l *line, c uint32) {
	if st.n > 0 && st.n < len(st.parts) {
		st.b = append(st.b, "  |  "...)
		st.parts[st.n] = statusPart{end: len(st.b), colour: statusText}
		st.n++
	}
	if st.n < len(st.parts) {
		st.b = append(st.b, l.b...)
		st.parts[st.n] = statusPart{end: len(st.b), colour: c}
		st.n++
	}
}

// statusLine draws the window's state in one line along the bottom of the
// 3D view, panel shown or hidden: CCD, the interpolation mode, the target
// and measured display rates, the physics rate, recording or replaying,
// and pause. What a user should not miss is in the alert colour.
func (u *UI) statusLine(s *PanelState) {
	st := &u.status
	st.b, st.n = st.b[:0], 0
	l := &u.line
	if s.CCD {
		st.add(l.reset().s("CCD on"), statusText)
	} else {
		st.add(l.reset().s("CCD OFF"), statusAlert)
	}
	st.add(l.reset().s("interp ").s(s.Interp.String()), statusText)
	l.reset().s("target ")
	switch {
	case s.Rate == frames.Native || s.Rate == frames.Uncapped:
		l.s(s.Rate.String())
		if s.PacingHz > 0 {
			l.s(" (").f(s.PacingHz, 0).s(" Hz)")
		}
	default:
		l.f(s.Rate.Hz(0), 0).s(" Hz")
	}
	if s.PacingVRR {
		l.s(" VRR")
	}
	if s.VSync {
		l.s(", vsync")
	}
	st.add(l, statusText)
	hz := s.PresentHz
	if hz <= 0 && s.History != nil {
		hz, _ = s.History.Presentation(1)
	}
	st.add(l.reset().s("display ").f(hz, 1).s(" Hz"), statusText)
	if s.PhysicsHz > 0 {
		st.add(l.reset().s("physics ").i(int64(s.PhysicsHz)).s(" Hz"), statusText)
	}
	if p, c := loop.Policy(s.Loop.Policy), loop.CatchUp(s.Loop.CatchUp); p != loop.Fixed || c != loop.Drop {
		// Not the fixed step: a run to watch for its failures.
		st.add(l.reset().s("loop ").s(p.String()).s(", catch-up ").s(c.String()), statusAlert)
	}
	if s.Recording {
		st.add(l.reset().s("REC"), statusAlert)
	}
	if r := s.Replay; r.Active || r.Done || r.Failed || r.Stopped {
		c := uint32(statusReplay)
		l.reset().s("REPLAY ")
		switch {
		case r.Failed:
			l.s("DIFFERS")
			c = statusAlert
		case r.Done:
			l.s("done, ").i(int64(r.Checked)).s(" hashes equal")
		case r.Stopped:
			l.s("stopped at tick ").u(r.Tick)
		default:
			l.s("tick ").u(r.Tick).s(" of ").u(r.End)
		}
		st.add(l, c)
	}
	if s.Paused {
		st.add(l.reset().s("PAUSED"), statusAlert)
	}

	vh := u.layout.viewH
	if u.layout.viewW <= 0 || vh <= 0 || len(st.b) == 0 {
		return
	}
	dl := imgui.BackgroundDrawList()
	full := unsafe.String(&st.b[0], len(st.b))
	ts := imgui.CalcTextSize(full)
	y := vh - statusHeight
	dl.AddRectFilled(imgui.Vec2{X: 0, Y: y}, imgui.Vec2{X: ts.X + 16, Y: vh}, statusBg)
	x, start := float32(8), 0
	for i := 0; i < st.n; i++ {
		p := st.parts[i]
		if p.end == start {
			continue
		}
		part := unsafe.String(&st.b[start], p.end-start)
		dl.AddTextVec2(imgui.Vec2{X: x, Y: y + (statusHeight-ts.Y)/2}, p.colour, part)
		x += imgui.CalcTextSize(part).X
		start = p.end
	}
}

// StatusLine is the text of the status line drawn in the last frame.
func (u *UI) StatusLine() string { return string(u.status.b) }
