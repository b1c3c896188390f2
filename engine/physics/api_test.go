package physics

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Bad definitions are refused with an error that names the field and value.
func TestDefinitionsRefused(t *testing.T) {
	nan := math.NaN()
	bodies := []struct {
		field string
		edit  func(*BodyDef)
	}{
		{"Half", func(d *BodyDef) { d.Half[1] = 0 }},
		{"Half", func(d *BodyDef) { d.Half[2] = -1 }},
		{"Center", func(d *BodyDef) { d.Center[0] = nan }},
		{"Mass", func(d *BodyDef) { d.Mass = 0 }},
		{"Mass", func(d *BodyDef) { d.Mass = math.Inf(1) }},
		{"Friction", func(d *BodyDef) { d.Friction = -0.1 }},
		{"Restitution", func(d *BodyDef) { d.Restitution = 1.5 }},
		{"LinearDamping", func(d *BodyDef) { d.LinearDamping = -1 }},
		{"AngularDamping", func(d *BodyDef) { d.AngularDamping = nan }},
		{"Velocity", func(d *BodyDef) { d.Velocity[2] = math.Inf(-1) }},
		{"AngularVelocity", func(d *BodyDef) { d.AngularVelocity[0] = nan }},
		{"Orientation", func(d *BodyDef) { d.Orientation = mgl64.Quat{W: nan} }},
		{"CCDFraction", func(d *BodyDef) { d.CCDFraction = 2 }},
	}
	w := mustWorld(t, DefaultWorldDef())
	for _, c := range bodies {
		d := cube("crate-7", mgl64.Vec3{})
		c.edit(&d)
		_, err := w.AddBody(d)
		if err == nil || !strings.Contains(err.Error(), c.field) || !strings.Contains(err.Error(), "crate-7") {
			t.Errorf("%s: error %v, want one naming the field and the body", c.field, err)
		}
	}
	if w.NumBodies() != 0 {
		t.Fatalf("refused bodies were added: %d", w.NumBodies())
	}
	worlds := []struct {
		field string
		edit  func(*WorldDef)
	}{
		{"SolverIterations", func(d *WorldDef) { d.SolverIterations = 0 }},
		{"SolverIterations", func(d *WorldDef) { d.SolverIterations = 65 }},
		{"CCDFraction", func(d *WorldDef) { d.CCDFraction = 0 }},
		{"Gravity", func(d *WorldDef) { d.Gravity[1] = nan }},
	}
	for _, c := range worlds {
		d := DefaultWorldDef()
		c.edit(&d)
		if _, err := NewWorld(d); err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: error %v", c.field, err)
		}
	}
	if _, err := w.AddStatic(StaticDef{Name: "flat", Min: mgl64.Vec3{0, 0, 0}, Max: mgl64.Vec3{1, 0, 1}}); err == nil || !strings.Contains(err.Error(), "flat") {
		t.Errorf("zero-thickness slab: error %v", err)
	}
	// The zero quaternion means identity and a non-unit one is normalised.
	d := cube("q", mgl64.Vec3{})
	d.Orientation = mgl64.Quat{}
	id := mustBody(t, w, d)
	d.Orientation = mgl64.Quat{W: 2}
	id2 := mustBody(t, w, d)
	for _, i := range []BodyID{id, id2} {
		if b, _ := w.BodyByID(i); b.Curr.Orientation != mgl64.QuatIdent() {
			t.Errorf("orientation %v, want identity", b.Curr.Orientation)
		}
	}
}

