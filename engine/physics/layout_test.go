package physics

import (
	"testing"
	"unsafe"
)

// The hot records keep the sizes and field places their comments promise
// (world.go, body_state.go, constraint.go, contacts.go): a change that moves them is a speed change.
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
	// The store writes a manifold's impulses, and nothing else of it: they
	// stay in one 64-byte block at byte 64 (at 32 of the odd manifolds,
	// 672 bytes being 10.5 lines).
	var m manifold
	if o, e := unsafe.Offsetof(m.ft), unsafe.Offsetof(m.normalI)+unsafe.Sizeof(m.normalI); o != 64 || e != 128 {
		t.Errorf("manifold impulses at bytes %d-%d, want 64-128", o, e)
	}
	// Prepare reads the points' separations with the impulses: the next
	// 32 bytes.
	if o := unsafe.Offsetof(m.sep); o != 128 {
		t.Errorf("manifold.sep at byte %d, want 128", o)
	}
	if s := unsafe.Sizeof(m); s != 672 {
		t.Errorf("manifold is %d bytes, want 672", s)
	}
	// A tree query reads one cache line a node.
	if s := unsafe.Sizeof(treeNode{}); s != 64 {
		t.Errorf("treeNode is %d bytes, want 64", s)
	}
	// The passes stream every constraint a dozen times a step.
	if s := unsafe.Sizeof(constraint{}); s != 504 {
		t.Errorf("constraint is %d bytes, want 504", s)
	}
	// The warm start's part (warmImpulses) ends at five cache lines.
	if o := unsafe.Offsetof(constraint{}.sep); o != 320 {
		t.Errorf("constraint.sep at byte %d, want 320", o)
	}
}
