package physics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Issue 12, part 1: large stacks come to rest. The 5,050-cube pyramid of
// Box3D's large_pyramid benchmark collapsed by step 600: the soft contacts
// (50 Hz, up to a fifth of the substep rate) made it breathe, and its rows
// bent out of their plane because a reused contact moved its anchors with
// the leaning boxes (manifold_reuse.go). Box3D's pyramid, side by side on
// this machine, has its apex at y = 98.81 after 600 steps, every box within
// 0.21 m of its start in x and 0.01 m in z, none faster than 0.08 m/s.

// pyramidState is how far a large pyramid is from where it started.
type pyramidState struct {
	apexY, maxDx, maxDz, maxSpeed float64
	worstDx                       string
}

func measurePyramid(w *World, starts []mgl64.Vec3) pyramidState {
	var s pyramidState
	for i, c0 := range starts {
		b := w.Body(i)
		c := b.Curr.Center
		if dx := math.Abs(c[0] - c0[0]); dx > s.maxDx {
			s.maxDx, s.worstDx = dx, b.Name
		}
		s.maxDz = math.Max(s.maxDz, math.Abs(c[2]-c0[2]))
		s.maxSpeed = math.Max(s.maxSpeed, b.Velocity.Len())
	}
	s.apexY = w.Body(len(starts) - 1).Curr.Center[1]
	return s
}

func (s pyramidState) String() string {
	return fmt.Sprintf("apex y %.3f, max |dx| %.3f m (%s), max |dz| %.3f m, max speed %.3f m/s",
		s.apexY, s.maxDx, s.worstDx, s.maxDz, s.maxSpeed)
}

// largePyramidDef is the world of Box3D's scene: gravity 10, 4 substeps.
func largePyramidDef(sleep bool) WorldDef {
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{0, -10, 0}
	def.Sleep = sleep
	return def
}

// The 5,050 pyramid stands after 600 and after 1,200 steps: apex above
// y = 98.5, every cube within 0.25 m of its start in x and z, none faster
// than 0.2 m/s. About a minute on one core; skipped with -short.
func TestLargePyramidStands(t *testing.T) {
	if testing.Short() {
		t.Skip("5,050 cubes for 1,200 steps")
	}
	w, starts := buildLargePyramid(t, largePyramidDef(false), 100)
	for _, at := range []int{600, 1200} {
		for w.Tick() < uint64(at) {
			w.Step(1.0/60, nil)
		}
		s := measurePyramid(w, starts)
		t.Logf("step %d: %v", at, s)
		if s.apexY <= 98.5 || s.maxDx > 0.25 || s.maxDz > 0.25 || s.maxSpeed >= 0.2 {
			t.Errorf("step %d: the pyramid does not stand: %v", at, s)
		}
	}
}

// With sleeping on, the whole 5,050 pyramid falls asleep within 10 s.
func TestLargePyramidSleeps(t *testing.T) {
	if testing.Short() {
		t.Skip("5,050 cubes for up to 600 steps")
	}
	w, starts := buildLargePyramid(t, largePyramidDef(true), 100)
	for w.Tick() < 600 && w.NumAwake() > 0 {
		w.Step(1.0/60, nil)
	}
	t.Logf("tick %d: %d of %d awake; %v", w.Tick(), w.NumAwake(), w.NumBodies(), measurePyramid(w, starts))
	if a := w.NumAwake(); a != 0 {
		t.Errorf("%d of %d cubes still awake after 10 s", a, w.NumBodies())
	}
}

// The same pyramid with a base of 50 (1,275 cubes) in every run: before the
// fix its rows bent out of the plane, the apex 1.4 m out of it by step 600.
func TestMidPyramidStands(t *testing.T) {
	w, starts := buildLargePyramid(t, largePyramidDef(false), 50)
	run(w, 600, 1.0/60)
	s := measurePyramid(w, starts)
	t.Logf("step 600: %v", s)
	if s.apexY <= 49 || s.maxDx > 0.15 || s.maxDz > 0.05 || s.maxSpeed >= 0.1 {
		t.Errorf("the pyramid does not stand: %v", s)
	}
}

// A tower of 40 cubes, each off the one below by up to 2 mm, stands for
// 20 s. Before the fix a 20-cube tower leaned and fell (the anchors of its
// reused contacts followed the lean); Box3D's tower of 60 stands.
func TestTallTowerStands(t *testing.T) {
	def := largePyramidDef(false)
	w := mustWorld(t, def)
	ground(t, w)
	rs := uint32(2024)
	off := func() float64 {
		rs = rs*1664525 + 1013904223
		return 0.002 * (float64((rs>>8)&0xffff)/32768 - 1)
	}
	for i := 0; i < 40; i++ {
		d := cube(fmt.Sprint("t", i), mgl64.Vec3{off(), 0.5 + float64(i), off()})
		d.Mass = 100
		d.Friction = 0.6
		mustBody(t, w, d)
	}
	top := w.NumBodies() - 1
	start := w.Body(top).Curr.Center
	run(w, 1200, 1.0/60)
	b := w.Body(top)
	d := b.Curr.Center.Sub(start)
	side := math.Hypot(d[0], d[2])
	t.Logf("top moved %.4f m sideways, speed %.4f m/s", side, b.Velocity.Len())
	if side > 0.1 || b.Velocity.Len() > 0.05 {
		t.Errorf("top cube moved %.4f m sideways (speed %.4f m/s): the tower leans", side, b.Velocity.Len())
	}
}