// Inputs apply at the start of the step, in order: fire makes a bullet,
// teleport sets prev = curr and the flag for exactly that step, set-CCD
// switches continuous collision.
func TestInputs(t *testing.T) {
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	w := mustWorld(t, def)
	id := mustBody(t, w, cube("box", mgl64.Vec3{0, 0, 0}))
	shot := DefaultBodyDef()
	shot.Name = "shot-1"
	shot.Center = mgl64.Vec3{0, 10, 0}
	shot.Velocity = mgl64.Vec3{60, 0, 0}
	q := mgl64.QuatRotate(0.5, mgl64.Vec3{0, 1, 0})
	w.Step(1.0/60, []Input{
		{Kind: InputFire, Fire: shot},
		{Kind: InputTeleport, Body: id, Center: mgl64.Vec3{5, 5, 5}, Orientation: q, SetOrientation: true,
			Velocity: mgl64.Vec3{0, 6, 0}, SetVelocity: true},
		{Kind: InputSetCCD, Enabled: false},
	})
	if w.CCD() {
		t.Error("InputSetCCD did not switch CCD off")
	}
	sid, ok := w.FindBody("shot-1")
	if !ok || w.NumBodies() != 2 {
		t.Fatalf("fired body not found (%d bodies)", w.NumBodies())
	}
	s, _ := w.BodyByID(sid)
	if !s.Bullet || s.Curr.Center != (mgl64.Vec3{1, 10, 0}) {
		t.Errorf("shot: bullet %v, centre %v; want a bullet at (1,10,0)", s.Bullet, s.Curr.Center)
	}
	b, _ := w.BodyByID(id)
	if !b.Teleported || b.Prev.Center != (mgl64.Vec3{5, 5, 5}) || !b.Prev.Orientation.ApproxEqualThreshold(q, 1e-15) {
		t.Errorf("teleport: flag %v prev %v", b.Teleported, b.Prev)
	}
	if b.Curr.Center.Sub(mgl64.Vec3{5, 5.1, 5}).Len() > 1e-12 {
		t.Errorf("teleported body at %v, want (5, 5.1, 5) after one step at 6 m/s", b.Curr.Center)
	}
	ev := w.Events()
	if len(ev.Teleports) != 1 || ev.Teleports[0].To != (mgl64.Vec3{5, 5, 5}) || ev.Tick != 1 {
		t.Errorf("teleport events %+v (tick %d)", ev.Teleports, ev.Tick)
	}
	w.Step(1.0/60, nil)
	if b, _ := w.BodyByID(id); b.Teleported {
		t.Error("Teleported flag still set a step later")
	}
	if len(w.Events().Teleports) != 0 || w.Counters().Teleports != 1 {
		t.Errorf("events not reset or counters wrong: %+v %+v", w.Events().Teleports, w.Counters())
	}
	// Stale and unknown ids are ignored, not applied to another body.
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: NoBody, Center: mgl64.Vec3{9, 9, 9}}})
	if w.Counters().Teleports != 1 {
		t.Error("a teleport of NoBody was applied")
	}
	// An invalid fire definition is skipped.
	bad := shot
	bad.Mass = -1
	w.Step(1.0/60, []Input{{Kind: InputFire, Fire: bad}})
	if w.NumBodies() != 2 {
		t.Error("an invalid fire input created a body")
	}
}

// A settled box falls asleep; a shot hitting it and a teleport wake it.
func TestSleepAndWake(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	id := mustBody(t, w, cube("box", mgl64.Vec3{0, 0.5, 0}))
	mustBody(t, w, cube("on-top", mgl64.Vec3{0, 1.5, 0}))
	run(w, 60, 1.0/60)
	if w.NumAwake() != 0 {
		t.Fatalf("%d bodies awake after 1 s at rest", w.NumAwake())
	}
	rest := w.Body(1).Curr
	run(w, 60, 1.0/60)
	if w.Body(1).Curr != rest {
		t.Fatal("a sleeping body moved")
	}
	shot := DefaultBodyDef()
	shot.Name = "shot"
	shot.Center = mgl64.Vec3{-10, 1.5, 0}
	shot.Half = mgl64.Vec3{0.1, 0.1, 0.1}
	shot.Velocity = mgl64.Vec3{400, 0, 0}
	run(w, 3, 1.0/60)
	w.Step(1.0/60, []Input{{Kind: InputFire, Fire: shot}})
	run(w, 3, 1.0/60)
	if w.Body(1).Sleeping || w.Body(0).Sleeping {
		t.Fatal("a bullet hit did not wake the stack")
	}
	if w.Body(1).Curr.Center[0] <= rest.Center[0] {
		t.Errorf("the struck box did not move: %v", w.Body(1).Curr.Center)
	}
	run(w, 400, 1.0/60)
	if w.Body(0).Sleeping == false {
		t.Fatalf("box did not fall asleep again")
	}
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: id, Center: mgl64.Vec3{3, 2, 0}}})
	if w.Body(0).Sleeping {
		t.Fatal("a teleport did not wake the body")
	}
}

// The state hash is a function of the state: equal for equal worlds,
// different as soon as one bit of one body differs.
func TestStateHash(t *testing.T) {
	a := buildTower(t, DefaultWorldDef(), 3)
	b := buildTower(t, DefaultWorldDef(), 3)
	if a.StateHash() != b.StateHash() {
		t.Fatal("equal worlds hash differently")
	}
	a.Step(1.0/60, nil)
	if a.StateHash() == b.StateHash() {
		t.Fatal("a step did not change the hash")
	}
	b.Step(1.0/60, nil)
	if a.StateHash() != b.StateHash() {
		t.Fatal("equal steps hash differently")
	}
	b.sb[2].v.x = math.Nextafter(b.sb[2].v.x, 1)
	if a.StateHash() == b.StateHash() {
		t.Fatal("one ulp of one velocity did not change the hash")
	}
}

