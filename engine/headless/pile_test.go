package headless

import (
	"fmt"
	"strings"
	"testing"

	"sandbox/engine/scene"
)

// pileScene is a 500-box pile (columns of 10 on a ground slab) with a volley
// of shots into it, written as a scene file so that it goes through the same
// loader and script as every other run.
func pileScene(t testing.TB) *scene.Scene {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"name": "pile-500", "statics": [{"name": "ground", "min": [-60, -1, -60], "max": [60, 0, 60]}], "bodies": [`)
	n := 0
	for col := 0; col < 50; col++ {
		x, z := float64(col%10)*1.1-5, float64(col/10)*1.1-2.5
		for k := 0; k < 10; k++ {
			if n > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"name": "b%d", "center": [%g, %g, %g], "half": [0.5, 0.5, 0.5]}`, n, x, 0.5+float64(k)*1.0, z)
			n++
		}
	}
	b.WriteString(`], "events": [`)
	for i := 0; i < 8; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"tick": %d, "fire": {"name": "shot-%d", "from": [-30, %g, %g], "direction": [1, 0.05, 0], "speed": %d, "half": [0.1, 0.1, 0.1], "mass": 2}}`,
			60+40*i, i, 1.5+float64(i%5), float64(i%3)-1, 80+200*i)
	}
	b.WriteString(`]}`)
	sc, err := scene.Parse("pile-500.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestPileHashAcrossDisplays: the state after 1,000 ticks of a 500-box pile
// with shots is the same bit for bit on 30, 60, 144 and 240 Hz displays with
// jitter and hitches, and over repeated runs.
func TestPileHashAcrossDisplays(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 ticks of 500 boxes, four times")
	}
	displays := []DisplayDef{
		{Hz: 60},
		{Hz: 30, Jitter: 0.3, Seed: 2, HitchEvery: 45, HitchSeconds: 0.05},
		{Hz: 144, Jitter: 0.5, Seed: 3, HitchEvery: 100, HitchSeconds: 0.05},
		{Hz: 240, Jitter: 0.9, Seed: 4, HitchEvery: 7, HitchSeconds: 0.1},
		{Hz: 60},
	}
	var want string
	for i, d := range displays {
		rep := mustRun(t, Options{Scene: pileScene(t), Display: d, Ticks: 1000})
		if rep.Ticks != 1000 || rep.DroppedSeconds != 0 {
			t.Fatalf("%+v: %d ticks, dropped %v s; want 1000 and 0", d, rep.Ticks, rep.DroppedSeconds)
		}
		if len(rep.Bodies) != 508 {
			t.Fatalf("%+v: %d bodies, want 500 boxes and 8 shots", d, len(rep.Bodies))
		}
		if i == 0 {
			want = rep.StateHash
			// The comparison means something only if the shots stirred the
			// pile: count boxes pushed half a metre or more off their column.
			moved := 0
			for k, body := range rep.Bodies[:500] {
				col := k / 10
				x, z := float64(col%10)*1.1-5, float64(col/10)*1.1-2.5
				dx, dz := body.Center[0]-x, body.Center[2]-z
				if dx*dx+dz*dz > 0.25 {
					moved++
				}
			}
			if moved < 10 {
				t.Fatalf("only %d boxes moved off their columns: the shots missed the pile", moved)
			}
			t.Logf("%d of 500 boxes knocked off their columns", moved)
			continue
		}
		if rep.StateHash != want {
			t.Fatalf("%+v: state hash %s, want %s as at 60 Hz", d, rep.StateHash, want)
		}
	}
}
