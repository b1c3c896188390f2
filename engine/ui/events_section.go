package ui

import "github.com/AllenDang/cimgui-go/imgui"

// eventRowsShown is the fewest rows of the event list visible at once;
// a taller window shows more (eventListShare), the rest scroll. Newest
// first, so a fresh hit is always in sight.
const eventRowsShown = 6

// eventListShare is the part of the panel's height the event list may
// take: the list grows with the panel.
const eventListShare = 0.35

const eventsTip = "the newest 400 physics events since the scene was loaded, newest first:\n" +
	"CCD hits (the slab, or the body a bullet hit, and the closing speed), tunnels,\n" +
	"bodies embedded in a slab (once per stay), declared teleports, undeclared jumps,\n" +
	"and islands falling asleep or waking (the island's first or woken body, and its size).\n" +
	"The boxes pick the kinds shown (sleep and wake are hidden at first).\n" +
	"Click a row: pause on its tick (while the last 10 s of rewind hold it) and select its body."

// eventFilters are the list's kind boxes: a label and the kinds it shows.
var eventFilters = [...]struct {
	label string
	kinds EventKinds
}{
	{"hits", Kinds(EventCCDHit)},
	{"tunnels", Kinds(EventTunnel)},
	{"embedded", Kinds(EventEmbedded)},
	{"teleports", Kinds(EventTeleport)},
	{"jumps", Kinds(EventUndeclared)},
	{"sleep", Kinds(EventSlept, EventWoke)},
}

// eventsSection is the list of the newest events of the kinds ticked in
// its filter row: tick, kind, body, the slab (or body) it hit or crossed,
// and a CCD hit's closing speed. A click on a row asks the app
// (PickedEvent, EventRequested) to pause on that tick and select the body.
// Rows are drawn from the log in place with the panel's line buffer, the
// rows' selectables through cselectable.go: no row allocates, on our side
// or cimgui-go's.
func (u *UI) eventsSection(s *PanelState) {
	if s.Events == nil {
		return
	}
	ev := s.Events
	shown := 0
	for i := 0; i < ev.Len(); i++ {
		if s.EventKinds.Has(ev.Newest(i).Kind) {
			shown++
		}
	}
	l := &u.line
	// The count changes the header's text, not its ID (after ###).
	l.reset().s("Events (")
	if shown < ev.Len() || ev.Total() > uint64(ev.Len()) {
		l.i(int64(shown)).s(" shown of ")
	}
	l.u(ev.Total()).s(")###events")
	if !imgui.CollapsingHeaderTreeNodeFlagsV(l.str(), imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	tooltip(eventsTip)
	// Three boxes a row: six would not fit the panel's default width.
	if imgui.BeginTableV("##eventkinds", 3, imgui.TableFlagsSizingStretchSame, imgui.Vec2{}, 0) {
		for _, f := range eventFilters {
			imgui.TableNextColumn()
			imgui.CheckboxFlagsIntPtr(f.label, (*int32)(&s.EventKinds), int32(f.kinds))
		}
		imgui.EndTable()
	}
	if s.EventNote != "" {
		imgui.PushStyleColorVec4(imgui.ColText, alertColour)
		imgui.PushTextWrapPosV(0)
		textUnformatted(s.EventNote)
		imgui.PopTextWrapPos()
		imgui.PopStyleColor()
	}
	if shown == 0 {
		imgui.PushStyleColorVec4(imgui.ColText, labelColour)
		if ev.Len() == 0 {
			textUnformatted("none yet: fire at a wall (Space)")
		} else {
			l.reset().s("none of the kinds ticked (").i(int64(ev.Len())).s(" hidden)").text()
		}
		imgui.PopStyleColor()
		return
	}
	const flags = imgui.TableFlagsSizingStretchProp | imgui.TableFlagsBordersInnerV | imgui.TableFlagsRowBg |
		imgui.TableFlagsScrollY
	lineH := imgui.TextLineHeightWithSpacing()
	fit := max(eventRowsShown, int(u.displaySize.Y*eventListShare/lineH)-1)
	rows := min(shown, fit) + 1 // and the header
	height := float32(rows)*lineH + 2
	if !imgui.BeginTableV("##events", 5, flags, imgui.Vec2{Y: height}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(0, 1)
	imgui.TableSetupColumnV("tick", imgui.TableColumnFlagsWidthFixed, 0, 0)
	imgui.TableSetupColumnV("event", imgui.TableColumnFlagsWidthFixed, 0, 0)
	imgui.TableSetupColumnV("body", imgui.TableColumnFlagsWidthStretch, 1, 0)
	imgui.TableSetupColumnV("slab / body", imgui.TableColumnFlagsWidthStretch, 1, 0)
	imgui.TableSetupColumnV("m/s", imgui.TableColumnFlagsWidthFixed, 0, 0)
	imgui.TableHeadersRow()
	picked := s.Selected && s.PickedEvent.BodyName != ""
	for i, row := 0, 0; i < ev.Len(); i++ {
		e := ev.Newest(i)
		if !s.EventKinds.Has(e.Kind) {
			continue
		}
		row++
		imgui.TableNextRow()
		imgui.TableNextColumn()
		// The tick is the selectable, spanning the row; its ID is the
		// row's place in the list (after ##), so equal ticks stay apart.
		l.reset().u(e.Tick).s("##ev").i(int64(i))
		if l.selectable(picked && e == s.PickedEvent, imgui.SelectableFlagsSpanAllColumns) {
			s.PickedEvent = e
			s.EventRequested = true
		}
		hook("event row")
		if row == 1 {
			hook("event0")
		}
		imgui.TableNextColumn()
		alert := e.Kind == EventTunnel || e.Kind == EventUndeclared || e.Kind == EventEmbedded
		if alert {
			imgui.PushStyleColorVec4(imgui.ColText, alertColour)
		}
		textUnformatted(e.Kind.String())
		if alert {
			imgui.PopStyleColor()
		}
		imgui.TableNextColumn()
		textUnformatted(e.BodyName)
		imgui.TableNextColumn()
		if e.Kind == EventSlept || e.Kind == EventWoke {
			l.reset().s("island of ").i(int64(e.Bodies)).text()
		} else {
			textUnformatted(e.Other)
		}
		imgui.TableNextColumn()
		l.reset()
		if e.Kind == EventCCDHit {
			l.f(e.Speed, 0)
		}
		l.text()
	}
	imgui.EndTable()
}
