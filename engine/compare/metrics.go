package compare

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/session"
)

// BodyMetrics is what one run showed of one traced body.
type BodyMetrics struct {
	Name string `json:"name"`
	// Speed is the body's mean physics speed over the measured frames,
	// m/s, and StepTravel how far it moves in one step at that speed, m.
	Speed      float64 `json:"speed"`
	StepTravel float64 `json:"step_travel"`
	// Visual error: the distance from the drawn centre to the exact
	// trajectory at the frame's display time delayed by one step (what
	// interpolation is meant to show), m, and as a fraction of StepTravel.
	ErrorMean      float64 `json:"error_mean"`
	ErrorP99       float64 `json:"error_p99"`
	ErrorMeanSteps float64 `json:"error_mean_steps"`
	ErrorP99Steps  float64 `json:"error_p99_steps"`
	// AngleErrorMean and AngleErrorP99 are the same for the orientation,
	// rad (the exact orientation turns at constant rate between ticks).
	AngleErrorMean float64 `json:"angle_error_mean"`
	AngleErrorP99  float64 `json:"angle_error_p99"`
	// Judder is the standard deviation from frame to frame of the drawn
	// velocity's departure from the true velocity (both over the frame's
	// seconds), over Speed: 0 when the body moves evenly on screen.
	// Frames across a teleport are left out: a jump is not motion.
	Judder float64 `json:"judder"`
	// TeleportStreaks counts frames in which a teleported body is drawn
	// strictly between its old and new pose; TeleportStreaksFlagIgnored
	// the same if the renderer ignored the teleport flag and blended from
	// the pose of the tick before.
	TeleportStreaks            uint64 `json:"teleport_streaks"`
	TeleportStreaksFlagIgnored uint64 `json:"teleport_streaks_flag_ignored"`
	Frames                     uint64 `json:"frames"` // frames the body was measured in
}

// row is one frame of the per-frame CSV.
type row struct {
	frame        uint64
	time         float64 // display seconds so far
	frameSeconds float64
	steps        int
	alpha        float64
	tick         uint64
	bodies       []bodyRow
}

type bodyRow struct {
	ok            bool
	drawn, exact  vec
	err, angleErr float64
}

// meter measures one run, frame by frame.
type meter struct {
	ref   *reference
	sess  *session.Session
	mode  interp.Mode
	dt    float64
	names []string

	steps     [4]uint64
	changes   uint64
	lastSteps int
	frames    uint64

	per  []bodyAcc
	rows []row
}

// bodyAcc accumulates one body's figures.
type bodyAcc struct {
	errs, angleErrs []float64
	havePrev        bool
	prevDrawn       vec
	prevExact       vec
	sumD            vec
	sumD2           float64
	sumSpeed        float64 // true on-screen speed, summed over judged frames
	nv              float64
	prevTick        uint64
	sumTravel       float64 // one step's travel at the physics speed, summed over frames
	nTravel         float64
	streaks, ign    uint64
}

func newMeter(ref *reference, names []string, s *session.Session, m interp.Mode) *meter {
	return &meter{ref: ref, sess: s, mode: m, dt: s.StepSeconds(), names: names, per: make([]bodyAcc, len(names)), lastSteps: -1}
}

func v3(a mgl64.Vec3) vec { return vec(a) }

func sub(a, b vec) vec      { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func norm(a vec) float64    { return math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]) }
func dist(a, b vec) float64 { return norm(sub(a, b)) }

// frame measures the frame the session just ran; t is the display time so far.
func (m *meter) frame(f *session.Frame, t float64) {
	m.frames++
	m.steps[min(f.Steps, 3)]++
	if m.lastSteps >= 0 && f.Steps != m.lastSteps {
		m.changes++
	}
	m.lastSteps = f.Steps
	r := row{frame: f.Index, time: t, frameSeconds: f.FrameSeconds, steps: f.Steps, alpha: f.Alpha, tick: f.Tick,
		bodies: make([]bodyRow, len(m.names))}
	n := f.Tick
	w := m.sess.World()
	for j := range m.names {
		idx := m.ref.bodies[j]
		acc := &m.per[j]
		if n == 0 || idx >= w.NumBodies() || !m.ref.exists[m.ref.at(n, j)] {
			acc.havePrev = false
			continue
		}
		k := m.ref.at(n, j)
		b := w.Body(idx)
		drawn := interp.BodyPose(m.mode, b, f.Alpha, m.dt)
		prev, curr := m.ref.prev[k], m.ref.curr[k]
		exactC := v3(interp.LerpVec(prev.Center, curr.Center, f.Alpha))
		exactQ := exactSlerp(prev.Orientation, curr.Orientation, f.Alpha)
		br := bodyRow{ok: true, drawn: v3(drawn.Center), exact: exactC}
		br.err = dist(br.drawn, exactC)
		br.angleErr = angleBetween(drawn.Orientation, exactQ)
		acc.errs = append(acc.errs, br.err)
		acc.angleErrs = append(acc.angleErrs, br.angleErr)
		r.bodies[j] = br

		travel := norm(m.ref.vel[k]) * m.dt
		if m.ref.teleported[k] && n >= 2 && m.ref.exists[m.ref.at(n-1, j)] {
			old := m.ref.curr[m.ref.at(n-1, j)]
			if streak(v3(drawn.Center), v3(old.Center), v3(curr.Center), exactC, travel) {
				acc.streaks++
			}
			ign := interp.Blend(m.mode, old, curr, mgl64.Vec3(m.ref.vel[k]), mgl64.Vec3(m.ref.angVel[k]), f.Alpha, m.dt)
			if streak(v3(ign.Center), v3(old.Center), v3(curr.Center), exactC, travel) {
				acc.ign++
			}
		}
		// A teleport since the last frame is a jump, not motion: it is
		// left out of the judder figure (and counted as a streak or not).
		jumped := false
		for t := max(acc.prevTick+1, 1); t <= n && acc.havePrev; t++ {
			jumped = jumped || m.ref.teleported[m.ref.at(t, j)]
		}
		acc.sumTravel += travel
		acc.nTravel++
		if acc.havePrev && !jumped && f.FrameSeconds > 0 {
			inv := 1 / f.FrameSeconds
			vs := sub(br.drawn, acc.prevDrawn)
			vt := sub(exactC, acc.prevExact)
			var d vec
			for a := 0; a < 3; a++ {
				d[a] = (vs[a] - vt[a]) * inv
				acc.sumD[a] += d[a]
			}
			acc.sumD2 += d[0]*d[0] + d[1]*d[1] + d[2]*d[2]
			acc.sumSpeed += norm(vt) * inv
			acc.nv++
		}
		acc.havePrev, acc.prevDrawn, acc.prevExact, acc.prevTick = true, br.drawn, exactC, n
	}
	m.rows = append(m.rows, r)
}

