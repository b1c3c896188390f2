package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

const moverDT = 1.0 / 60

func mustMover(t testing.TB, w *World, d MoverDef) MoverID {
	t.Helper()
	id, err := w.AddMover(d)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// elevatorDef is a 4 x 0.5 x 4 m platform, top face at y = 0.5, that rises
// 2 m in 2 s, waits 1 s, falls, waits.
func elevatorDef() MoverDef {
	return MoverDef{Name: "lift", Center: mgl64.Vec3{0, 0.25, 0}, Half: mgl64.Vec3{2, 0.25, 2},
		Path: MoverPath{Kind: PathElevator, Height: 2, Rise: 2, Wait: 1}}
}

// bottomGap returns how far body i's lowest point is above mover k's top
// face (negative: inside it), at the end of the last step.
func bottomGap(w *World, i, k int) float64 {
	b, m := w.Body(i), w.Mover(k)
	return (b.Curr.Center[1] - b.Half[1]) - (m.Curr.Center[1] + m.Half[1])
}

// A box on a rising elevator rides it up and down, resting on it within a
// millimetre at every step (carried by the contact, not left behind and
// pushed out of an overlap).
func TestMoverElevatorCarriesRider(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	mustMover(t, w, elevatorDef())
	d := cube("rider", mgl64.Vec3{0, 1.0, 0})
	mustBody(t, w, d)
	run(w, 60, moverDT) // settle
	worst := 0.0
	top := 0.0
	for s := 0; s < 6*60; s++ {
		w.Step(moverDT, nil)
		worst = math.Max(worst, math.Abs(bottomGap(w, 0, 0)))
		top = math.Max(top, w.Body(0).Curr.Center[1])
	}
	if worst > 1e-3 {
		t.Errorf("rider drifted %.4f m from the platform's top (want <= 1 mm)", worst)
	}
	if top < 2.9 {
		t.Errorf("rider rose to y = %.3f, want about 3 (carried 2 m up)", top)
	}
	if x := w.Body(0).Curr.Center; math.Abs(x[0])+math.Abs(x[2]) > 1e-3 {
		t.Errorf("rider slid to %v", x)
	}
}

// A pusher moving along x sweeps a box along the ground.
func TestMoverPushesBox(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	mustMover(t, w, MoverDef{Name: "pusher", Center: mgl64.Vec3{-3, 0.5, 0}, Half: mgl64.Vec3{0.25, 0.5, 1},
		Path: MoverPath{Kind: PathLine, Axis: mgl64.Vec3{1, 0, 0}, Amplitude: 2, Period: 4}})
	mustBody(t, w, cube("box", mgl64.Vec3{-1.5, 0.5, 0}))
	run(w, 60, moverDT) // a quarter period: the pusher at x = -1
	if x := w.Body(0).Curr.Center[0]; x < -1+0.25+0.5-0.01 {
		t.Errorf("box at x = %.3f after the pusher reached x = -1: not pushed", x)
	}
	if n := w.Counters().Tunnels; n != 0 {
		t.Errorf("%d tunnels", n)
	}
}

// A pusher that drives a box into a wall slab never pushes it through:
// the box is squeezed against the wall, its centre stays on its side, and
// the tunnels counter (which would count it) stays at zero.
func TestMoverNeverPushesThroughSlab(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	mustStatic(t, w, "wall", mgl64.Vec3{0, 0, -5}, mgl64.Vec3{0.2, 3, 5})
	// The pusher's face reaches x = -0.3 at its furthest, 0.7 m into the
	// box's place against the wall: it must not get there.
	mustMover(t, w, MoverDef{Name: "ram", Center: mgl64.Vec3{-3, 0.5, 0}, Half: mgl64.Vec3{0.5, 0.5, 1},
		Path: MoverPath{Kind: PathLine, Axis: mgl64.Vec3{1, 0, 0}, Amplitude: 2.2, Period: 2}})
	mustBody(t, w, cube("box", mgl64.Vec3{-1.0, 0.5, 0}))
	maxX := math.Inf(-1)
	for s := 0; s < 5*60; s++ {
		w.Step(moverDT, nil)
		maxX = math.Max(maxX, w.Body(0).Curr.Center[0])
	}
	if maxX >= 0 {
		t.Errorf("box centre reached x = %.3f: inside or past the wall (face at x = 0)", maxX)
	}
	if n := w.Counters().Tunnels; n != 0 {
		t.Errorf("tunnels counter %d, want 0", n)
	}
}

// moverScene is a platform carrying a stack, a pusher and a spinning
// paddle with boxes about it.
func moverScene(t testing.TB, workers int) *World {
	def := DefaultWorldDef()
	def.Workers = workers
	w := mustWorld(t, def)
	ground(t, w)
	e := elevatorDef()
	e.Center = mgl64.Vec3{0, 0.25, 0}
	mustMover(t, w, e)
	mustMover(t, w, MoverDef{Name: "pusher", Center: mgl64.Vec3{6, 0.5, -3}, Half: mgl64.Vec3{0.25, 0.5, 1},
		Path: MoverPath{Kind: PathLine, Axis: mgl64.Vec3{1, 0, 0}, Amplitude: 2, Period: 3}})
	mustMover(t, w, MoverDef{Name: "paddle", Center: mgl64.Vec3{-6, 0.6, 0}, Half: mgl64.Vec3{2, 0.3, 0.2},
		Path: MoverPath{Kind: PathSpin, AngularVelocity: mgl64.Vec3{0, 3, 0}}})
	for i := 0; i < 5; i++ {
		mustBody(t, w, cube("stack", mgl64.Vec3{0, 1.0 + float64(i)*1.01, 0}))
	}
	for i := 0; i < 4; i++ {
		mustBody(t, w, cube("pushed", mgl64.Vec3{7 + float64(i)*1.1, 0.5, -3}))
		mustBody(t, w, cube("batted", mgl64.Vec3{-6 + 1.5*math.Cos(float64(i)), 0.5, 2.5 * math.Sin(float64(i)+0.5)}))
	}
	return w
}

// Movers give the same bits for any worker count, and their poses are a
// function of the tick: a world restored to an earlier snapshot steps to
// the same hash.
func TestMoverDeterministic(t *testing.T) {
	var want uint64
	for _, workers := range []int{1, 2, 4} {
		w := moverScene(t, workers)
		run(w, 200, moverDT)
		snap := w.Snapshot()
		run(w, 200, moverDT)
		h := w.StateHash()
		w.Restore(snap)
		run(w, 200, moverDT)
		if h2 := w.StateHash(); h2 != h {
			t.Fatalf("workers %d: restored run %x, first run %x", workers, h2, h)
		}
		if workers == 1 {
			want = h
		} else if h != want {
			t.Errorf("workers %d: hash %x, one worker %x", workers, h, want)
		}
	}
}

// The pose at tick t is the path's at t: a line mover is at its centre
// plus amplitude times the sine of its phase, in whole ticks.
func TestMoverPoseIsTheTicks(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	mustMover(t, w, MoverDef{Name: "m", Center: mgl64.Vec3{1, 2, 3}, Half: mgl64.Vec3{1, 1, 1},
		Path: MoverPath{Kind: PathLine, Axis: mgl64.Vec3{0, 0, 2}, Amplitude: 1.5, Period: 1}})
	for s := 1; s <= 90; s++ {
		w.Step(moverDT, nil)
		got := w.Mover(0).Curr.Center
		want := 3 + 1.5*math.Sin(2*math.Pi*float64(s%60)/60)
		if math.Abs(got[2]-want) > 1e-12 || got[0] != 1 || got[1] != 2 {
			t.Fatalf("tick %d: mover at %v, want z = %v", s, got, want)
		}
	}
}

// A box riding a slowly moving platform never falls asleep on it, and a
// sleeping box is woken when a mover comes for it.
func TestMoverRidersStayAwake(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	// 0.03 m/s along x: slower than the sleep speed (0.05 m/s).
	mustMover(t, w, MoverDef{Name: "slow", Center: mgl64.Vec3{0, 0.25, 0}, Half: mgl64.Vec3{2, 0.25, 2},
		Path: MoverPath{Kind: PathLine, Axis: mgl64.Vec3{1, 0, 0}, Amplitude: 1, Period: 1000}})
	mustBody(t, w, cube("rider", mgl64.Vec3{0, 1.0, 0}))
	mustBody(t, w, cube("sleeper", mgl64.Vec3{8, 0.5, 0}))
	for s := 0; s < 180; s++ {
		w.Step(moverDT, nil)
		if w.Body(0).Sleeping {
			t.Fatalf("step %d: the rider fell asleep on a moving platform", s)
		}
	}
	if !w.Body(1).Sleeping {
		t.Fatal("the box on the ground did not fall asleep")
	}
}

// A fast body is swept against a mover: a 200 m/s shot at a thin moving
// wall stops at it instead of passing through.
func TestMoverStopsFastBody(t *testing.T) {
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	w := mustWorld(t, def)
	mustMover(t, w, MoverDef{Name: "wall", Center: mgl64.Vec3{5, 0, 0}, Half: mgl64.Vec3{0.05, 2, 2},
		Path: MoverPath{Kind: PathLine, Axis: mgl64.Vec3{0, 1, 0}, Amplitude: 0.5, Period: 2}})
	d := DefaultBodyDef()
	d.Half = mgl64.Vec3{0.1, 0.1, 0.1}
	d.Velocity = mgl64.Vec3{200, 0, 0}
	mustBody(t, w, d)
	hits := 0
	for s := 0; s < 20; s++ {
		w.Step(moverDT, nil)
		for _, h := range w.Events().CCDHits {
			if h.Mover == 1 {
				hits++
			}
		}
	}
	if x := w.Body(0).Curr.Center[0]; x > 5 {
		t.Errorf("shot at x = %.2f: through the mover wall (at x = 5)", x)
	}
	if hits == 0 {
		t.Error("no CCD hit names the mover")
	}
}

// A spinning paddle bats a box: the box ends up moving away from it.
func TestMoverSpinBats(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	mustMover(t, w, MoverDef{Name: "paddle", Center: mgl64.Vec3{0, 0.5, 0}, Half: mgl64.Vec3{2, 0.3, 0.2},
		Path: MoverPath{Kind: PathSpin, AngularVelocity: mgl64.Vec3{0, 4, 0}}})
	mustBody(t, w, cube("ball", mgl64.Vec3{0, 0.5, 1.5}))
	run(w, 60, moverDT)
	p := w.Body(0).Curr.Center
	if r := math.Hypot(p[0], p[2]); r < 2.3 {
		t.Errorf("box at %v, %.2f m from the paddle's axis: not batted away", p, r)
	}
}

// Bad mover definitions are refused with the field named.
func TestMoverDefRefused(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	good := elevatorDef()
	for _, c := range []struct {
		edit func(*MoverDef)
		want string
	}{
		{func(d *MoverDef) { d.Half[1] = 0 }, "half"},
		{func(d *MoverDef) { d.Center[0] = math.NaN() }, "center"},
		{func(d *MoverDef) { d.Path.Rise = 0 }, "path.rise"},
		{func(d *MoverDef) { d.Path.Wait = -1 }, "path.wait"},
		{func(d *MoverDef) { *d = MoverDef{Half: good.Half, Path: MoverPath{Kind: PathLine, Period: 1}} }, "path.axis"},
		{func(d *MoverDef) { d.Path.Kind = 9 }, "path.kind"},
	} {
		d := good
		c.edit(&d)
		if _, err := w.AddMover(d); err == nil || !contains(err.Error(), c.want) {
			t.Errorf("want an error naming %s, got %v", c.want, err)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// A box on a platform sliding sideways is carried along by friction: it
// keeps its place on the platform through the platform's swing.
func TestMoverCarriesByFriction(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	mustMover(t, w, MoverDef{Name: "shuttle", Center: mgl64.Vec3{0, 0.25, 0}, Half: mgl64.Vec3{2, 0.25, 2},
		Path: MoverPath{Kind: PathLine, Axis: mgl64.Vec3{1, 0, 0}, Amplitude: 1, Period: 4}})
	mustBody(t, w, cube("rider", mgl64.Vec3{0, 1.0, 0}))
	// The sine starts at full speed: the box slides until friction has
	// brought it up to speed, then keeps its place.
	offset := func() float64 { return w.Body(0).Curr.Center[0] - w.Mover(0).Curr.Center[0] }
	run(w, 60, moverDT)
	d0 := offset()
	worst := 0.0
	for s := 0; s < 4*60; s++ {
		w.Step(moverDT, nil)
		worst = math.Max(worst, math.Abs(offset()-d0))
	}
	if worst > 0.01 {
		t.Errorf("the rider slid %.3f m on the platform (want it carried, within 1 cm)", worst)
	}
}
