package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A body's Teleported flag says it was teleported in the last step: it is
// cleared by the next step, including after a Restore to a snapshot taken
// right after the teleport (the step clears the flags of the bodies it
// lists as teleported, and Restore lists them again from the flags).
func TestTeleportFlagLastsOneStep(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	a := mustBody(t, w, cube("a", mgl64.Vec3{0, 0.5, 0}))
	b := mustBody(t, w, cube("b", mgl64.Vec3{3, 0.5, 0}))
	flags := func() (bool, bool) {
		va, _ := w.BodyByID(a)
		vb, _ := w.BodyByID(b)
		return va.Teleported, vb.Teleported
	}
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: a, Center: mgl64.Vec3{0, 2, 0}}})
	snap := w.Snapshot()
	if fa, fb := flags(); !fa || fb {
		t.Fatalf("after the teleport: flags %v %v, want true false", fa, fb)
	}
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: b, Center: mgl64.Vec3{3, 2, 0}}})
	if fa, fb := flags(); fa || !fb {
		t.Fatalf("a step later, b teleported: flags %v %v, want false true", fa, fb)
	}
	w.Restore(snap)
	if fa, fb := flags(); !fa || fb {
		t.Fatalf("restored: flags %v %v, want true false", fa, fb)
	}
	w.Step(1.0/60, nil)
	if fa, fb := flags(); fa || fb {
		t.Fatalf("a step after the restore: flags %v %v, want both false", fa, fb)
	}
}
