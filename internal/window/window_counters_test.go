//go:build cgo

package window

import (
	"path/filepath"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/engine/headless"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// One run, three readers of its counters: a recorded window session on the
// range (the scripted volley with CCD switched off, so it tunnels, then
// on again, shots from the camera into the crates) writes -stats, its panel shows the
// counters, and the recording replayed headless reports them. All three
// are the session's one Counts, so they agree field for field, with the
// same state hash in -stats and in the report.
func TestWindowCountersAgreeWithReport(t *testing.T) {
	dir := t.TempDir()
	path, statsPath := filepath.Join(dir, "run.jsonl"), filepath.Join(dir, "stats.json")
	var panelCounts session.Counts
	func() {
		defer lockWindowThread(t)()
		sc, src, err := scene.LoadSource("range")
		if err != nil {
			t.Fatal(err)
		}
		f, err := safeio.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := session.NewRecorder(f, sc.File, src, sc.CCD, session.Rate{})
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Scene: sc, VSync: false, CCD: sc.CCD, Interp: interp.Lerp, Frames: 1, FireAtFrame: -1,
			Width: 960, Height: 540, Record: &Recording{File: f, Rec: rec}, Stats: statsPath,
			onExit: func(a *app) error {
				a.fakeClock(1.0 / 60)
				a.onKey(glfw.KeyC, 0) // CCD off: the volley goes through the walls
				if err := a.runFrames(150); err != nil {
					return err
				}
				a.onKey(glfw.KeyC, 0)
				for i := 0; i < 3; i++ {
					a.onKey(glfw.KeySpace, 0)
					if err := a.runFrames(40); err != nil {
						return err
					}
				}
				a.viewer.panel.sync(a)
				panelCounts = a.viewer.panel.st.Counts
				return a.writeStats() // -stats was written after the first frame: again, now
			}}
		if err := Run(o); err != nil {
			t.Fatal(err)
		}
	}()
	st := readStats(t, statsPath)
	c := st.Counts
	if c.Tunnels == 0 || c.CCDBodyHits == 0 || c.CCDGroundHits == 0 || c.CCDStops == 0 || c.ContactsBegun == 0 {
		t.Fatalf("-stats counters %+v: want tunnels, body and ground hits, stops and contacts", c)
	}
	if panelCounts != c {
		t.Errorf("the panel shows %+v,\n-stats says %+v", panelCounts, c)
	}
	if st.TeleportsDetected != c.UndeclaredJumps {
		t.Errorf("-stats teleports_detected %d, undeclared_jumps %d", st.TeleportsDetected, c.UndeclaredJumps)
	}
	rp, err := loadReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	defer rp.Close()
	rep, err := headless.Run(headless.Options{Scene: rp.Scene, Display: headless.DisplayDef{Hz: 60}, Ticks: rp.EndTick(), Replay: rp})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if rep.Ticks != st.Ticks || rep.StateHash != st.StateHash {
		t.Fatalf("replay: tick %d hash %s; -stats: tick %d hash %s", rep.Ticks, rep.StateHash, st.Ticks, st.StateHash)
	}
	if rep.Counts != c {
		t.Errorf("the replay's report counts %+v,\n-stats says %+v", rep.Counts, c)
	}
	if len(rep.Bodies) != len(st.Bodies) {
		t.Fatalf("report lists %d bodies, -stats %d", len(rep.Bodies), len(st.Bodies))
	}
	for i := range rep.Bodies {
		if rep.Bodies[i] != st.Bodies[i].BodyReport {
			t.Errorf("body %d: report %+v, -stats %+v", i, rep.Bodies[i], st.Bodies[i].BodyReport)
		}
	}
}
