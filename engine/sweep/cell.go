package sweep

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// Settings every trial shares.
const (
	// SettleSteps run after the projectile would have cleared the slab, so
	// the contact solver can push out a body left overlapping it; what is
	// still inside after them counts as embedded.
	SettleSteps = 8
	// MaxTiltDegrees is the largest angle between a shot and the slab's
	// normal: small, so every shot meets the slab nearly head on.
	MaxTiltDegrees = 5
	// MaxTrialSteps bounds one trial (a very slow shot at a high rate would
	// otherwise take for ever to cross a thick slab).
	MaxTrialSteps = 10_000
	// startGap (m) separates the projectile's bounding sphere from the slab
	// at phase 0, so no trial starts touching.
	startGap = 1e-3
	// slabHalfWidth (m) is the slab's half extent in y and z: every shot is
	// aimed at the slab's centre and tilted by at most MaxTiltDegrees.
	slabHalfWidth = 10.0
)

// CellResult is what one cell measured.
type CellResult struct {
	Cell
	Trials int
	// Outcomes by geometry (Classify), summing to Trials.
	Tunnelled, Stopped, Embedded int
	// TunnelRate is Tunnelled / Trials.
	TunnelRate float64
	// WorstPenetration is the deepest overlap of a projectile with the slab
	// at the end of any step of any trial, m (see Penetration).
	WorstPenetration float64
	// WorldTunnels and CCDHits are the physics world's own counters, summed
	// over the trials: crossings its tunnelling oracle saw, and impacts its
	// continuous collision handled.
	WorldTunnels, CCDHits uint64
	// Steps is the number of physics steps simulated, over every trial.
	Steps int
}

// shapeHalf is a shape's half extents for a width of size.
func shapeHalf(s Shape, size float64) mgl64.Vec3 {
	h := size / 2
	if s == Plate {
		// Thin along y, flying edge first along x, tumbling about z.
		return mgl64.Vec3{h, h / 30, h}
	}
	return mgl64.Vec3{h, h, h}
}

// trialSteps is how many steps a trial takes: until the shot's centre, had
// nothing stopped it, is a body length past the far face, then SettleSteps.
// startX is the distance from the centre to the near face at the start.
func trialSteps(startX, thickness, radius, travel float64) int {
	n := math.Ceil((startX + thickness + 2*radius) / travel)
	if n > MaxTrialSteps {
		return MaxTrialSteps + 1
	}
	return int(n) + SettleSteps
}

// worstTrialSteps is the longest trial the grid asks for (the slowest shot
// at the highest rate through the thickest slab), for Validate.
func (g *Grid) worstTrialSteps() int {
	vmin, hzmax, thmax := math.Inf(1), 0.0, 0.0
	for _, v := range g.Speeds {
		vmin = math.Min(vmin, v)
	}
	for _, hz := range g.Hz {
		hzmax = math.Max(hzmax, hz)
	}
	for _, th := range g.Thickness {
		thmax = math.Max(thmax, th)
	}
	r := 0.0
	for _, s := range g.Shapes {
		r = math.Max(r, shapeHalf(s, g.Size).Len())
	}
	travel := vmin * math.Cos(MaxTiltDegrees*math.Pi/180) / hzmax
	return trialSteps(r+startGap+travel, thmax, r, travel)
}

// cellRand is the cell's own PRNG: seeded by the sweep's seed and the cell's
// index, so that the offsets never depend on which worker runs the cell.
func cellRand(seed uint64, index int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(index)))
}

