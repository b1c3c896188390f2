//go:build cgo

package window

import (
	"os"
	"path/filepath"
	"testing"

	"sandbox/engine/ui"
)

// The event list shows what physics reports of embedding and sleep: a
// box teleported into a thick block (at tick 10) is listed embedded in
// that block at tick 11, the step of the teleport; a crate resting on the
// ground is listed asleep, as an island of one, at the tick it fell asleep.
func TestWindowEventListEmbeddedAndSlept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rest.json")
	const file = `{"version": 1, "name": "rest", "statics": [
	  {"name": "ground", "min": [-20, -1, -20], "max": [20, 0, 20]},
	  {"name": "block", "min": [4, 0, -2], "max": [8, 4, 2]}],
	 "bodies": [
	  {"name": "resting", "center": [0, 0.5, 0], "half": [0.5, 0.5, 0.5]},
	  {"name": "intruder", "center": [-4, 0.5, 0], "half": [0.3, 0.3, 0.3]}],
	 "events": [{"tick": 10, "teleport": {"body": "intruder", "center": [6, 2, 0]}}]}`
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	inWindowScene(t, path, func(a *app) error {
		a.fakeClock(1.0 / 60)
		var sleptAt uint64
		for a.sim.sess.Tick() < 120 {
			if err := a.runFrames(1); err != nil {
				return err
			}
			if sleptAt == 0 && a.world().Body(0).Sleeping {
				sleptAt = a.sim.sess.Tick()
			}
		}
		if sleptAt == 0 {
			t.Fatal("the resting crate did not fall asleep in 2 s")
		}
		a.viewer.panel.sync(a)
		s := &a.viewer.panel.st
		var embedded, slept []ui.Event
		for i := 0; i < s.Events.Len(); i++ {
			switch e := s.Events.Newest(i); e.Kind {
			case ui.EventEmbedded:
				embedded = append(embedded, e)
			case ui.EventSlept:
				slept = append(slept, e)
			}
		}
		if len(embedded) != 1 || embedded[0].Tick != 11 || embedded[0].BodyName != "intruder" || embedded[0].Other != "block" {
			t.Errorf("embedded events %+v; want intruder in block at tick 11", embedded)
		}
		found := false
		for _, e := range slept {
			if e.BodyName == "resting" && e.Tick == sleptAt && e.Bodies == 1 {
				found = true
			}
		}
		if !found {
			t.Errorf("sleep events %+v; want resting, an island of 1, at tick %d", slept, sleptAt)
		}
		return nil
	})
}
