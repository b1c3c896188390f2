//go:build cgo

package window

import (
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// pickEvent is a click on a row of the panel's event list, made the way a
// user's click reaches the app: between the panel's sync and apply.
func (a *app) pickEvent(e ui.Event) error {
	p := a.viewer.panel
	p.sync(a)
	p.before = p.st
	p.st.PickedEvent, p.st.EventRequested = e, true
	p.apply(a)
	return a.runFrames(2)
}

// A shot fired down the 1 mm wall's lane shows up in the panel's event
// list as a CCD hit of that shot on that wall, at the tick in which the
// shot was stopped. Clicking the row later pauses the session on that
// tick, in the very state it had then (the state hash), draws that
// tick's poses and selects the shot; stepping on from there drops the
// events of the abandoned branch. Once the rewind buffer no longer holds
// the tick, a click pauses and selects but says it cannot go back.
func TestWindowEventListHitAndClick(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		a.fakeClock(1.0 / 60)
		a.onKey(glfw.KeyL, 0)
		if a.viewer.lane != laneOf(t, a, "wall-1mm") {
			t.Fatalf("L picked lane %d, want the 1 mm wall's", a.viewer.lane)
		}
		shot := a.world().NumBodies()
		a.onKey(glfw.KeySpace, 0)
		// Frame by frame: the state hash after every tick a frame ends on,
		// and the frame in which the shot lost its speed toward the wall
		// (the physics' own account of when it hit).
		hashes := map[uint64]uint64{}
		var stopFrom, stopTo uint64 // the stopping frame's ticks: (from, to]
		for a.sim.sess.Tick() < 200 {
			if stopTo > 0 {
				a.o.frameSeconds = 8.0 / 60 // the rest at the step cap's worth a frame
			}
			from := a.sim.sess.Tick()
			if err := a.runFrames(1); err != nil {
				return err
			}
			hashes[a.sim.sess.Tick()] = a.world().StateHash()
			if stopTo == 0 && a.world().NumBodies() > shot && a.world().Body(shot).Velocity[0] < 0.5*a.sim.shotSpeed {
				stopFrom, stopTo = from, a.sim.sess.Tick()
			}
		}
		if b := a.world().Body(shot); b.Name != "user-shot-1" || stopTo == 0 {
			t.Fatalf("body %d is %q, stopped in ticks (%d, %d]: want the shot, stopped by the wall", shot, b.Name, stopFrom, stopTo)
		}

		var hit ui.Event
		found, later := false, 0
		for i := 0; i < a.viewer.events.Len(); i++ {
			e := a.viewer.events.Newest(i)
			if e.Kind == ui.EventCCDHit && e.Body == shot {
				hit, found = e, true
			}
		}
		if !found {
			t.Fatalf("no CCD hit of the shot in the event list (%d events)", a.viewer.events.Len())
		}
		if hit.BodyName != "user-shot-1" || hit.Other != "wall-1mm" || hit.OtherBody || hit.Tick <= stopFrom || hit.Tick > stopTo {
			t.Fatalf("the shot's hit in the list: %+v; want user-shot-1 on wall-1mm at a tick in (%d, %d]", hit, stopFrom, stopTo)
		}
		for i := 0; i < a.viewer.events.Len(); i++ {
			if a.viewer.events.Newest(i).Tick > hit.Tick+1 {
				later++
			}
		}
		if later == 0 {
			t.Fatal("no event after the shot's hit (the scripted shots): the branch check below proves nothing")
		}
		if _, ok := hashes[hit.Tick]; !ok {
			t.Fatalf("no frame ended on tick %d: no state to compare with", hit.Tick)
		}

		// The click: paused on the hit's tick, in its state, the shot selected.
		if err := a.pickEvent(hit); err != nil {
			return err
		}
		s := &a.viewer.panel.st
		switch {
		case !a.sim.lp.Paused() || a.sim.sess.Tick() != hit.Tick:
			t.Fatalf("after the click: paused %v at tick %d, want paused at %d", a.sim.lp.Paused(), a.sim.sess.Tick(), hit.Tick)
		case a.world().StateHash() != hashes[hit.Tick]:
			t.Errorf("tick %d shown with hash %016x, it had %016x", hit.Tick, a.world().StateHash(), hashes[hit.Tick])
		case a.viewer.view.Selected != shot || !s.Selected || s.Body.Name != "user-shot-1":
			t.Errorf("selected %d (panel %v %q), want the shot %d", a.viewer.view.Selected, s.Selected, s.Body.Name, shot)
		case s.EventNote != "":
			t.Errorf("note %q after a click on a tick the buffer holds", s.EventNote)
		}
		b := a.world().Body(shot)
		want := gfx.MakeInstance(b.Curr.Center, b.Half, b.Curr.Orientation, [4]float32{})
		if got := a.viewer.view.Dynamic[shot]; got.Center != want.Center {
			t.Errorf("the shot is drawn at %v, want its pose at tick %d, %v", got.Center, hit.Tick, want.Center)
		}
		if x := b.Curr.Center[0]; x > 20 || x < 19 {
			t.Errorf("at the hit's tick the shot is at %v, want just in front of the 1 mm wall (x = 20)", b.Curr.Center)
		}

		// One step on from there: a new branch, the old one's events gone.
		a.onKey(glfw.KeyN, 0)
		if err := a.runFrames(2); err != nil {
			return err
		}
		for i := 0; i < a.viewer.events.Len(); i++ {
			if e := a.viewer.events.Newest(i); e.Tick > hit.Tick+1 {
				t.Fatalf("after stepping on from tick %d: event %+v of the abandoned branch still listed", hit.Tick, e)
			}
		}

		// A rewind buffer that no longer holds the hit's tick: running on
		// for 10 s would do it; a fresh ring from the tick after does so
		// at once.
		if err := a.runFrames(1); err != nil {
			return err
		}
		a.sim.sess.EnableRewind(session.RewindTicks(a.sim.sess.StepSeconds()))
		if lo, _, _ := a.sim.sess.RewindRange(); lo <= hit.Tick {
			t.Fatalf("the rewind buffer still holds tick %d (from %d)", hit.Tick, lo)
		}
		a.viewer.view.Selected = -1
		tick := a.sim.sess.Tick()
		if err := a.pickEvent(hit); err != nil {
			return err
		}
		note := a.viewer.panel.st.EventNote
		if !a.sim.lp.Paused() || a.sim.sess.Tick() != tick || a.viewer.view.Selected != shot ||
			!strings.Contains(note, strconv.FormatUint(hit.Tick, 10)) {
			t.Errorf("a click on tick %d, gone from the buffer: paused %v, tick %d -> %d, selected %d, note %q; "+
				"want paused where it was, the shot selected and a note naming the tick",
				hit.Tick, a.sim.lp.Paused(), tick, a.sim.sess.Tick(), a.viewer.view.Selected, note)
		}
		return nil
	})
}