// The profile comes from the injected clock only and never changes state.
func TestProfileFromInjectedClock(t *testing.T) {
	plain := buildTower(t, DefaultWorldDef(), 4)
	def := DefaultWorldDef()
	var now int64
	def.Clock = func() int64 { now += 7; return now }
	timed := buildTower(t, def, 4)
	for i := 0; i < 30; i++ {
		plain.Step(1.0/60, nil)
		timed.Step(1.0/60, nil)
	}
	if plain.Profile() != (Profile{}) {
		t.Errorf("profile without a clock: %+v", plain.Profile())
	}
	p := timed.Profile()
	// One clock read per stage, and per solver pass: 8 top-level stages,
	// the solver's 1 prepare + 5 passes in the first substep and 4 in each
	// later one (gravity and warm start are one pass there) + restitution +
	// store.
	s := p.SolverStages
	subs := int64(DefaultWorldDef().SolverIterations+1) / 2
	if p.Inputs != 7 || p.PrepareBodies != 7 || p.Continuous != 7 || p.Oracle != 7 ||
		s.PrepareContacts != 7 || s.IntegrateVelocities != 7 || s.WarmStart != 7*subs ||
		s.RelaxContacts != 7*subs || s.StoreImpulses != 7 {
		t.Errorf("profile %+v, want 7 ns per stage and pass from the fake clock", p)
	}
	if p.Solver != s.Sum() || p.Solver != 7*(4+4*subs) || p.Total != 7*7+p.Solver {
		t.Errorf("solver %d ns, its stages %d ns, total %d ns", p.Solver, s.Sum(), p.Total)
	}
	if plain.StateHash() != timed.StateHash() {
		t.Error("the clock changed the simulation")
	}
}

type segCounter struct{ n map[[3]float32]int }

func (c *segCounter) Segment(a, b mgl64.Vec3, rgb [3]float32) { c.n[rgb]++ }

// Debug draw emits what the options ask for, through the drawer only.
func TestDebugDraw(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	ground(t, w)
	mustStatic(t, w, "wall", mgl64.Vec3{10, 0, -5}, mgl64.Vec3{10.01, 5, 5})
	mustBody(t, w, cube("box", mgl64.Vec3{0, 0.5, 0}))
	shot := DefaultBodyDef()
	shot.Center = mgl64.Vec3{5, 2, 0}
	shot.Half = mgl64.Vec3{0.05, 0.05, 0.05}
	shot.Velocity = mgl64.Vec3{1000, 0, 0}
	w.Step(1.0/60, []Input{{Kind: InputFire, Fire: shot}})
	c := &segCounter{n: map[[3]float32]int{}}
	w.DebugDraw(c, DebugOptions{})
	if len(c.n) != 0 {
		t.Fatalf("no options drew %v", c.n)
	}
	w.DebugDraw(c, DebugOptions{AABBs: true, Contacts: true, Sweeps: true})
	if c.n[colAABB] != 24 || c.n[colContact] < 4*3 || c.n[colSweep] < 12 || c.n[colTOI] != 4 {
		t.Errorf("segments by colour: %v", c.n)
	}
	run(w, 120, 1.0/60)
	c = &segCounter{n: map[[3]float32]int{}}
	w.DebugDraw(c, DebugOptions{Sleeping: true})
	if c.n[colSleeping] != 3*w.NumBodies()-3*w.NumAwake() || c.n[colSleeping] == 0 {
		t.Errorf("sleeping marks %d for %d sleeping bodies", c.n[colSleeping], w.NumBodies()-w.NumAwake())
	}
}

// Contact events come in pair order and are counted.
func TestContactEvents(t *testing.T) {
	w := buildTower(t, DefaultWorldDef(), 3)
	w.Step(1.0/60, nil)
	ev := w.Events().ContactsBegun
	if len(ev) != 3 {
		t.Fatalf("%d contacts begun, want 3 (ground-0, 0-1, 1-2)", len(ev))
	}
	if ev[0].Static != 0 || ev[0].A != w.ID(0) || ev[1].A != w.ID(0) || ev[1].B != w.ID(1) || ev[2].B != w.ID(2) {
		t.Errorf("events out of order: %+v", ev)
	}
	if n := ev[0].Normal; n[1] < 0.99 {
		t.Errorf("ground contact normal %v, want up (toward the body)", n)
	}
	if w.Counters().ContactsBegun != 3 {
		t.Errorf("counter %d", w.Counters().ContactsBegun)
	}
	w.Step(1.0/60, []Input{{Kind: InputTeleport, Body: w.ID(2), Center: mgl64.Vec3{5, 0.5, 0}}})
	end := w.Events().ContactsEnded
	if len(end) != 1 || end[0].A != w.ID(1) || end[0].B != w.ID(2) {
		t.Errorf("teleporting the top box off the stack: ended %+v, want the 1-2 contact", end)
	}
}

