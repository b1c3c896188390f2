package sweep

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"sandbox/engine/physics"
)

// Shape is what a projectile looks like.
type Shape string

// The shapes a sweep can fire. Both are Size wide; the plate is 30 times
// thinner than it is wide and tumbles end over end, like the window's
// Ctrl-fire plate: the case that swept bounds built from the start and end
// poses alone miss.
const (
	Cube  Shape = "cube"
	Plate Shape = "plate"
)

// Limits on a grid, so that a typo cannot start a sweep that runs for days.
const (
	MaxCells  = 100_000 // cells in one sweep
	MaxTrials = 10_000  // projectiles per cell
	MaxHz     = 10_000  // physics rate, Hz
	// MaxSpeed and MaxSpin are the world's own limits (physics.MaxSpeed,
	// MaxSpin): one bound, checked here before anything runs.
	MaxSpeed = physics.MaxSpeed // m/s
	MaxSpin  = physics.MaxSpin  // rad/s
	MaxSize  = 2.0              // projectile width, m: the window's largest shot
	// MaxTotalTrials bounds cells x trials: about half an hour per core.
	MaxTotalTrials = 100_000_000
)

// Grid is what one sweep measures: every combination of its lists is a cell.
type Grid struct {
	Speeds    []float64 // m/s, > 0
	Thickness []float64 // slab thickness, m, > 0
	Hz        []float64 // physics rate, Hz, > 0
	Spin      []float64 // angular speed, rad/s, >= 0
	Shapes    []Shape
	CCD       []bool
	// Size is the projectile's width (a cube's edge), m, > 0.
	Size float64
	// Trials is the number of projectiles fired per cell, >= 1.
	Trials int
	// Seed picks the start offsets and tilts; any value.
	Seed uint64
}

// DefaultGrid is the default sweep: 5 x 5 x 4 x 4 x 2 x 2 = 1,600
// cells of 64 trials.
func DefaultGrid() Grid {
	return Grid{
		Speeds:    []float64{10, 100, 1000, 5000, 20000},
		Thickness: []float64{0.0005, 0.001, 0.01, 0.05, 0.2},
		Hz:        []float64{30, 60, 120, 240},
		Spin:      []float64{0, 50, 500, 2000},
		Shapes:    []Shape{Cube, Plate},
		CCD:       []bool{true, false},
		Size:      0.05,
		Trials:    64,
		Seed:      1,
	}
}

// NumCells is the number of cells, or -1 when it would overflow.
func (g *Grid) NumCells() int {
	n := 1
	for _, k := range []int{len(g.Speeds), len(g.Thickness), len(g.Hz), len(g.Spin), len(g.Shapes), len(g.CCD)} {
		if k != 0 && n > math.MaxInt32/k {
			return -1
		}
		n *= k
	}
	return n
}

// Validate reports the first bad setting, naming its flag (-speeds, ...).
func (g *Grid) Validate() error {
	lists := []struct {
		flag   string
		values []float64
		min    float64 // exclusive unless zeroOK
		zeroOK bool
		max    float64
	}{
		{"-speeds", g.Speeds, 0, false, MaxSpeed},
		{"-thickness", g.Thickness, 0, false, math.MaxFloat64},
		{"-hz", g.Hz, 0, false, MaxHz},
		{"-spin", g.Spin, 0, true, MaxSpin},
	}
	for _, l := range lists {
		if len(l.values) == 0 {
			return fmt.Errorf("%s: empty list", l.flag)
		}
		for i, v := range l.values {
			if slices.Contains(l.values[:i], v) {
				return fmt.Errorf("%s %v: given twice", l.flag, v)
			}
			switch {
			case math.IsNaN(v) || math.IsInf(v, 0):
				return fmt.Errorf("%s %v: must be finite", l.flag, v)
			case l.zeroOK && v < 0:
				return fmt.Errorf("%s %v: must be >= 0", l.flag, v)
			case !l.zeroOK && v <= 0:
				return fmt.Errorf("%s %v: must be > 0", l.flag, v)
			case v > l.max:
				return fmt.Errorf("%s %v: must be <= %g", l.flag, v, l.max)
			}
		}
	}
	if len(g.Shapes) == 0 {
		return errors.New("-shape: empty list")
	}
	for i, s := range g.Shapes {
		if s != Cube && s != Plate {
			return fmt.Errorf("-shape %q: want cube or plate", string(s))
		}
		if slices.Contains(g.Shapes[:i], s) {
			return fmt.Errorf("-shape %s: given twice", s)
		}
	}
	if len(g.CCD) == 0 {
		return errors.New("-ccd: empty list")
	}
	if len(g.CCD) > 2 || len(g.CCD) == 2 && g.CCD[0] == g.CCD[1] {
		return errors.New("-ccd: on and off may each be given once")
	}
	if math.IsNaN(g.Size) || g.Size <= 0 || g.Size > MaxSize {
		return fmt.Errorf("-size %v: must be > 0 and <= %g m", g.Size, MaxSize)
	}
	if g.Trials < 1 || g.Trials > MaxTrials {
		return fmt.Errorf("-trials %d: must be 1 to %d", g.Trials, MaxTrials)
	}
	if n := g.worstTrialSteps(); n > MaxTrialSteps {
		return fmt.Errorf("-speeds: the slowest shot at the highest -hz through the thickest slab takes %d steps per trial, more than %d: raise the slowest speed", n, MaxTrialSteps)
	}
	if n := g.NumCells(); n < 0 || n > MaxCells {
		return fmt.Errorf("the lists make %s cells, more than %d: shorten -speeds, -thickness, -hz, -spin, -shape or -ccd",
			cellCount(g), MaxCells)
	}
	if n := g.NumCells() * g.Trials; n > MaxTotalTrials {
		return fmt.Errorf("-trials %d: %d cells x %d trials is more than %d trials in all", g.Trials, g.NumCells(), g.Trials, MaxTotalTrials)
	}
	return nil
}

// cellCount spells the product of the list lengths for an error message.
func cellCount(g *Grid) string {
	return fmt.Sprintf("%d x %d x %d x %d x %d x %d", len(g.Speeds), len(g.Thickness), len(g.Hz), len(g.Spin), len(g.Shapes), len(g.CCD))
}

// Cell is one combination of the grid's settings.
type Cell struct {
	Index     int     // position in Grid.Cells: the order of every output
	Speed     float64 // m/s
	Thickness float64 // m
	Hz        float64 // physics rate
	Spin      float64 // rad/s
	Shape     Shape
	CCD       bool
}

// Cells lists every cell in a fixed order: speed varies slowest, then
// thickness, rate, spin, shape, and CCD fastest, so that a cell's CCD-on and
// CCD-off runs sit side by side.
func (g *Grid) Cells() []Cell {
	cells := make([]Cell, 0, max(g.NumCells(), 0))
	for _, v := range g.Speeds {
		for _, th := range g.Thickness {
			for _, hz := range g.Hz {
				for _, sp := range g.Spin {
					for _, sh := range g.Shapes {
						for _, c := range g.CCD {
							cells = append(cells, Cell{Index: len(cells), Speed: v, Thickness: th, Hz: hz, Spin: sp, Shape: sh, CCD: c})
						}
					}
				}
			}
		}
	}
	return cells
}

// String names the cell the way -fail-on-tunnel reports it.
func (c Cell) String() string {
	ccd := "off"
	if c.CCD {
		ccd = "on"
	}
	return fmt.Sprintf("speed %g m/s, thickness %g m, %g Hz, spin %g rad/s, %s, CCD %s", c.Speed, c.Thickness, c.Hz, c.Spin, c.Shape, ccd)
}
