package scene

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/ccd"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
)

func mustLoad(t *testing.T, name string) *Scene {
	t.Helper()
	s, err := Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playScript steps a world through the scene's whole script (one tick past
// its last event) and returns it.
func playScript(t *testing.T, s *Scene) *physics.World {
	t.Helper()
	w, err := s.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := s.NewScript(w)
	var buf []physics.Input
	for tick := uint64(0); tick <= sc.LastTick(); tick++ {
		buf = sc.InputsFor(tick, buf[:0])
		w.Step(s.StepSeconds(), buf)
	}
	return w
}

// TestBuiltinScenes: every built-in scene parses, is named after its file,
// builds a world holding its statics and bodies in file order, and plays
// its whole script: every projectile appears and every teleport applies.
func TestBuiltinScenes(t *testing.T) {
	names := BuiltinNames()
	for _, want := range []string{"range", "drop", "teleport", "gauntlet"} {
		if !slices.Contains(names, want) {
			t.Errorf("BuiltinNames() = %v: %q missing", names, want)
		}
	}
	if names[0] != DefaultName || DefaultName != "range" {
		t.Errorf("BuiltinNames()[0] = %q, want the default %q", names[0], DefaultName)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			s := mustLoad(t, name)
			if s.Name != name {
				t.Errorf("scene in builtin/%s.json is called %q", name, s.Name)
			}
			if s.Description == "" {
				t.Error("no description")
			}
			if _, err := loop.New(s.LoopConfig()); err != nil {
				t.Fatal(err)
			}
			w := playScript(t, s)
			fires, teleports := 0, 0
			for _, ev := range s.Events {
				switch ev.Kind {
				case EventFire:
					fires++
				case EventTeleport:
					teleports++
				}
			}
			if w.NumStatics() != len(s.Statics) || w.NumBodies() != len(s.Bodies)+fires {
				t.Fatalf("world has %d statics and %d bodies; scene %d statics, %d bodies + %d shots",
					w.NumStatics(), w.NumBodies(), len(s.Statics), len(s.Bodies), fires)
			}
			for i, b := range s.Bodies {
				if got := w.Body(i).Name; got != b.Name {
					t.Fatalf("world body %d is %q, scene body %q", i, got, b.Name)
				}
			}
			for i, st := range s.Statics {
				if got := w.Static(i).Name; got != st.Name {
					t.Fatalf("world static %d is %q, scene static %q", i, got, st.Name)
				}
			}
			if got := w.Counters().Teleports; got != uint64(teleports) {
				t.Errorf("%d teleports applied, scene has %d", got, teleports)
			}
		})
	}
}

func staticNamed(t *testing.T, s *Scene, name string) physics.StaticDef {
	t.Helper()
	for _, st := range s.Statics {
		if st.Name == name {
			return st
		}
	}
	t.Fatalf("scene %s has no static %q", s.Name, name)
	return physics.StaticDef{}
}

var wallThickness = map[string]float64{"wall-1mm": 0.001, "wall-1cm": 0.01, "wall-5cm": 0.05, "wall-20cm": 0.2}

// checkWalls: each wall exists with its thickness along x, stands on the
// ground (top y = 0) and is about 6 m or more tall.
func checkWalls(t *testing.T, s *Scene, minX, maxX float64) {
	t.Helper()
	if g := staticNamed(t, s, "ground"); g.Max[1] != 0 {
		t.Errorf("ground top at y = %v, want 0", g.Max[1])
	}
	for name, th := range wallThickness {
		w := staticNamed(t, s, name)
		if d := w.Max[0] - w.Min[0]; math.Abs(d-th) > 1e-9 {
			t.Errorf("%s is %v m thick, want %v", name, d, th)
		}
		if w.Min[0] < minX || w.Min[0] > maxX || w.Min[1] != 0 || w.Max[1] < 6 {
			t.Errorf("%s at %v..%v", name, w.Min, w.Max)
		}
	}
}

// wallHitBy names the first wall (by x) that the shot's straight path
// crosses in its first second, ignoring gravity's small drop.
func wallHitBy(t *testing.T, s *Scene, f physics.BodyDef) string {
	t.Helper()
	best, hit := math.Inf(1), ""
	for name := range wallThickness {
		st := staticNamed(t, s, name)
		end := f.Center.Add(f.Velocity)
		if ccd.SegmentCrossesBox(f.Center, end, ccd.AABB{Min: st.Min, Max: st.Max}) && st.Min[0] < best {
			best, hit = st.Min[0], name
		}
	}
	return hit
}

