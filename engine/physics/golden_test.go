package physics

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Golden scenes: a few representative worlds are built in code and stepped a
// fixed number of ticks, and every body's final centre, orientation, velocity
// and angular velocity is compared with testdata/golden/<scene>.json to
// goldenTolerance. Any change of behaviour, intended or not, shows up as a
// diff here; after an intended one, rewrite the files with
//
//	go test ./engine/physics -run Golden -update
//
// and review the diff of the JSON like any other change. The values are
// compared to a tolerance, so that a failure says which body moved and by
// how much; the state hash (every bit of every body, StateHash) is compared
// exactly, as Box2D pins its EXPECTED_HASH, so that any change of the step,
// down to the order in which constraints are solved, is a deliberate act:
// regenerate the files and say why in the commit.

var updateGolden = flag.Bool("update", false, "rewrite the golden scene files in testdata/golden")

// goldenTolerance is the largest difference allowed in any component, in the
// component's unit (m, m/s, rad/s, or a quaternion component).
const goldenTolerance = 1e-9

// goldenScene builds a world and returns it with the inputs of each tick.
type goldenScene struct {
	name   string
	ticks  int
	build  func(t testing.TB, def WorldDef) *World
	inputs func(w *World, tick int, buf []Input) []Input
}

// goldenBody is one body's final state as stored in a golden file.
type goldenBody struct {
	Name            string     `json:"name"`
	Center          [3]float64 `json:"center"`
	Orientation     [4]float64 `json:"orientation"` // w, x, y, z
	Velocity        [3]float64 `json:"velocity"`
	AngularVelocity [3]float64 `json:"angular_velocity"`
	Sleeping        bool       `json:"sleeping"`
}

// goldenFile is the content of testdata/golden/<scene>.json.
type goldenFile struct {
	Scene     string       `json:"scene"`
	Ticks     int          `json:"ticks"`
	StateHash string       `json:"state_hash"` // compared exactly
	Bodies    []goldenBody `json:"bodies"`
}

func goldenScenes() []goldenScene {
	noInputs := func(w *World, tick int, buf []Input) []Input { return buf[:0] }
	return []goldenScene{
		{
			// A 1 m cube dropped from 3 m lands and comes to rest.
			name: "drop", ticks: 120, inputs: noInputs,
			build: func(t testing.TB, def WorldDef) *World {
				w := mustWorld(t, def)
				ground(t, w)
				d := cube("cube", mgl64.Vec3{0, 3, 0})
				d.AngularVelocity = mgl64.Vec3{0.3, 0, -0.2}
				mustBody(t, w, d)
				return w
			},
		},
		{
			// Ten unit cubes stacked; they settle and fall asleep.
			name: "tower", ticks: 180, inputs: noInputs,
			build: func(t testing.TB, def WorldDef) *World { return buildTower(t, def, 10) },
		},
		{
			// A 6-layer pyramid (21 boxes), 5 cm gaps in each layer.
			name: "pyramid", ticks: 180, inputs: noInputs,
			build: func(t testing.TB, def WorldDef) *World { return buildPyramid(t, def, 6, 0.05) },
		},
		{
			// A volley of bullets at 100 to 10,000 m/s into walls 1 mm to
			// 20 cm thick, as in the gauntlet scene: CCD impacts, shots
			// piling up at the foot of each wall.
			name: "volley", ticks: 150,
			build: func(t testing.TB, def WorldDef) *World {
				w := mustWorld(t, def)
				mustStatic(t, w, "ground", mgl64.Vec3{-10, -1, -15}, mgl64.Vec3{80, 0, 15})
				for i, th := range []float64{0.001, 0.01, 0.05, 0.2} {
					z := -7.5 + 5*float64(i)
					mustStatic(t, w, fmt.Sprint("wall-", i), mgl64.Vec3{20, 0, z - 2.25}, mgl64.Vec3{20 + th, 8, z + 2.25})
				}
				return w
			},
			inputs: func(w *World, tick int, buf []Input) []Input {
				buf = buf[:0]
				speeds := []float64{100, 1000, 3000, 10000}
				if tick%10 != 0 || tick < 10 || tick > 40 {
					return buf
				}
				for i := 0; i < 4; i++ {
					d := DefaultBodyDef()
					d.Name = fmt.Sprintf("shot-%d-%d", i, tick)
					d.Center = mgl64.Vec3{0, 1 + 1.5*float64(tick/10-1), -7.5 + 5*float64(i)}
					d.Half = mgl64.Vec3{0.05, 0.05, 0.05}
					d.Velocity = mgl64.Vec3{speeds[tick/10-1], 0, float64(i) - 1.5}
					d.AngularVelocity = mgl64.Vec3{0, 0, float64(2 * i)}
					d.Mass = 0.1
					buf = append(buf, Input{Kind: InputFire, Fire: d})
				}
				return buf
			},
		},
		{
			// A frictionless box glides along the ground and is teleported
			// back to the start (turned, with a new velocity) every 40 ticks,
			// with a crate in its path.
			name: "teleport", ticks: 160,
			build: func(t testing.TB, def WorldDef) *World {
				w := mustWorld(t, def)
				ground(t, w)
				d := cube("glider", mgl64.Vec3{0, 0.5, 0})
				d.Friction = 0
				d.Velocity = mgl64.Vec3{4, 0, 0}
				mustBody(t, w, d)
				c := cube("crate", mgl64.Vec3{2.2, 0.5, 0.4})
				c.Mass = 3
				mustBody(t, w, c)
				return w
			},
			inputs: func(w *World, tick int, buf []Input) []Input {
				buf = buf[:0]
				if tick > 0 && tick%40 == 0 {
					k := float64(tick / 40)
					buf = append(buf, Input{Kind: InputTeleport, Body: w.ID(0), Center: mgl64.Vec3{0, 0.5 + 0.2*k, 0.1 * k},
						Orientation: mgl64.QuatRotate(0.2*k, mgl64.Vec3{0, 1, 0}), SetOrientation: true,
						Velocity: mgl64.Vec3{3 + k, 0, -0.5}, SetVelocity: true})
				}
				return buf
			},
		},
	}
}