// RunCell fires g.Trials projectiles for cell c and counts what happened.
func RunCell(c Cell, g *Grid) (CellResult, error) {
	res := CellResult{Cell: c, Trials: g.Trials}
	def := physics.DefaultWorldDef()
	def.Gravity = mgl64.Vec3{}
	def.CCD = c.CCD
	def.Sleep = false
	w, err := physics.NewWorld(def)
	if err != nil {
		return res, err
	}
	defer w.Close()
	x0, x1 := 0.0, c.Thickness
	if _, err := w.AddStatic(physics.StaticDef{Name: "slab",
		Min: mgl64.Vec3{x0, -slabHalfWidth, -slabHalfWidth}, Max: mgl64.Vec3{x1, slabHalfWidth, slabHalfWidth}}); err != nil {
		return res, err
	}
	empty := w.Snapshot()
	dt := 1 / c.Hz
	half := shapeHalf(c.Shape, g.Size)
	radius := half.Len()
	rng := cellRand(g.Seed, c.Index)
	// One shift for the whole cell, then evenly spaced phases: every trial
	// meets the slab at a different point of the step, and the seed moves
	// them all.
	shift := rng.Float64()
	for i := 0; i < g.Trials; i++ {
		tilt := rng.Float64() * MaxTiltDegrees * math.Pi / 180
		azimuth := rng.Float64() * 2 * math.Pi
		spinAround := rng.Float64() * 2 * math.Pi
		spinPhase := rng.Float64() * 2 * math.Pi
		dir := mgl64.Vec3{math.Cos(tilt), math.Sin(tilt) * math.Cos(azimuth), math.Sin(tilt) * math.Sin(azimuth)}
		travel := c.Speed * dir[0] * dt // along the normal, per step
		phase := (float64(i) + shift) / float64(g.Trials)
		startX := radius + startGap + phase*travel
		b := physics.DefaultBodyDef()
		b.Name = fmt.Sprintf("shot-%d", i)
		// Aimed so that the centre's path meets the near face at the origin.
		b.Center = dir.Mul(-startX / dir[0])
		b.Half = half
		b.Mass = scene.ShotMass
		b.Velocity = atMost(dir.Mul(c.Speed), MaxSpeed)
		b.Bullet = true
		if c.Spin > 0 {
			// Tumbling about an axis across the flight, at a random phase.
			axis := dir.Cross(mgl64.Vec3{0, math.Cos(spinAround), math.Sin(spinAround)}).Normalize()
			b.AngularVelocity = atMost(axis.Mul(c.Spin), MaxSpin)
			b.Orientation = mgl64.QuatRotate(spinPhase, axis)
		}
		w.Restore(empty)
		id, err := w.AddBody(b)
		if err != nil {
			return res, fmt.Errorf("%v: trial %d: %v", c, i, err)
		}
		n := trialSteps(startX, c.Thickness, radius, travel)
		for s := 0; s < n; s++ {
			w.Step(dt, nil)
			v, _ := w.BodyByID(id)
			res.WorstPenetration = math.Max(res.WorstPenetration, Penetration(v.Curr.Center, v.Curr.Orientation, half, x0, x1))
		}
		res.Steps += n
		v, _ := w.BodyByID(id)
		if !finiteVec(v.Curr.Center) {
			return res, fmt.Errorf("%v: trial %d: the projectile's state became non-finite", c, i)
		}
		switch Classify(v.Curr.Center[0], x0, x1) {
		case Tunnelled:
			res.Tunnelled++
		case Embedded:
			res.Embedded++
		default:
			res.Stopped++
		}
		cn := w.Counters()
		res.WorldTunnels += cn.Tunnels
		res.CCDHits += cn.CCDHits
	}
	res.TunnelRate = float64(res.Tunnelled) / float64(res.Trials)
	return res, nil
}

func finiteVec(v mgl64.Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// atMost keeps a vector whose length should be at most lim (a speed or spin
// at the grid's limit times a unit direction) within the world's own check,
// which a direction rounded a hair long would fail. Below the limit it
// returns v as it is.
func atMost(v mgl64.Vec3, lim float64) mgl64.Vec3 {
	for vecLen(v) > lim {
		v = v.Mul(1 - 0x1p-50)
	}
	return v
}

// vecLen is a vector's length rounded as the world rounds it.
func vecLen(v mgl64.Vec3) float64 {
	return math.Sqrt(float64(v[0]*v[0]) + float64(v[1]*v[1]) + float64(v[2]*v[2]))
}
