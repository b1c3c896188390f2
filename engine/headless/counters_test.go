package headless

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"sandbox/engine/scene"
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

// A box of bullets knocks bodies that stop again within the same step
// (against a wall, or another box): slow at both ends of the step, they
// still travelled fast in it. They are not undeclared jumps: the detector
// judges them by the physics' speed during the step (StepSpeed). Judged by
// the end speeds alone, 500 bullets counted about ten in 4 s.
func TestBulletsKnockedWithinAStepAreNotJumps(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"version": 1, "name": "bullets", "physics_hz": 60, "ccd": true, "sleep": false, "statics": [`)
	const c, layers = 8, 8 // the inside: 16 x 16 x 16 m
	L, H := 2.0*c, 2.0*layers
	for k, s := range [][6]float64{
		{-0.4, -0.4, -0.4, L + 0.4, 0, L + 0.4}, {-0.4, H, -0.4, L + 0.4, H + 0.4, L + 0.4},
		{-0.4, 0, -0.4, 0, H, L + 0.4}, {L, 0, -0.4, L + 0.4, H, L + 0.4},
		{0, 0, -0.4, L, H, 0}, {0, 0, L, L, H, L + 0.4},
	} {
		if k > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name": "wall%d", "min": [%g, %g, %g], "max": [%g, %g, %g]}`, k, s[0], s[1], s[2], s[3], s[4], s[5])
	}
	b.WriteString(`], "bodies": [], "events": [`)
	rng := rand.New(rand.NewPCG(36, 2026))
	for k := 0; k < 500; k++ {
		if k > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"tick": 0, "fire": {"name": "b%d", "from": [%d, %d, %d], "direction": [%g, %g, %g], "speed": 250, "half": [0.25, 0.25, 0.25]}}`,
			k, 1+2*(k%c), 1+2*(k/(c*c)), 1+2*(k/c%c), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64())
	}
	b.WriteString(`]}`)
	sc, err := scene.Parse("bullets.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	rep := mustRun(t, Options{Scene: sc, Display: DisplayDef{Hz: 60}, Ticks: 240})
	if rep.CCDHits == 0 || rep.Tunnels != 0 || rep.UndeclaredJumps != 0 {
		t.Fatalf("ccd_hits %d, tunnels %d, undeclared_jumps %d: want hits, and neither tunnels nor jumps",
			rep.CCDHits, rep.Tunnels, rep.UndeclaredJumps)
	}
}
