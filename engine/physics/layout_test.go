package physics

import (
	"testing"
	"unsafe"
)

// The hot records keep the sizes and field places their comments promise
// (world.go, body_state.go, constraint.go): a change that moves them is a speed change.
func TestRecordLayout(t *testing.T) {
	if o := unsafe.Offsetof(body{}.flags); o >= 64 {
		t.Errorf("body.flags at byte %d: the per-body passes' fields left the first cache line", o)
	}
	if o := unsafe.Offsetof(body{}.angDamp); o >= 128 {
		t.Errorf("body.angDamp at byte %d: past the second cache line", o)
	}
	if s := unsafe.Sizeof(bodyState{}); s != 96 {
		t.Errorf("bodyState is %d bytes, want 96", s)
	}
	// The substeps' position pass streams these: one cache line a body.
	if s := unsafe.Sizeof(bodyPose{}); s != 64 {
		t.Errorf("bodyPose is %d bytes, want 64", s)
	}
	if s := unsafe.Sizeof(bodyMass{}); s != 24 {
		t.Errorf("bodyMass is %d bytes, want 24", s)
	}
	// The first warm start streams these instead of the constraints.
	if s := unsafe.Sizeof(warmRec{}); s != 96 {
		t.Errorf("warmRec is %d bytes, want 96", s)
	}
	// The passes stream every constraint a dozen times a step.
	if s := unsafe.Sizeof(constraint{}); s != 600 {
		t.Errorf("constraint is %d bytes, want 600", s)
	}
}