// Issue 12, part 5: the world refuses definitions beyond its physical
// limits with an error naming the field.
func TestPhysicalLimits(t *testing.T) {
	w := mustWorld(t, DefaultWorldDef())
	cases := []struct {
		name  string
		def   func(d *BodyDef)
		field string
	}{
		{"velocity 1e308", func(d *BodyDef) { d.Velocity = mgl64.Vec3{1e308, 0, 0} }, "Velocity"},
		{"speed just above MaxSpeed", func(d *BodyDef) { d.Velocity = mgl64.Vec3{0, 0, MaxSpeed * 1.0001} }, "Velocity"},
		{"spin above MaxSpin", func(d *BodyDef) { d.AngularVelocity = mgl64.Vec3{MaxSpin, MaxSpin, 0} }, "AngularVelocity"},
		{"centre beyond MaxCoordinate", func(d *BodyDef) { d.Center = mgl64.Vec3{0, -2 * MaxCoordinate, 0} }, "Center"},
	}
	for _, c := range cases {
		d := DefaultBodyDef()
		d.Name = "b"
		c.def(&d)
		if _, err := w.AddBody(d); err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: error %v, want one naming %s", c.name, err, c.field)
		}
	}
	ok := DefaultBodyDef()
	ok.Velocity = mgl64.Vec3{MaxSpeed, 0, 0}
	ok.AngularVelocity = mgl64.Vec3{0, MaxSpin, 0}
	ok.Center = mgl64.Vec3{MaxCoordinate, 0, -MaxCoordinate}
	if _, err := w.AddBody(ok); err != nil {
		t.Errorf("a body exactly at the limits was refused: %v", err)
	}
	if _, err := w.AddStatic(StaticDef{Name: "s", Min: mgl64.Vec3{-1e308, 0, 0}, Max: mgl64.Vec3{1, 1, 1}}); err == nil {
		t.Error("a static reaching -1e308 m was accepted")
	}
	def := DefaultWorldDef()
	def.Gravity = mgl64.Vec3{0, -2 * MaxGravity, 0}
	if _, err := NewWorld(def); err == nil || !strings.Contains(err.Error(), "Gravity") {
		t.Errorf("gravity beyond MaxGravity: %v", err)
	}
}

// Issue 12, part 4: the solver's settings are WorldDef fields with ranges;
// NewWorld refuses a value outside a setting's range with its field name,
// and accepts both ends of a closed range.
func TestSolverSettingsValidated(t *testing.T) {
	for _, s := range SolverSettings() {
		def := DefaultWorldDef()
		*s.Get(&def) = s.Max * 2
		if s.Max == 0 {
			*s.Get(&def) = 1
		}
		if _, err := NewWorld(def); err == nil || !strings.Contains(err.Error(), "WorldDef."+s.Field) {
			t.Errorf("%s = %v: error %v, want one naming WorldDef.%s", s.Key, *s.Get(&def), err, s.Field)
		}
		*s.Get(&def) = s.Min
		if _, err := NewWorld(def); (err == nil) == s.MinOpen {
			t.Errorf("%s = its minimum %v: error %v (open %v)", s.Key, s.Min, err, s.MinOpen)
		}
		*s.Get(&def) = s.Max
		if _, err := NewWorld(def); err != nil {
			t.Errorf("%s = its maximum %v: %v", s.Key, s.Max, err)
		}
	}
}

// Profile.Add sums every field, the solver's passes included: a field
// added to the profile and forgotten in Add would read 0 in a frame's sum.
func TestProfileAddSumsEveryField(t *testing.T) {
	var p, q Profile
	set := func(v reflect.Value, base int64) {
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).Kind() == reflect.Int64 {
				v.Field(i).SetInt(base + int64(i))
			}
		}
	}
	pv, qv := reflect.ValueOf(&p).Elem(), reflect.ValueOf(&q).Elem()
	set(pv, 10)
	set(qv, 1000)
	set(pv.FieldByName("SolverStages"), 20)
	set(qv.FieldByName("SolverStages"), 2000)
	want := func(v reflect.Value, a, b int64) {
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.Kind() == reflect.Int64 && f.Int() != a+b+2*int64(i) {
				t.Errorf("%s = %d after Add, want %d", v.Type().Field(i).Name, f.Int(), a+b+2*int64(i))
			}
		}
	}
	p.Add(q)
	want(pv, 10, 1000)
	want(pv.FieldByName("SolverStages"), 20, 2000)
}
