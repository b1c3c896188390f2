package headless

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The report names each counter for what it counts: the range's volley
// hits walls and then the ground, the split adds up to ccd_hits; the
// teleport scene's declared teleports are "teleports", and none of them is
// an undeclared jump.
func TestReportCountersSplit(t *testing.T) {
	rng := mustRun(t, Options{Scene: mustScene(t, "range"), Display: DisplayDef{Hz: 60}, Ticks: 600})
	if rng.CCDWallHits == 0 || rng.CCDGroundHits == 0 ||
		rng.CCDWallHits+rng.CCDGroundHits+rng.CCDBodyHits != rng.CCDHits {
		t.Fatalf("range: ccd_hits %d = wall %d + ground %d + body %d? want both wall and ground hits",
			rng.CCDHits, rng.CCDWallHits, rng.CCDGroundHits, rng.CCDBodyHits)
	}
	tp := mustRun(t, Options{Scene: mustScene(t, "teleport"), Display: DisplayDef{Hz: 60}, Ticks: 300})
	if tp.Teleports == 0 || tp.UndeclaredJumps != 0 {
		t.Fatalf("teleport: teleports %d, undeclared_jumps %d; want declared teleports and no undeclared jump",
			tp.Teleports, tp.UndeclaredJumps)
	}
	var buf bytes.Buffer
	if err := tp.Write(&buf); err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(buf.Bytes(), &fields); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"teleports", "undeclared_jumps", "ccd_hits", "ccd_wall_hits", "ccd_ground_hits", "ccd_body_hits"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("report has no %q", k)
		}
	}
}
