package physics

import "testing"

// Keeping candidate pairs from step to step must not change a bit: a world
// that searches for pairs from scratch every step stays == to one that
// reuses its candidates, through a pile with shots, teleports and sleep; and
// the reuse does happen (most steps search nothing).
func TestBroadphaseCandidatesExact(t *testing.T) {
	a := buildPile(t, DefaultWorldDef(), 200)
	b := buildPile(t, DefaultWorldDef(), 200)
	b.bp.alwaysSearch = true
	var buf []Input
	for k := 0; k < 400; k++ {
		buf = shotInputs(a, k, buf)
		a.Step(1.0/60, buf)
		b.Step(1.0/60, buf)
		if a.StateHash() != b.StateHash() {
			t.Fatalf("tick %d: hashes differ", k)
		}
		if len(a.bp.keys) != len(b.bp.keys) {
			t.Fatalf("tick %d: %d pairs, %d when searched from scratch", k, len(a.bp.keys), len(b.bp.keys))
		}
		for i := range a.bp.keys {
			if a.bp.keys[i] != b.bp.keys[i] {
				t.Fatalf("tick %d: pair %d is %x, %x when searched from scratch", k, i, a.bp.keys[i], b.bp.keys[i])
			}
		}
	}
	searches := a.bp.searches
	if searches > 200 {
		t.Errorf("candidates searched again in %d of 400 steps", searches)
	}
	t.Logf("%d searches in 400 steps", searches)
}
