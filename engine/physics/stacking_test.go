package physics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Issue 3: a 10-box tower stands for 10 s with its top box drifting under
// 2 cm sideways, and falls asleep. (Its sink is TestTowerSinksLittle's.)
func TestTowerStandsAndSleeps(t *testing.T) {
	w := buildTower(t, DefaultWorldDef(), 10)
	top := w.NumBodies() - 1
	start := w.Body(top).Curr.Center
	maxDrift := 0.0
	for i := 0; i < 600; i++ {
		w.Step(1.0/60, nil)
		d := w.Body(top).Curr.Center.Sub(start)
		if side := math.Hypot(d[0], d[2]); side > maxDrift {
			maxDrift = side
		}
	}
	if maxDrift >= 0.02 {
		t.Errorf("top box drifted %.4f m, want < 0.02", maxDrift)
	}
	if a := w.NumAwake(); a != 0 {
		t.Errorf("%d of %d bodies still awake after 10 s", a, w.NumBodies())
	}
	t.Logf("top drift %.5f m, top at %v", maxDrift, w.Body(top).Curr.Center)
}

// Issue 3: a 20-layer pyramid (210 boxes) stands for 10 s and falls asleep.
func TestPyramidStandsAndSleeps(t *testing.T) {
	w := buildPyramid(t, DefaultWorldDef(), 20, 0.05)
	if w.NumBodies() != 210 {
		t.Fatalf("%d boxes, want 210", w.NumBodies())
	}
	start := make([]Pose, w.NumBodies())
	for i := range start {
		start[i] = w.Body(i).Curr
	}
	run(w, 600, 1.0/60)
	worst, wi := 0.0, 0
	for i := range start {
		if d := w.Body(i).Curr.Center.Sub(start[i].Center).Len(); d > worst {
			worst, wi = d, i
		}
	}
	// Standing: no box moved more than 5 cm (a collapse moves boxes by metres).
	if worst > 0.05 {
		t.Errorf("box %s moved %.4f m", w.Body(wi).Name, worst)
	}
	if a := w.NumAwake(); a != 0 {
		t.Errorf("%d of %d bodies still awake after 10 s", a, w.NumBodies())
	}
	t.Logf("largest displacement %.5f m (%s)", worst, w.Body(wi).Name)
}

// The contacts are soft, so a stack settles a little: a 10-box tower's top
// box sinks 2.5 cm at 30 Hz, as Box3D's does (2.6 cm at g = 10 in Box3D,
// 2.5 cm here at 9.81), and must not sink further or rise.
func TestTowerSinksLittle(t *testing.T) {
	w := buildTower(t, DefaultWorldDef(), 10)
	top := w.NumBodies() - 1
	y0 := w.Body(top).Curr.Center[1]
	run(w, 300, 1.0/60)
	if sink := y0 - w.Body(top).Curr.Center[1]; sink >= 0.03 || sink < 0 {
		t.Errorf("top box sank %.4f m, want 0 <= sink < 0.03", sink)
	}
}

// Stiffer contacts must not make a pyramid bounce: a 20-layer pyramid that
// is never allowed to sleep stands still after 3 s (no box faster than
// 2 cm/s for the next 3 s). At 30 Hz it settles in about 3 s (its fastest
// box: 5 cm/s at 1 s, 1.5 cm/s at 3 s, 0.6 cm/s at 4 s).
func TestPyramidStandsStill(t *testing.T) {
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPyramid(t, def, 20, 0.05)
	run(w, 180, 1.0/60)
	worst, wi := 0.0, 0
	for k := 0; k < 180; k++ {
		w.Step(1.0/60, nil)
		for i := 0; i < w.NumBodies(); i++ {
			if v := w.Body(i).Velocity.Len(); v > worst {
				worst, wi = v, i
			}
		}
	}
	if worst > 0.02 {
		t.Errorf("%s moved at %.4f m/s between 3 and 6 s, want < 0.02", w.Body(wi).Name, worst)
	}
	t.Logf("fastest box %.5f m/s (%s)", worst, w.Body(wi).Name)
}

// Issue 12: a reused contact keeps its normal fixed in the world. When it
// turned with the box whose face it is, every tiny wobble of a stacked box
// tilted it, and the weight it carried pushed the box above sideways: a
// frictionless tower of 20 cubes, each offset by up to 2 mm, slid apart
// within 5 s (boxes at 11 m/s). It must stand, as in Box3D.
func TestFrictionlessOffsetTowerStands(t *testing.T) {
	def := DefaultWorldDef()
	def.Sleep = false
	w := mustWorld(t, def)
	ground(t, w)
	rs := uint32(12345)
	for i := 0; i < 20; i++ {
		rs = rs*1664525 + 1013904223
		d := cube(fmt.Sprint("t", i), mgl64.Vec3{0, 0.5 + float64(i), 0.002 * (float64((rs>>8)&0xffff)/32768 - 1)})
		d.Friction = 0
		mustBody(t, w, d)
	}
	start := make([]mgl64.Vec3, w.NumBodies())
	for i := range start {
		start[i] = w.Body(i).Curr.Center
	}
	run(w, 600, 1.0/60)
	for i := range start {
		b := w.Body(i)
		d := b.Curr.Center.Sub(start[i])
		if math.Hypot(d[0], d[2]) > 0.01 || b.Velocity.Len() > 0.01 {
			t.Errorf("%s moved %.4f m sideways, speed %.4f m/s", b.Name, math.Hypot(d[0], d[2]), b.Velocity.Len())
		}
	}
}
