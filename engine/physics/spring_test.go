package physics

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// springWorld is a weightless world with one cube on an anchored, undamped
// spring stretched by x0 along x.
func springWorld(t *testing.T, k, x0 float64) (*World, float64) {
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	def.Sleep = false
	w := mustWorld(t, def)
	id := mustBody(t, w, cube("bob", mgl64.Vec3{1 + x0, 5, 0}))
	if _, err := w.AddSpring(SpringDef{Name: "s", Body: id, Anchor: mgl64.Vec3{0, 5, 0}, RestLength: 1, Stiffness: k}); err != nil {
		t.Fatal(err)
	}
	return w, w.Body(0).Mass
}

// An undamped spring at a small step keeps its energy within 1% over 10 s
// and swings with the analytic period 2 pi sqrt(m/k) within 0.5%.
func TestSpringEnergyAndPeriod(t *testing.T) {
	const dt, k, x0 = 1.0 / 1000, 40.0, 0.2
	w, m := springWorld(t, k, x0)
	e0 := 0.5 * k * x0 * x0
	worst := 0.0
	var crossings []float64
	prev := w.Spring(0).Extension
	for i := 1; i <= 10000; i++ {
		w.Step(dt, nil)
		sv := w.Spring(0)
		v := w.Body(0).Velocity
		e := sv.Energy + 0.5*m*v.Dot(v)
		worst = math.Max(worst, math.Abs(e-e0)/e0)
		if x := sv.Extension; prev > 0 && x <= 0 || prev < 0 && x >= 0 {
			crossings = append(crossings, (float64(i-1)+prev/(prev-x))*dt)
		}
		prev = sv.Extension
	}
	if worst > 0.01 {
		t.Fatalf("energy drifted by %.3f%% over 10 s", worst*100)
	}
	period := 2 * (crossings[len(crossings)-1] - crossings[0]) / float64(len(crossings)-1)
	want := 2 * math.Pi * math.Sqrt(m/k)
	if math.Abs(period-want)/want > 0.005 {
		t.Fatalf("period %.5f s, want %.5f s", period, want)
	}
	t.Logf("energy within %.3f%%, period %.5f s (analytic %.5f s)", worst*100, period, want)
}

// The explicit spring's stability depends on the step: omega*dt < 2. A
// spring just stable at 1/60 s blows up at 50 ms steps.
func TestStiffSpringBlowsUpAtALongStep(t *testing.T) {
	_, m := springWorld(t, 1, 0)
	omega := 1.8 * 60 // omega*dt = 1.8 at 1/60 s, 5.4 at 50 ms
	k := m * omega * omega
	amp := func(dt float64, steps int) float64 {
		w, _ := springWorld(t, k, 0.1)
		a := 0.0
		for i := 0; i < steps; i++ {
			w.Step(dt, nil)
			a = math.Max(a, math.Abs(w.Spring(0).Extension))
		}
		return a
	}
	if a := amp(1.0/60, 600); a > 0.5 {
		t.Fatalf("at 1/60 s the spring swung to %v m; it should stay bounded", a)
	}
	if a := amp(0.05, 20); a < 10 {
		t.Fatalf("at 50 ms the spring swung only to %v m; it should blow up", a)
	}
}

func TestSpringRefusals(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	id := mustBody(t, w, cube("a", mgl64.Vec3{}))
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range []struct {
		field string
		edit  func(*SpringDef)
	}{
		{"Body", func(d *SpringDef) { d.Body = NoBody }},
		{"BodyB", func(d *SpringDef) { d.BodyB = id }},
		{"BodyB", func(d *SpringDef) { d.BodyB = BodyID(99) }},
		{"Anchor", func(d *SpringDef) { d.Anchor[1] = nan }},
		{"LocalA", func(d *SpringDef) { d.LocalA[0] = inf }},
		{"LocalB", func(d *SpringDef) { d.LocalB[2] = nan }},
		{"RestLength", func(d *SpringDef) { d.RestLength = -1 }},
		{"Stiffness", func(d *SpringDef) { d.Stiffness = nan }},
		{"Stiffness", func(d *SpringDef) { d.Stiffness = inf }},
		{"Damping", func(d *SpringDef) { d.Damping = -0.5 }},
	} {
		d := SpringDef{Name: "sp-3", Body: id, RestLength: 1, Stiffness: 10}
		c.edit(&d)
		if _, err := w.AddSpring(d); err == nil || !strings.Contains(err.Error(), c.field) || !strings.Contains(err.Error(), "sp-3") {
			t.Errorf("%s: error %v, want one naming the spring and the field", c.field, err)
		}
	}
	if w.NumSprings() != 0 {
		t.Fatalf("%d refused springs were added", w.NumSprings())
	}
}