func TestRangeScene(t *testing.T) {
	s := mustLoad(t, "range")
	checkWalls(t, s, 19, 41)
	var tower, pyramid, crates int
	for _, b := range s.Bodies {
		switch {
		case strings.HasPrefix(b.Name, "tower-"):
			tower++
		case strings.HasPrefix(b.Name, "pyramid-"):
			pyramid++
		case strings.HasPrefix(b.Name, "crate-"):
			crates++
		}
	}
	if tower < 6 || pyramid < 15 || crates < 3 {
		t.Errorf("range has a %d-box tower, a %d-box pyramid and %d crates", tower, pyramid, crates)
	}
	hit := map[string]bool{}
	for _, ev := range s.Events {
		if ev.Kind == EventFire {
			if w := wallHitBy(t, s, ev.Fire); w != "" {
				hit[w] = true
			}
		}
	}
	if len(hit) != len(wallThickness) {
		t.Errorf("scripted shots hit %v; want every wall", hit)
	}
}

func TestGauntletScene(t *testing.T) {
	s := mustLoad(t, "gauntlet")
	checkWalls(t, s, 19, 41)
	volley := map[string]map[float64]bool{}
	for _, ev := range s.Events {
		if ev.Kind != EventFire {
			continue
		}
		w := wallHitBy(t, s, ev.Fire)
		if volley[w] == nil {
			volley[w] = map[float64]bool{}
		}
		volley[w][math.Round(ev.Fire.Velocity.Len())] = true
	}
	for name := range wallThickness {
		for _, speed := range []float64{100, 1000, 3000, 10000} {
			if !volley[name][speed] {
				t.Errorf("no %v m/s shot at %s", speed, name)
			}
		}
	}
}

func TestDropScene(t *testing.T) {
	s := mustLoad(t, "drop")
	if g := staticNamed(t, s, "ground"); g.Max[1] != 0 {
		t.Errorf("ground top at y = %v, want 0", g.Max[1])
	}
	if len(s.Bodies) != 1 {
		t.Fatalf("drop has %d bodies", len(s.Bodies))
	}
	b := s.Bodies[0]
	if b.Half[0] != 0.5 || b.Half[1] != 0.5 || b.Half[2] != 0.5 || b.Mass != 1 || b.Center[1] != 3 {
		t.Errorf("drop cube %+v: want half 0.5, mass 1, at y = 3", b)
	}
}

// TestTeleportScene: a teleport every 60 ticks for at least 1,200 ticks,
// and between teleports the box really glides (it is not stopped by
// friction) and is put back each time.
func TestTeleportScene(t *testing.T) {
	s := mustLoad(t, "teleport")
	var ticks []uint64
	for _, ev := range s.Events {
		if ev.Kind == EventTeleport {
			ticks = append(ticks, ev.Tick)
		}
	}
	if len(ticks) < 2 || ticks[len(ticks)-1]-ticks[0] < 1200 {
		t.Fatalf("teleport ticks %v: want at least 1,200 ticks of events", ticks)
	}
	for i := 1; i < len(ticks); i++ {
		if ticks[i]-ticks[i-1] != 60 {
			t.Fatalf("teleport ticks %v: want one every 60", ticks)
		}
	}
	w, err := s.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := s.NewScript(w)
	start := w.Body(0).Curr.Center
	var buf []physics.Input
	for tick := uint64(0); tick <= ticks[1]; tick++ {
		buf = sc.InputsFor(tick, buf[:0])
		w.Step(s.StepSeconds(), buf)
		b := w.Body(0)
		switch tick {
		case ticks[0] - 1, ticks[1] - 1:
			if d := b.Curr.Center[0] - start[0]; d < 3 {
				t.Fatalf("tick %d: the box moved only %.3f m in a second; it must glide", tick+1, d)
			}
		case ticks[0], ticks[1]:
			if !b.Teleported || b.Prev.Center.Sub(start).Len() > 1e-9 {
				t.Fatalf("tick %d: teleport not applied: %+v", tick+1, b)
			}
		}
	}
}

func TestLoadFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.json")
	if err := os.WriteFile(good, []byte(doc("", ground, box, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(good)
	if err != nil || s.Name != "mine" || s.File != good {
		t.Fatalf("Load(%s) = %+v, %v", good, s, err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(doc("", ground, bodyWith(`"mass": 0`), "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); err == nil || !strings.HasPrefix(err.Error(), bad+": bodies[0].mass: 0: ") {
		t.Fatalf("Load(bad) error %v", err)
	}
	missing := filepath.Join(dir, "nope.json")
	_, err = Load(missing)
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), missing+": ") ||
		!strings.Contains(err.Error(), "no such scene file") {
		t.Fatalf("Load(missing) error %v", err)
	}
	if _, err := Load("rnage"); err == nil || !strings.Contains(err.Error(), "range") {
		t.Fatalf("a misspelt built-in name should list the built-ins: %v", err)
	}
	if _, err := Builtin("nope"); err == nil {
		t.Fatal("Builtin(nope) succeeded")
	}
}

// TestShootingScenesShowCCD runs range and gauntlet twice, as Jolt runs its
// CCD scenes: with CCD every scripted shot at a wall stays in front of it
// and nothing tunnels; without CCD the fast shots go through.
func TestShootingScenesShowCCD(t *testing.T) {
	for _, name := range []string{"range", "gauntlet"} {
		for _, on := range []bool{true, false} {
			s := mustLoad(t, name)
			s.CCD = on
			w, err := s.NewWorld(nil)
			if err != nil {
				t.Fatal(err)
			}
			sc := s.NewScript(w)
			var buf []physics.Input
			for tick := uint64(0); tick < sc.LastTick()+60; tick++ {
				buf = sc.InputsFor(tick, buf[:0])
				w.Step(s.StepSeconds(), buf)
			}
			c := w.Counters()
			if !on {
				if c.Tunnels == 0 {
					t.Errorf("%s without CCD: no shot tunnelled (%+v)", name, c)
				}
				continue
			}
			if c.CCDHits == 0 || c.Tunnels != 0 {
				t.Errorf("%s with CCD: %+v; want hits and no tunnels", name, c)
			}
			for _, ev := range s.Events {
				wall := ""
				if ev.Kind == EventFire {
					wall = wallHitBy(t, s, ev.Fire)
				}
				if wall == "" {
					continue
				}
				id, _ := w.FindBody(ev.Fire.Name)
				if b := w.Body(id.Index()); b.Curr.Center[0] > staticNamed(t, s, wall).Min[0] {
					t.Errorf("%s with CCD: %s went through %s to %v", name, b.Name, wall, b.Curr.Center)
				}
			}
		}
	}
}

// The benchmark scenes of issue 12: Box3D's large_pyramid exactly as its
// CreateLargePyramid builds it, and the two piles.
func TestBenchmarkScenes(t *testing.T) {
	p := mustLoad(t, "pyramid")
	if len(p.Bodies) != 5050 || p.Sleep || p.Gravity != (mgl64.Vec3{0, -10, 0}) || p.PhysicsHz != 60 {
		t.Errorf("pyramid: %d bodies, sleep %v, gravity %v, %v Hz", len(p.Bodies), p.Sleep, p.Gravity, p.PhysicsHz)
	}
	k := 0
	for i := 0; i < 100; i++ {
		for j := i; j < 100; j++ {
			b := p.Bodies[k]
			want := mgl64.Vec3{float64(j) - 0.5*float64(i) - 49.5, float64(i) + 0.5, 0}
			if b.Center != want || b.Half != (mgl64.Vec3{0.5, 0.5, 0.5}) || b.Mass != 100 || b.Friction != 0.6 {
				t.Fatalf("pyramid body %d (%s): centre %v half %v mass %v friction %v, want centre %v", k, b.Name, b.Center, b.Half, b.Mass, b.Friction, want)
			}
			k++
		}
	}
	if g := staticNamed(t, p, "ground"); g.Min != (mgl64.Vec3{-400, -2, -400}) || g.Max != (mgl64.Vec3{400, 0, 400}) {
		t.Errorf("pyramid ground %v..%v", g.Min, g.Max)
	}
	for _, c := range []struct {
		name string
		n    int
	}{{"pile-1000", 1000}, {"pile-4000", 4000}} {
		s := mustLoad(t, c.name)
		if len(s.Bodies) != c.n || s.Sleep {
			t.Errorf("%s: %d bodies, sleep %v", c.name, len(s.Bodies), s.Sleep)
		}
	}
}
