package sweep

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/internal/outdir"
)

// smallGrid is a light sweep that still reaches the fast, thin, spinning
// corner of the default one, where discrete collision cannot hold.
func smallGrid() Grid {
	g := DefaultGrid()
	g.Speeds = []float64{10, 1000, 20000}
	g.Thickness = []float64{0.0005, 0.2}
	g.Hz = []float64{30, 240}
	g.Spin = []float64{0, 2000}
	g.Trials = 12
	return g
}

func runGrid(t *testing.T, g Grid, workers int) Result {
	t.Helper()
	r, err := Run(context.Background(), g, workers, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Partial || len(r.Cells) != r.Total || r.Total != g.NumCells() {
		t.Fatalf("%d of %d cells, partial %v", len(r.Cells), r.Total, r.Partial)
	}
	return r
}

// TestCCDHoldsWhereDiscreteTunnels is the pair Jolt runs its CCD scenes as:
// with CCD every shot of every cell stops, without it the fast shots at thin
// slabs pass through. It runs smallGrid, which make test can afford; with
// SANDBOX_SWEEP_FULL=1 it runs the full default grid (minutes).
func TestCCDHoldsWhereDiscreteTunnels(t *testing.T) {
	g := smallGrid()
	if os.Getenv("SANDBOX_SWEEP_FULL") != "" {
		g = DefaultGrid()
	}
	r := runGrid(t, g, 2)
	for _, c := range r.Cells {
		if c.Tunnelled+c.Stopped+c.Embedded != c.Trials {
			t.Fatalf("%v: outcomes %d+%d+%d do not add up to %d", c.Cell, c.Tunnelled, c.Stopped, c.Embedded, c.Trials)
		}
		switch {
		case c.CCD && (c.Tunnelled > 0 || c.Embedded > 0):
			t.Errorf("%v: CCD on, %d tunnelled, %d embedded", c.Cell, c.Tunnelled, c.Embedded)
		case c.CCD && c.CCDHits == 0 && c.Speed*1/c.Hz > g.Size:
			t.Errorf("%v: CCD on but no CCD hit recorded", c.Cell)
		case !c.CCD && c.Speed >= 1000 && c.Thickness <= 0.001 && c.Tunnelled == 0:
			t.Errorf("%v: CCD off at a fast shot and a thin slab, yet nothing tunnelled", c.Cell)
		}
	}
	if bad := r.CCDTunnels(); len(bad) != 0 {
		t.Errorf("CCDTunnels = %d cells", len(bad))
	}
}

// TestSweepSameForAnyWorkerCount writes the same sweep with 1 and 2 workers:
// every file but the plots must be byte-identical. A different seed must
// change the result.
func TestSweepSameForAnyWorkerCount(t *testing.T) {
	g := smallGrid()
	g.Hz = []float64{60}
	write := func(g Grid, workers int) string {
		dir := t.TempDir()
		r := runGrid(t, g, workers)
		if err := Write(openDir(t, dir), &r); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	one, two := write(g, 1), write(g, 2)
	for _, name := range []string{JSONFile, CSVFile, MarkdownFile} {
		a, _ := os.ReadFile(filepath.Join(one, name))
		b, _ := os.ReadFile(filepath.Join(two, name))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between 1 and 2 workers (%d and %d bytes)", name, len(a), len(b))
		}
	}
	for _, name := range []string{HeatMapFile(60, true), HeatMapFile(60, false), RateVsSpeedPNG} {
		if fi, err := os.Stat(filepath.Join(one, name)); err != nil || fi.Size() == 0 {
			t.Errorf("plot %s: %v", name, err)
		}
	}
	g.Seed = 2
	other := write(g, 2)
	a, _ := os.ReadFile(filepath.Join(one, JSONFile))
	b, _ := os.ReadFile(filepath.Join(other, JSONFile))
	if bytes.Equal(a, b) {
		t.Error("-seed 2 gave the same sweep.json as -seed 1")
	}
}

// TestCancelledSweepIsPartial stops a one-worker sweep after three cells:
// exactly those three, in order, marked partial.
func TestCancelledSweepIsPartial(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	r, err := Run(ctx, smallGrid(), 1, func(CellResult) {
		if n++; n == 3 {
			cancel()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Partial || len(r.Cells) != 3 || r.Cells[2].Index != 2 {
		t.Fatalf("partial %v, %d cells; want the first 3, partial", r.Partial, len(r.Cells))
	}
	dir := t.TempDir()
	if err := Write(openDir(t, dir), &r); err != nil {
		t.Fatal(err)
	}
	js, _ := os.ReadFile(filepath.Join(dir, JSONFile))
	md, _ := os.ReadFile(filepath.Join(dir, MarkdownFile))
	if !strings.Contains(string(js), `"partial": true`) || !strings.Contains(string(md), "PARTIAL") {
		t.Fatal("a partial sweep's files do not say so")
	}
}

func TestClassify(t *testing.T) {
	cases := []struct {
		x    float64
		want Outcome
	}{{-0.1, Stopped}, {-1e-12, Stopped}, {0, Embedded}, {0.005, Embedded}, {0.01, Embedded}, {0.0100001, Tunnelled}, {5, Tunnelled}}
	for _, c := range cases {
		if got := Classify(c.x, 0, 0.01); got != c.want {
			t.Errorf("Classify(%v, 0, 0.01) = %v, want %v", c.x, got, c.want)
		}
	}
}

func TestPenetration(t *testing.T) {
	half := mgl64.Vec3{0.5, 0.5, 0.5}
	id := mgl64.QuatIdent()
	turned := mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 0, 1}) // x extent 0.5*sqrt(2)
	cases := []struct {
		name string
		x    float64
		q    mgl64.Quat
		want float64
	}{
		{"clear in front", -0.6, id, 0},
		{"touching", -0.5, id, 0},
		{"front face 0.1 in", -0.4, id, 0.1},
		{"centre past the middle: push out the far side", 0.9, id, 0.6},
		{"clear behind", 1.5, id, 0},
		{"turned 45 degrees", -0.5, turned, 0.5*math.Sqrt2 - 0.5},
	}
	for _, c := range cases {
		got := Penetration(mgl64.Vec3{c.x, 0, 0}, c.q, half, 0, 1)
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: Penetration = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestGridValidate(t *testing.T) {
	cases := []struct {
		name string
		edit func(*Grid)
		flag string
	}{
		{"empty speeds", func(g *Grid) { g.Speeds = nil }, "-speeds"},
		{"negative thickness", func(g *Grid) { g.Thickness = []float64{0.01, -1} }, "-thickness"},
		{"NaN rate", func(g *Grid) { g.Hz = []float64{math.NaN()} }, "-hz"},
		{"infinite spin", func(g *Grid) { g.Spin = []float64{math.Inf(1)} }, "-spin"},
		{"negative spin", func(g *Grid) { g.Spin = []float64{-1} }, "-spin"},
		{"unknown shape", func(g *Grid) { g.Shapes = []Shape{"sphere"} }, "-shape"},
		{"no CCD setting", func(g *Grid) { g.CCD = nil }, "-ccd"},
		{"zero size", func(g *Grid) { g.Size = 0 }, "-size"},
		{"a rate twice", func(g *Grid) { g.Hz = []float64{60, 120, 60} }, "-hz 60: given twice"},
		{"a shape twice", func(g *Grid) { g.Shapes = []Shape{Plate, Plate} }, "-shape plate: given twice"},
		{"CCD twice", func(g *Grid) { g.CCD = []bool{false, false} }, "-ccd"},
		{"zero trials", func(g *Grid) { g.Trials = 0 }, "-trials"},
		{"a runaway total", func(g *Grid) {
			g.Trials = MaxTrials
			g.Speeds = make([]float64, 400)
			for i := range g.Speeds {
				g.Speeds[i] = float64(10 + i)
			}
			g.CCD = []bool{true}
			g.Shapes = []Shape{Cube}
		}, "-trials"},
		{"a huge shot", func(g *Grid) { g.Size = 3 }, "-size"},
		{"too slow to cross", func(g *Grid) { g.Speeds = []float64{1e-4} }, "-speeds"},
		{"too many cells", func(g *Grid) {
			g.Speeds = make([]float64, 400)
			for i := range g.Speeds {
				g.Speeds[i] = float64(10 + i)
			}
		}, "100000"},
	}
	for _, c := range cases {
		g := DefaultGrid()
		c.edit(&g)
		err := g.Validate()
		if err == nil || !strings.Contains(err.Error(), c.flag) {
			t.Errorf("%s: %v, want an error naming %s", c.name, err, c.flag)
		}
	}
	g := DefaultGrid()
	if err := g.Validate(); err != nil {
		t.Fatalf("default grid refused: %v", err)
	}
	if g.NumCells() != 1600 {
		t.Fatalf("default grid has %d cells, want 5x5x4x4x2x2 = 1600", g.NumCells())
	}
}

// openDir takes dir for one test write.
func openDir(t *testing.T, dir string) *outdir.Dir {
	t.Helper()
	d, err := outdir.Open(dir, "sweep", true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Abandon("test over") })
	return d
}
