//go:build cgo

package window

import (
	"testing"

	"sandbox/engine/scene"
)

// The panel lists the scene's springs with the world's own extension and
// energy after the last step, and lists none for a scene without springs.
func TestWindowPanelListsSprings(t *testing.T) {
	inWindow(t, 1280, 720, func(a *app) error {
		sc, err := scene.Load("springs")
		if err != nil {
			return err
		}
		if err := a.loadScene(sc); err != nil {
			return err
		}
		a.o.frameSeconds = 1.0 / 60
		if err := a.runFrames(30); err != nil {
			return err
		}
		p := a.viewer.panel
		p.sync(a)
		w := a.sim.world
		if w.NumSprings() == 0 || len(p.st.Springs) != w.NumSprings() {
			t.Fatalf("panel lists %d springs, the world has %d", len(p.st.Springs), w.NumSprings())
		}
		for i, r := range p.st.Springs {
			sv := w.Spring(i)
			if r.Name != sv.Name || r.Extension != sv.Extension || r.Energy != sv.Energy {
				t.Errorf("spring %d: panel %+v, world %s %v m %v J", i, r, sv.Name, sv.Extension, sv.Energy)
			}
		}
		glider, err := scene.Load("glider")
		if err != nil {
			return err
		}
		if err := a.loadScene(glider); err != nil {
			return err
		}
		p.sync(a)
		if len(p.st.Springs) != 0 {
			t.Errorf("glider: panel lists %d springs, want none", len(p.st.Springs))
		}
		return nil
	})
}
