package interp

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

func quatAngle(a, b mgl64.Quat) float64 {
	d := math.Abs(a.Dot(b))
	return 2 * math.Acos(math.Min(d, 1))
}

func TestModeNamesRoundTrip(t *testing.T) {
	for _, m := range Modes() {
		got, err := ParseMode(m.String())
		if err != nil || got != m {
			t.Fatalf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseMode("cubic"); err == nil {
		t.Fatal("ParseMode accepted an unknown mode")
	}
	if Extrapolate.Next() != Off || Off.Next() != Lerp {
		t.Fatal("Next does not cycle through the modes")
	}
}

func TestLerpHalfwayBetweenTicks(t *testing.T) {
	// A body moving 0.5 m per step, drawn at alpha 0.5, is drawn at 0.25 while
	// its physics pose is at 0.5.
	b := physics.BodyView{
		Prev:     physics.Pose{Center: mgl64.Vec3{0, 0, 0}, Orientation: mgl64.QuatIdent()},
		Curr:     physics.Pose{Center: mgl64.Vec3{0.5, 0, 0}, Orientation: mgl64.QuatIdent()},
		Velocity: mgl64.Vec3{30, 0, 0},
	}
	cases := []struct {
		mode Mode
		x    float64
	}{
		{Off, 0.5}, {Lerp, 0.25}, {Slerp, 0.25}, {Extrapolate, 0.5 + 30*0.5/60},
	}
	for _, c := range cases {
		p := BodyPose(c.mode, b, 0.5, 1.0/60)
		if math.Abs(p.Center[0]-c.x) > 1e-12 {
			t.Errorf("%v: drawn x = %v, want %v", c.mode, p.Center[0], c.x)
		}
	}
	if b.Curr.Center[0] != 0.5 {
		t.Fatal("BodyPose changed the physics pose")
	}
}

func TestTeleportedBodyIsDrawnAtCurr(t *testing.T) {
	b := physics.BodyView{
		Prev:       physics.Pose{Center: mgl64.Vec3{-9, 0, 0}, Orientation: mgl64.QuatIdent()},
		Curr:       physics.Pose{Center: mgl64.Vec3{9, 0, 0}, Orientation: mgl64.QuatRotate(1, mgl64.Vec3{0, 1, 0})},
		Velocity:   mgl64.Vec3{100, 0, 0},
		Teleported: true,
	}
	for _, m := range Modes() {
		for _, a := range []float64{0, 0.3, 0.99} {
			if p := BodyPose(m, b, a, 1.0/60); p != b.Curr {
				t.Fatalf("%v at alpha %v drew a teleported body at %v, want curr %v", m, a, p, b.Curr)
			}
		}
	}
}

func TestNlerpTakesShortestArc(t *testing.T) {
	a := mgl64.QuatRotate(0.2, mgl64.Vec3{0, 0, 1})
	b := mgl64.QuatRotate(0.6, mgl64.Vec3{0, 0, 1})
	negB := mgl64.Quat{W: -b.W, V: b.V.Mul(-1)} // same rotation, other hemisphere
	for _, f := range []func(a, b mgl64.Quat, t float64) mgl64.Quat{NlerpQuat, SlerpQuat} {
		m1 := f(a, b, 0.5)
		m2 := f(a, negB, 0.5)
		if quatAngle(m1, m2) > 1e-9 {
			t.Fatalf("q and -q blend to different rotations: %v vs %v", m1, m2)
		}
		if got := quatAngle(a, m1); math.Abs(got-0.2) > 1e-6 {
			t.Fatalf("midpoint is %v rad from a, want 0.2", got)
		}
		if l := m1.Len(); math.Abs(l-1) > 1e-12 {
			t.Fatalf("blend is not unit length: %v", l)
		}
	}
}

func TestSlerpHasConstantAngularSpeed(t *testing.T) {
	a := mgl64.QuatIdent()
	b := mgl64.QuatRotate(2.5, mgl64.Vec3{1, 1, 0}.Normalize())
	for _, s := range []float64{0.1, 0.25, 0.5, 0.75, 0.9} {
		if got := quatAngle(a, SlerpQuat(a, b, s)); math.Abs(got-2.5*s) > 1e-9 {
			t.Fatalf("slerp at %v turned %v rad, want %v", s, got, 2.5*s)
		}
	}
	// nlerp is not constant-speed over a large arc: it must differ from slerp
	// somewhere, or the two modes would be the same thing.
	if math.Abs(quatAngle(a, NlerpQuat(a, b, 0.25))-2.5*0.25) < 1e-3 {
		t.Fatal("nlerp matched slerp over a 2.5 rad arc; the test cannot tell the modes apart")
	}
}

func TestEndpoints(t *testing.T) {
	prev := physics.Pose{Center: mgl64.Vec3{1, 2, 3}, Orientation: mgl64.QuatRotate(0.4, mgl64.Vec3{0, 1, 0})}
	curr := physics.Pose{Center: mgl64.Vec3{4, 5, 6}, Orientation: mgl64.QuatRotate(1.1, mgl64.Vec3{0, 1, 0})}
	for _, m := range []Mode{Lerp, Slerp} {
		p := Blend(m, prev, curr, mgl64.Vec3{}, mgl64.Vec3{}, 0, 1.0/60)
		if !p.Center.ApproxEqual(prev.Center) || quatAngle(p.Orientation, prev.Orientation) > 1e-7 {
			t.Fatalf("%v at alpha 0 = %v, want prev", m, p)
		}
	}
}

func TestExtrapolateRotatesByAngularVelocity(t *testing.T) {
	curr := physics.Pose{Orientation: mgl64.QuatIdent()}
	w := mgl64.Vec3{0, 6, 0} // rad/s
	p := Blend(Extrapolate, curr, curr, mgl64.Vec3{}, w, 0.5, 0.1)
	if got := quatAngle(curr.Orientation, p.Orientation); math.Abs(got-0.3) > 1e-9 {
		t.Fatalf("extrapolated rotation %v rad, want 0.3", got)
	}
}

func BenchmarkBodyPoseLerp(b *testing.B) {
	v := physics.BodyView{
		Prev: physics.Pose{Center: mgl64.Vec3{0, 1, 0}, Orientation: mgl64.QuatIdent()},
		Curr: physics.Pose{Center: mgl64.Vec3{0.1, 1, 0}, Orientation: mgl64.QuatRotate(0.1, mgl64.Vec3{0, 1, 0})},
	}
	b.ReportAllocs()
	var sink physics.Pose
	for i := 0; i < b.N; i++ {
		sink = BodyPose(Lerp, v, 0.5, 1.0/60)
	}
	_ = sink
}
