//go:build cgo

package window

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/ccd"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// levelWorld is a level of issue 36's kind: a ground, side x side pillars
// (1 x 4 x 1 m, 4 m apart), walls thin range walls in a row behind them,
// and bodies 1 m cubes in a small cluster at the origin.
func levelWorld(t *testing.T, side, walls, bodies int) *physics.World {
	t.Helper()
	sc, err := scene.Parse("level.json", []byte(levelJSON(side, walls, bodies)))
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// levelJSON is levelWorld's scene file.
func levelJSON(side, walls, bodies int) string {
	var b strings.Builder
	half := float64(side)*2 + 10
	fmt.Fprintf(&b, `{"version": 1, "name": "level", "statics": [{"name": "ground", "min": [%g, -1, %g], "max": [%g, 0, %g]}`, -half, -half, half, half)
	for k := 0; k < side*side; k++ {
		x := float64(k%side)*4 - float64(side-1)*2
		z := float64(k/side)*4 - float64(side-1)*2
		fmt.Fprintf(&b, `, {"name": "p%d", "min": [%g, 0, %g], "max": [%g, 4, %g]}`, k, x-0.5, z-0.5, x+0.5, z+0.5)
	}
	for k := 0; k < walls; k++ {
		x := half + 5 + float64(k)
		fmt.Fprintf(&b, `, {"name": "w%d", "min": [%g, 0, -2], "max": [%g, 6, 2]}`, k, x, x+0.05)
	}
	b.WriteString(`], "bodies": [`)
	for k := 0; k < bodies; k++ {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"name": "b%d", "center": [%d, 6, 0], "half": [0.5, 0.5, 0.5]}`, k, k%3)
	}
	b.WriteString(`]}`)
	return b.String()
}

// Pillars are not range walls, and a level of many walls gets at most
// maxLanes lanes (and labels), the first in scene order.
func TestLevelLanesOnlyRangeWallsCapped(t *testing.T) {
	w := levelWorld(t, 30, 40, 3)
	var r rangeLanes
	r.build(w)
	if len(r.lanes) != maxLanes || len(r.names) != maxLanes || len(r.labels) != maxLanes || len(r.tops) != maxLanes {
		t.Fatalf("%d lanes, %d names, %d labels, %d tops; want %d each", len(r.lanes), len(r.names), len(r.labels), len(r.tops), maxLanes)
	}
	for i, l := range r.lanes {
		if name := w.Static(l.static).Name; name != fmt.Sprintf("w%d", i) {
			t.Errorf("lane %d faces %s, want w%d", i, name, i)
		}
	}
	r.build(levelWorld(t, 30, 0, 3))
	if len(r.lanes) != 0 || len(r.labels) != 0 {
		t.Fatalf("pillars alone made %d lanes (%v), want none", len(r.lanes), r.names)
	}
}

// With bodies, the home view frames them, not a field of pillars 130 m
// wide: the bodies' cluster fills a good part of the view.
func TestHomeViewFramesBodiesNotLevel(t *testing.T) {
	w := levelWorld(t, 30, 0, 6)
	var c camera
	c.frameWorld(w, 16.0/9)
	cam := c.view()
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		ext := ccd.OrientedExtent(b.Half, b.Curr.Orientation)
		for _, p := range []mgl64.Vec3{b.Curr.Center.Sub(ext), b.Curr.Center.Add(ext)} {
			x, _, ok := cam.Project(p, 1600, 900)
			if !ok {
				t.Fatalf("body corner %v not in the home view", p)
			}
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	if hi-lo < 1600/8 {
		t.Fatalf("the bodies span %.0f of 1600 pixels in the home view (distance %.1f m): specks", hi-lo, c.distance)
	}
	// No bodies: the slabs are what the view frames.
	w = levelWorld(t, 30, 0, 0)
	c.frameWorld(w, 16.0/9)
	if len(c.points) < 8*30*30 {
		t.Fatalf("a level without bodies framed %d points, want every pillar's corners", len(c.points))
	}
}
