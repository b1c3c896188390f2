package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Free fall matches x0 + v0 t + g t^2/2 to rounding (the integrator treats
// gravity exactly for bodies without contacts), with CCD on (fast enough to
// be swept) and off, at several rates.
func TestFreeFallClosedForm(t *testing.T) {
	for _, hz := range []float64{30, 60, 144} {
		for _, ccdOn := range []bool{true, false} {
			def := DefaultWorldDef()
			def.CCD = ccdOn
			w := mustWorld(t, def)
			x0 := mgl64.Vec3{1, 100, -3}
			v0 := mgl64.Vec3{2, 15, -1}
			d := cube("ball", x0)
			d.Velocity = v0
			id := mustBody(t, w, d)
			dt := 1 / hz
			n := int(5 * hz)
			run(w, n, dt)
			tt := float64(n) * dt
			want := x0.Add(v0.Mul(tt)).Add(def.Gravity.Mul(0.5 * tt * tt))
			b, _ := w.BodyByID(id)
			if e := b.Curr.Center.Sub(want).Len(); e > 1e-9*want.Len() {
				t.Errorf("%v Hz ccd=%v: centre %v, want %v (error %.3g m)", hz, ccdOn, b.Curr.Center, want, e)
			}
			wantV := v0.Add(def.Gravity.Mul(tt))
			if e := b.Velocity.Sub(wantV).Len(); e > 1e-9*wantV.Len() {
				t.Errorf("%v Hz ccd=%v: velocity %v, want %v", hz, ccdOn, b.Velocity, wantV)
			}
		}
	}
}

// A box sliding at 5 m/s with friction 0.5 stops within 2% of v^2/(2 mu g).
func TestSlidingStopDistance(t *testing.T) {
	for _, v := range []float64{2, 5} {
		w := mustWorld(t, DefaultWorldDef())
		ground(t, w)
		d := cube("slider", mgl64.Vec3{0, 0.5, 0})
		d.Velocity = mgl64.Vec3{v, 0, 0}
		d.Friction = 0.5
		id := mustBody(t, w, d)
		for i := 0; i < 300; i++ {
			w.Step(1.0/60, nil)
		}
		b, _ := w.BodyByID(id)
		if b.Velocity.Len() > 1e-3 {
			t.Fatalf("v=%v: still moving at %v after 5 s", v, b.Velocity)
		}
		want := v * v / (2 * 0.5 * 9.81)
		got := b.Curr.Center[0]
		if math.Abs(got-want) > 0.02*want {
			t.Errorf("v=%v: stopped after %.4f m, want %.4f +- 2%%", v, got, want)
		}
		if math.Abs(b.Curr.Center[2]) > 1e-3 || math.Abs(b.Curr.Center[1]-0.5) > 1e-3 {
			t.Errorf("v=%v: left its lane or the ground: %v", v, b.Curr.Center)
		}
	}
}

// dropPeak drops a unit cube from centre height h0 onto the ground and
// returns the highest centre reached after the step in which the contact
// began (from the ContactsBegun events).
func dropPeak(t *testing.T, h0, restitution, friction float64) (peak float64, touched bool) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	d := cube("ball", mgl64.Vec3{0, h0, 0})
	d.Restitution = restitution
	d.Friction = friction
	id := mustBody(t, w, d)
	peak = math.Inf(-1)
	for i := 0; i < 240; i++ {
		w.Step(1.0/60, nil)
		b, _ := w.BodyByID(id)
		y := b.Curr.Center[1]
		if len(w.Events().ContactsBegun) > 0 {
			touched = true
		}
		if touched {
			peak = math.Max(peak, y)
		}
	}
	return peak, touched
}

// Restitution 0 does not bounce above 1 mm.
func TestNoBounceWithoutRestitution(t *testing.T) {
	for _, h := range []float64{1.5, 3, 10} {
		peak, touched := dropPeak(t, h, 0, 0.5)
		if !touched {
			t.Fatalf("h=%v: never reached the ground", h)
		}
		if peak > 0.5+1e-3 {
			t.Errorf("h=%v: bounced to centre %.5f, more than 1 mm above rest", h, peak)
		}
	}
}

// Restitution 1 on a frictionless floor rebounds to at least 95% of the drop.
func TestFullRestitutionRebound(t *testing.T) {
	for _, drop := range []float64{1, 2, 5} {
		h0 := 0.5 + drop
		peak, touched := dropPeak(t, h0, 1, 0)
		if !touched {
			t.Fatalf("drop %v: never reached the ground", drop)
		}
		if rebound := peak - 0.5; rebound < 0.95*drop {
			t.Errorf("drop %v m: rebounded %.4f m, want >= %.4f", drop, rebound, 0.95*drop)
		}
		if peak > h0+1e-6 {
			t.Errorf("drop %v m: rebounded above the start (%.6f > %.6f): energy was added", drop, peak, h0)
		}
	}
}

// A box spinning about a principal axis in free flight keeps its angular
// velocity to 1e-9 relative over 5 s, for each principal axis of a box with
// three different extents, in any starting orientation.
func TestPrincipalSpinIsSteady(t *testing.T) {
	q0 := mgl64.QuatRotate(0.7, mgl64.Vec3{1, 2, 3}.Normalize())
	for axis := 0; axis < 3; axis++ {
		w := mustWorld(t, DefaultWorldDef())
		d := DefaultBodyDef()
		d.Name = "spinner"
		d.Center = mgl64.Vec3{0, 50, 0}
		d.Half = mgl64.Vec3{0.5, 0.3, 0.1}
		d.Orientation = q0
		var local mgl64.Vec3
		local[axis] = 7
		w0 := q0.Rotate(local)
		d.AngularVelocity = w0
		id := mustBody(t, w, d)
		run(w, 300, 1.0/60)
		b, _ := w.BodyByID(id)
		if e := b.AngularVelocity.Sub(w0).Len() / w0.Len(); e > 1e-9 {
			t.Errorf("axis %d: angular velocity %v, want %v (relative error %.3g)", axis, b.AngularVelocity, w0, e)
		}
		// The body axis stays along the spin axis.
		cur := b.Curr.Orientation.Rotate(local.Normalize())
		if e := cur.Sub(w0.Normalize()).Len(); e > 1e-6 {
			t.Errorf("axis %d: spin axis wandered by %.3g", axis, e)
		}
	}
}