// runGolden steps a scene on the given number of workers and returns its
// final state.
func runGolden(t testing.TB, sc goldenScene, workers int) goldenFile {
	def := DefaultWorldDef()
	def.Workers = workers
	w := sc.build(t, def)
	var buf []Input
	for k := 0; k < sc.ticks; k++ {
		buf = sc.inputs(w, k, buf)
		w.Step(1.0/60, buf)
	}
	g := goldenFile{Scene: sc.name, Ticks: sc.ticks, StateHash: fmt.Sprintf("%016x", w.StateHash())}
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		q := b.Curr.Orientation
		g.Bodies = append(g.Bodies, goldenBody{
			Name:            b.Name,
			Center:          b.Curr.Center,
			Orientation:     [4]float64{q.W, q.V[0], q.V[1], q.V[2]},
			Velocity:        b.Velocity,
			AngularVelocity: b.AngularVelocity,
			Sleeping:        b.Sleeping,
		})
	}
	return g
}

func TestGoldenScenes(t *testing.T) {
	for _, sc := range goldenScenes() {
		t.Run(sc.name, func(t *testing.T) {
			got := runGolden(t, sc, 1)
			path := filepath.Join("testdata", "golden", sc.name+".json")
			if *updateGolden {
				data, err := json.MarshalIndent(got, "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", path)
				return
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			var want goldenFile
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, d := range compareGolden(want, got, goldenTolerance) {
				t.Error(d)
			}
			// Two workers give the same bits (workers_test.go), so the same
			// file.
			for _, d := range compareGolden(want, runGolden(t, sc, 2), goldenTolerance) {
				t.Error("2 workers: " + d)
			}
		})
	}
}

// compareGolden lists the differences between two final states, at most a
// few per body.
func compareGolden(want, got goldenFile, tol float64) []string {
	var diffs []string
	if want.StateHash != got.StateHash {
		diffs = append(diffs, fmt.Sprintf("state hash %s, golden %s (the step changed: if that is intended, regenerate with -update and say why)", got.StateHash, want.StateHash))
	}
	if want.Ticks != got.Ticks || len(want.Bodies) != len(got.Bodies) {
		return []string{fmt.Sprintf("%d bodies after %d ticks, golden file has %d after %d",
			len(got.Bodies), got.Ticks, len(want.Bodies), want.Ticks)}
	}
	for i := range want.Bodies {
		w, g := &want.Bodies[i], &got.Bodies[i]
		if w.Name != g.Name || w.Sleeping != g.Sleeping {
			diffs = append(diffs, fmt.Sprintf("body %d: %q sleeping=%v, golden %q sleeping=%v", i, g.Name, g.Sleeping, w.Name, w.Sleeping))
		}
		check := func(what string, a, b []float64) {
			for k := range a {
				if d := math.Abs(a[k] - b[k]); !(d <= tol) {
					diffs = append(diffs, fmt.Sprintf("%s %s: %v, golden %v (differs by %.3g)", g.Name, what, b, a, d))
					return
				}
			}
		}
		check("centre", w.Center[:], g.Center[:])
		check("orientation", w.Orientation[:], g.Orientation[:])
		check("velocity", w.Velocity[:], g.Velocity[:])
		check("angular velocity", w.AngularVelocity[:], g.AngularVelocity[:])
	}
	return diffs
}

// The comparison itself can fail: a state moved by twice the tolerance in
// one component is reported, one moved by half of it is not.
func TestGoldenCompareCatchesChanges(t *testing.T) {
	sc := goldenScenes()[0]
	a := runGolden(t, sc, 1)
	b := runGolden(t, sc, 1)
	if d := compareGolden(a, b, goldenTolerance); len(d) != 0 {
		t.Fatalf("the same run differs from itself: %v", d)
	}
	b.Bodies[0].Center[1] += 2 * goldenTolerance
	if d := compareGolden(a, b, goldenTolerance); len(d) != 1 {
		t.Fatalf("a change of 2x the tolerance gave %d differences, want 1", len(d))
	}
	b.Bodies[0].Center[1] -= 1.5 * goldenTolerance
	if d := compareGolden(a, b, goldenTolerance); len(d) != 0 {
		t.Fatalf("a change of half the tolerance was reported: %v", d)
	}
	// The hash is pinned: a state that differs in any bit (which changes
	// the hash) is reported even when every value is within tolerance.
	b.StateHash = "0000000000000000"
	if d := compareGolden(a, b, goldenTolerance); len(d) != 1 {
		t.Fatalf("a different state hash gave %d differences, want 1", len(d))
	}
}