// The panel's counters say what they count: on the teleport scene the one
// declared teleport by tick 66 is `teleports`, and `undeclared jumps` is
// 0 with the flags honoured and 1 with them ignored (the panel's old
// "teleports" showed the detector's count: 0 here, with the flag
// honoured). The event list has the teleport, at the tick its step ended
// on, and with the flags ignored the detector's catch too. CCD hits are
// shown with their split.
func TestWindowPanelCountersAndTeleportEvents(t *testing.T) {
	defer lockWindowThread(t)()
	sc, err := scene.Load("teleport")
	if err != nil {
		t.Fatal(err)
	}
	for _, ignore := range []bool{false, true} {
		err := Run(Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, FireAtFrame: -1,
			Frames: 22, Width: 640, Height: 400, frameSeconds: 3.0 / 60, ignoreTeleportFlags: ignore,
			onExit: func(a *app) error {
				a.viewer.panel.sync(a)
				s := &a.viewer.panel.st.Counts
				wantJumps := uint64(0)
				if ignore {
					wantJumps = 1
				}
				if s.Teleports != 1 || s.UndeclaredJumps != wantJumps {
					t.Errorf("flags ignored %v: panel teleports %d, undeclared jumps %d; want 1 and %d", ignore, s.Teleports, s.UndeclaredJumps, wantJumps)
				}
				if s.CCDHits != s.CCDWallHits+s.CCDGroundHits+s.CCDBodyHits || s.CCDHits != a.world().Counters().CCDHits {
					t.Errorf("CCD hits %d, split %d + %d + %d, world %d", s.CCDHits, s.CCDWallHits, s.CCDGroundHits, s.CCDBodyHits, a.world().Counters().CCDHits)
				}
				kinds := map[ui.EventKind]ui.Event{}
				for i := 0; i < a.viewer.panel.st.Events.Len(); i++ {
					e := a.viewer.panel.st.Events.Newest(i)
					kinds[e.Kind] = e
				}
				if e, ok := kinds[ui.EventTeleport]; !ok || e.Tick != 61 || e.BodyName != "glider" || e.Body != 0 {
					t.Errorf("flags ignored %v: teleport event %+v (listed %v); want glider at tick 61, the step from 60", ignore, e, ok)
				}
				if e, ok := kinds[ui.EventUndeclared]; ok != ignore || (ok && e.BodyName != "glider") {
					t.Errorf("flags ignored %v: undeclared jump event %+v (listed %v)", ignore, e, ok)
				}
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
	}
}
