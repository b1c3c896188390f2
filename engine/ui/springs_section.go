package ui

import (
	"strconv"

	"github.com/AllenDang/cimgui-go/imgui"
)

// SpringRow is one spring as the panel shows it.
type SpringRow struct {
	Name      string
	Extension float64 // length minus rest length, m
	Energy    float64 // potential energy k x^2 / 2, J
}

// springsSection lists each spring's extension and energy, live, so that a
// stiff spring blowing up under a long step shows in numbers as well as in
// the drawing; the section is left out when the scene has no springs.
func (u *UI) springsSection(s *PanelState) {
	if len(s.Springs) == 0 {
		return
	}
	if !imgui.CollapsingHeaderTreeNodeFlagsV("Springs", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	hook("springs")
	for _, r := range s.Springs {
		springLine(&u.line, r).text()
	}
}

// springLine writes "NAME  extension X m  energy E J" with four
// significant digits, so that a spring that has blown up (1e26 m) still
// fits the panel.
func springLine(l *line, r SpringRow) *line {
	l.reset().s(r.Name).s("  extension ")
	l.b = strconv.AppendFloat(l.b, r.Extension, 'g', 4, 64)
	l.s(" m  energy ")
	l.b = strconv.AppendFloat(l.b, r.Energy, 'g', 4, 64)
	return l.s(" J")
}