// streak reports whether a body teleported from old to new is drawn at p
// part-way between the two: off both ends of the jump by more than 1% of
// it, and more than two steps' travel from where the exact trajectory has
// it (so a pose merely extrapolated past the new place does not count).
func streak(p, old, new, exact vec, travel float64) bool {
	jump := dist(old, new)
	if jump == 0 || jump <= 2*travel {
		return false
	}
	return dist(p, old) > 0.01*jump && dist(p, new) > 0.01*jump && dist(p, exact) > 2*travel
}

// finish turns the sums into the run's figures.
func (m *meter) finish() *Run {
	r := &Run{StepsPerFrame: m.steps, rows: m.rows}
	if m.frames > 1 {
		r.Alternation = float64(m.changes) / float64(m.frames-1)
	}
	for j, name := range m.names {
		a := &m.per[j]
		bm := &BodyMetrics{Name: name, Frames: uint64(len(a.errs)), TeleportStreaks: a.streaks, TeleportStreaksFlagIgnored: a.ign}
		bm.ErrorMean, bm.ErrorP99 = meanP99(a.errs)
		bm.AngleErrorMean, bm.AngleErrorP99 = meanP99(a.angleErrs)
		if a.nTravel > 0 {
			bm.StepTravel = a.sumTravel / a.nTravel
			bm.Speed = bm.StepTravel / m.dt
		}
		if a.nv > 0 {
			mean2 := (a.sumD[0]*a.sumD[0] + a.sumD[1]*a.sumD[1] + a.sumD[2]*a.sumD[2]) / (a.nv * a.nv)
			sd := math.Sqrt(math.Max(0, a.sumD2/a.nv-mean2))
			if bm.Speed > 0 {
				bm.Judder = sd / bm.Speed
			}
		}
		if bm.StepTravel > 0 {
			bm.ErrorMeanSteps, bm.ErrorP99Steps = bm.ErrorMean/bm.StepTravel, bm.ErrorP99/bm.StepTravel
		}
		r.Bodies = append(r.Bodies, bm)
	}
	return r
}

// meanP99 is the mean and 99th percentile (nearest rank) of xs.
func meanP99(xs []float64) (mean, p99 float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	i := int(math.Ceil(0.99*float64(len(s)))) - 1
	return sum / float64(len(s)), s[max(0, i)]
}

// exactSlerp turns from a to b (shortest arc) at constant angular speed
// for the fraction t: the exact orientation between two ticks of a body
// spinning at constant angular velocity. Unlike interp.SlerpQuat it has no
// nlerp fallback for small angles (it works from the relative rotation's
// half angle by atan2, which stays accurate there), so it can judge nlerp.
func exactSlerp(a, b mgl64.Quat, t float64) mgl64.Quat {
	if a.Dot(b) < 0 {
		b = mgl64.Quat{W: -b.W, V: b.V.Mul(-1)}
	}
	rel := a.Conjugate().Mul(b)
	s := rel.V.Len()
	if s == 0 {
		return a
	}
	half := math.Atan2(s, rel.W)
	axis := rel.V.Mul(1 / s)
	step := mgl64.Quat{W: math.Cos(half * t), V: axis.Mul(math.Sin(half * t))}
	return a.Mul(step)
}

// angleBetween is the rotation angle from unit quaternion a to b, rad,
// in [0, pi] (q and -q are the same rotation).
func angleBetween(a, b mgl64.Quat) float64 {
	rel := a.Conjugate().Mul(b)
	return 2 * math.Atan2(rel.V.Len(), math.Abs(rel.W))
}
