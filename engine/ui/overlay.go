package ui

import "github.com/AllenDang/cimgui-go/imgui"

// Colours of the view's overlay, packed as ImGui's ABGR.
const (
	crosshairColour = 0xE6FFFFFF // white, nearly opaque
	crosshairShadow = 0x99000000
	labelBg         = 0xB0101010
	labelText       = 0xFFFFFFFF
	laneLabelBg     = 0xE0106080 // the lane's wall: amber on dark
	laneLabelText   = 0xFF40D0FF
	toastBg         = 0xE0202020
	toastText       = 0xFF80FF80
)

// viewOverlay draws over the 3D view, under every ImGui window: the
// crosshair at the view's centre, the wall labels, the status line along
// its bottom, the message (toast) above it and, while the panel is hidden,
// how to bring it back.
func (u *UI) viewOverlay(s *PanelState) {
	dl := imgui.BackgroundDrawList()
	vw, vh := u.layout.viewW, u.layout.viewH
	if vw <= 0 || vh <= 0 {
		return
	}
	for i := range s.Labels {
		u.viewLabel(dl, &s.Labels[i])
	}
	if s.Crosshair {
		c := imgui.Vec2{X: float32(int(vw / 2)), Y: float32(int(vh / 2))}
		const arm, gap = 12, 4
		for _, d := range [4][2]float32{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			a := imgui.Vec2{X: c.X + d[0]*gap, Y: c.Y + d[1]*gap}
			b := imgui.Vec2{X: c.X + d[0]*arm, Y: c.Y + d[1]*arm}
			dl.AddLineV(a, b, crosshairShadow, 4)
			dl.AddLineV(a, b, crosshairColour, 2)
		}
		dl.AddCircleFilled(c, 1.5, crosshairColour)
	}
	u.statusLine(s)
	if s.Toast != "" {
		ts := imgui.CalcTextSize(s.Toast)
		p := imgui.Vec2{X: (vw - ts.X) / 2, Y: vh - ts.Y - 24 - statusHeight}
		dl.AddRectFilledV(imgui.Vec2{X: p.X - 8, Y: p.Y - 5}, imgui.Vec2{X: p.X + ts.X + 8, Y: p.Y + ts.Y + 5}, toastBg, 4, 0)
		dl.AddTextVec2(p, toastText, s.Toast)
	}
	if s.PanelHidden {
		dl.AddTextVec2(imgui.Vec2{X: vw - 130, Y: 6}, labelText, "F2: show the panel")
	}
}

// viewLabel draws one label centred above its point, on a dark box so
// that it reads on sky, ground and walls alike.
func (u *UI) viewLabel(dl *imgui.DrawList, lb *ViewLabel) {
	l := u.line.reset().s(lb.Text)
	if lb.Meters >= 0 {
		l.s(" at ").f(float64(lb.Meters), 1).s(" m")
	}
	ts := imgui.CalcTextSize(l.str())
	p := imgui.Vec2{X: float32(int(lb.X - ts.X/2)), Y: float32(int(lb.Y - ts.Y - 6))}
	bg, fg := uint32(labelBg), uint32(labelText)
	if lb.Lane {
		bg, fg = laneLabelBg, laneLabelText
	}
	dl.AddRectFilledV(imgui.Vec2{X: p.X - 5, Y: p.Y - 3}, imgui.Vec2{X: p.X + ts.X + 5, Y: p.Y + ts.Y + 3}, bg, 3, 0)
	dl.AddTextVec2(p, fg, l.str())
}
