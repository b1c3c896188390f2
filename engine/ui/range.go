package ui

import "github.com/AllenDang/cimgui-go/imgui"

// rangeSection is the list of range lanes: each puts the camera level on
// a firing line in front of one wall, at the chosen distance, facing it
// (L cycles them), so that Space fires square at that wall.
func (u *UI) rangeSection(s *PanelState) {
	if len(s.Lanes) == 0 || !imgui.CollapsingHeaderTreeNodeFlagsV("Range lanes (L)", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	for i, name := range s.Lanes {
		if imgui.SelectableBoolV(name, i == s.Lane, 0, imgui.Vec2{}) {
			s.Lane = i
			s.LaneRequested = true
		}
	}
	if imgui.SliderFloatV("distance", &s.LaneDistance, MinLaneDistance, MaxLaneDistance, "%.1f m", imgui.SliderFlagsAlwaysClamp) && s.Lane >= 0 {
		s.LaneRequested = true
	}
	tooltip("how far in front of the wall the firing line stands")
}

// selectionSection shows the state of the body picked with Shift + click.
func (u *UI) selectionSection(s *PanelState) {
	if !s.Selected || !imgui.CollapsingHeaderTreeNodeFlagsV("Selected body", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	b := &s.Body
	l := &u.line
	textUnformatted(b.Name)
	imgui.SameLine()
	if imgui.SmallButton("deselect") {
		s.ClearSelection = true
	}
	const flags = imgui.TableFlagsSizingStretchProp | imgui.TableFlagsBordersInnerV | imgui.TableFlagsRowBg
	if !imgui.BeginTableV("##body", 2, flags, imgui.Vec2{}, 0) {
		return
	}
	imgui.TableSetupColumnV("##l", imgui.TableColumnFlagsWidthStretch, 0.35, 0)
	imgui.TableSetupColumnV("##v", imgui.TableColumnFlagsWidthStretch, 1.0, 0)
	vec := func(name string, v [3]float64, unit string) {
		label(name)
		l.reset().f(v[0], 3).s(", ").f(v[1], 3).s(", ").f(v[2], 3).s(unit).cell()
	}
	vec("centre", b.Center, " m")
	label("orientation")
	q := b.Orientation
	l.reset().f(q[0], 3).s(", ").f(q[1], 3).s(", ").f(q[2], 3).s(", ").f(q[3], 3).cell()
	vec("velocity", b.Velocity, " m/s")
	vec("spin", b.AngularVelocity, " rad/s")
	label("mass")
	l.reset().f(b.Mass, 3).s(" kg").cell()
	label("contacts")
	l.reset().i(int64(b.Contacts)).cell()
	label("sleeping")
	l.reset().s(yesNo(b.Sleeping)).s(", bullet ").s(yesNo(b.Bullet)).cell()
	imgui.EndTable()
}

func yesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}
