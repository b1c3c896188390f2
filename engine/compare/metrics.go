package compare

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// BodyMetrics is what one run showed of one traced body. Every figure but
// the teleport streaks is taken over the body's steady frames only (see
// steadyStep): a body with fewer than MinSteadyFrames of them is not
// measured, and the report says so rather than give figures that mean
// nothing. Means are exact; the p99s come from log-bucket histograms and
// are within 1/128 of the exact nearest rank; figures below float noise
// (1e-9 m or rad, 1e-6 of a step) are 0.
type BodyMetrics struct {
	Name string `json:"name"`
	// Measured is false for a body that was never steady long enough.
	Measured bool `json:"measured"`
	// Frames counts the frames the body was drawn in, SteadyFrames those
	// of them measured.
	Frames       uint64 `json:"frames"`
	SteadyFrames uint64 `json:"steady_frames"`
	// Speed is the body's mean physics speed over the steady frames,
	// m/s, and StepTravel how far it moves in one step at that speed, m.
	Speed      float64 `json:"speed"`
	StepTravel float64 `json:"step_travel"`
	// Visual error: the distance from the drawn centre to the exact
	// trajectory at the frame's display time delayed by one step (what
	// interpolation is meant to show), m, and in steps: each frame's error
	// over how far the body moved in the step the frame is drawn from.
	ErrorMean      float64 `json:"error_mean"`
	ErrorP99       float64 `json:"error_p99"`
	ErrorMeanSteps float64 `json:"error_mean_steps"`
	ErrorP99Steps  float64 `json:"error_p99_steps"`
	// PresentError is the same against the exact trajectory at the
	// frame's display time itself, not delayed: what extrapolation aims
	// at. It needs the tick after the frame, so frames of the last tick
	// are left out.
	PresentErrorMean      float64 `json:"present_error_mean"`
	PresentErrorP99       float64 `json:"present_error_p99"`
	PresentErrorMeanSteps float64 `json:"present_error_mean_steps"`
	PresentErrorP99Steps  float64 `json:"present_error_p99_steps"`
	// AngleErrorMean and AngleErrorP99 are the delayed error for the
	// orientation, rad (the exact orientation turns at constant rate
	// between ticks).
	AngleErrorMean float64 `json:"angle_error_mean"`
	AngleErrorP99  float64 `json:"angle_error_p99"`
	// Judder (see Judder) over the steady frames: frames across a
	// teleport, an impact or a stop are left out.
	Judder float64 `json:"judder"`
	// TeleportStreaks counts frames in which a teleported body is drawn
	// strictly between its old and new pose; TeleportStreaksFlagIgnored
	// the same if the renderer ignored the teleport flag and blended from
	// the pose of the tick before. Every frame counts, steady or not.
	TeleportStreaks            uint64 `json:"teleport_streaks"`
	TeleportStreaksFlagIgnored uint64 `json:"teleport_streaks_flag_ignored"`
}

// MinSteadyFrames is how many steady frames a body needs to be measured.
const MinSteadyFrames = 10

// Noise floors: figures below them are float rounding and shown as 0.
const (
	floorMetres = 1e-9 // m and rad: a nanometre is far below a pixel
	floorRatio  = 1e-6 // errors in steps, judder
)

// meter measures one run, frame by frame, keeping sums and histograms
// rather than the frames: its memory does not depend on the run's length.
type meter struct {
	sess   *session.Session
	mode   interp.Mode
	dt     float64
	bodies []int // creation index per traced body

	steps     [4]uint64
	changes   uint64
	lastSteps int
	frames    uint64

	per []bodyAcc
	// pending holds the rows of the frames drawn since the last step: their
	// present error needs the pose after the next one.
	pending []row
	spare   []row
	out     *csvWriter // nil: no CSV
	plot    plotRows
}

// bodyAcc accumulates one body's figures.
type bodyAcc struct {
	follow                 Follower
	err, present, angleErr histogram
	// The errors in steps, each over the step's own travel: a body that
	// speeds up or slows down is judged against its travel at the time.
	errSteps, presentSteps histogram
	sumSpeed               float64
	frames                 uint64
	lastCurr, teleOld      physics.Pose // the pose after the tick before; where a teleport started
	haveLast, teleOldKnown bool
	streaks, ign           uint64
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
	ok, steady, havePresent bool
	drawn, exact, curr      vec
	err, angleErr, present  float64
	travel                  float64 // how far the body moved in the frame's tick, m
}

func newMeter(s *session.Session, ref *reference, m interp.Mode, out *csvWriter) *meter {
	bodies := ref.bodies
	mt := &meter{sess: s, mode: m, dt: s.StepSeconds(), bodies: bodies, per: make([]bodyAcc, len(bodies)), lastSteps: -1, out: out}
	mt.plot.spec = ref.plot
	// The scene's start: a body moving at tick 0 can be steady from tick 1.
	w := s.World()
	for j, idx := range bodies {
		if idx < w.NumBodies() {
			b := w.Body(idx)
			a := &mt.per[j]
			a.follow.Start(w.Tick(), vec(b.Velocity))
			a.lastCurr, a.haveLast = b.Curr, true
		}
	}
	s.Observe(mt.step)
	return mt
}

func v3(a mgl64.Vec3) vec { return vec(a) }

func sub(a, b vec) vec      { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func norm(a vec) float64    { return math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]) }
func dist(a, b vec) float64 { return norm(sub(a, b)) }

// step follows every traced body through the step just run, then gives the
// frames drawn before it their present error and writes them out.
func (m *meter) step(w *physics.World) {
	t := w.Tick()
	for j, idx := range m.bodies {
		if idx >= w.NumBodies() {
			continue
		}
		a := &m.per[j]
		b := w.Body(idx)
		if b.Teleported {
			a.teleOld, a.teleOldKnown = a.lastCurr, a.haveLast
		}
		a.follow.Step(t, b, m.dt)
		a.lastCurr, a.haveLast = b.Curr, true
	}
	for i := range m.pending {
		r := &m.pending[i]
		for j := range r.bodies {
			br := &r.bodies[j]
			a := &m.per[j]
			if !br.steady || r.tick+1 != t || !a.follow.SteadyOver(r.tick, t) {
				continue
			}
			present := v3(interp.LerpVec(mgl64.Vec3(br.curr), a.lastCurr.Center, r.alpha))
			br.present, br.havePresent = dist(br.drawn, present), true
			a.present.add(br.present)
			a.presentSteps.add(br.present / br.travel)
		}
	}
	m.flush()
}

// flush writes the pending rows to the CSV and keeps their buffers.
func (m *meter) flush() {
	for i := range m.pending {
		m.out.row(&m.pending[i])
	}
	m.spare, m.pending = m.pending, m.spare[:0]
}

// frame measures the frame the session just ran; t is the display time so far.
func (m *meter) frame(f *session.Frame, t float64) {
	m.frames++
	m.steps[min(f.Steps, 3)]++
	if m.lastSteps >= 0 && f.Steps != m.lastSteps {
		m.changes++
	}
	m.lastSteps = f.Steps
	r := m.newRow()
	r.frame, r.time, r.frameSeconds, r.steps, r.alpha, r.tick = f.Index, t, f.FrameSeconds, f.Steps, f.Alpha, f.Tick
	n := f.Tick
	w := m.sess.World()
	// The run's last frame, cut where the stop tick fell, is drawn at
	// alpha 0 whatever time it had: no display shows it, so it is written
	// out but not measured.
	cut := f.Stopped && f.DiscardedSeconds > 0
	for j, idx := range m.bodies {
		a := &m.per[j]
		br := &r.bodies[j]
		*br = bodyRow{}
		if n == 0 || idx >= w.NumBodies() {
			a.follow.Break()
			continue
		}
		b := w.Body(idx)
		drawn := interp.BodyPose(m.mode, b, f.Alpha, m.dt)
		exactC := v3(interp.LerpVec(b.Prev.Center, b.Curr.Center, f.Alpha))
		exactQ := exactSlerp(b.Prev.Orientation, b.Curr.Orientation, f.Alpha)
		br.ok, br.drawn, br.exact, br.curr = true, v3(drawn.Center), exactC, v3(b.Curr.Center)
		br.err = dist(br.drawn, exactC)
		br.angleErr = angleBetween(drawn.Orientation, exactQ)
		a.frames++
		if cut {
			a.follow.Break()
			continue
		}
		if a.follow.SteadyOver(n, n) {
			br.steady, br.travel = true, dist(br.curr, v3(b.Prev.Center))
			a.err.add(br.err)
			a.errSteps.add(br.err / br.travel)
			a.angleErr.add(br.angleErr)
			a.sumSpeed += a.follow.Speed()
		}
		travel := b.Velocity.Len() * m.dt
		if b.Teleported && a.teleOldKnown {
			old := a.teleOld
			if streak(br.drawn, v3(old.Center), v3(b.Curr.Center), exactC, travel) {
				a.streaks++
			}
			ign := interp.Blend(m.mode, old, b.Curr, b.Velocity, b.AngularVelocity, f.Alpha, m.dt)
			if streak(v3(ign.Center), v3(old.Center), v3(b.Curr.Center), exactC, travel) {
				a.ign++
			}
		}
		a.follow.Frame(n, br.drawn, exactC, f.FrameSeconds)
	}
	m.plot.add(r)
}

// newRow appends a pending row, reusing a spare one's body buffer.
func (m *meter) newRow() *row {
	if len(m.pending) < cap(m.pending) {
		m.pending = m.pending[:len(m.pending)+1]
	} else {
		m.pending = append(m.pending, row{})
	}
	r := &m.pending[len(m.pending)-1]
	if len(r.bodies) != len(m.bodies) {
		r.bodies = make([]bodyRow, len(m.bodies))
	}
	return r
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

// finish writes the last frames out and turns the sums into the run's
// figures.
func (m *meter) finish() *Run {
	m.flush()
	r := &Run{StepsPerFrame: m.steps, plot: m.plot.window(), plotBody: m.plot.spec.Body, plotAxis: m.plot.spec.Axis}
	if m.frames > 1 {
		r.Alternation = float64(m.changes) / float64(m.frames-1)
	}
	for j := range m.bodies {
		a := &m.per[j]
		bm := &BodyMetrics{Frames: a.frames, SteadyFrames: a.err.n, TeleportStreaks: a.streaks, TeleportStreaksFlagIgnored: a.ign}
		r.Bodies = append(r.Bodies, bm)
		bm.Measured = bm.SteadyFrames >= MinSteadyFrames
		if !bm.Measured {
			continue
		}
		bm.Speed = a.sumSpeed / float64(a.err.n)
		bm.StepTravel = bm.Speed * m.dt
		bm.ErrorMean, bm.ErrorP99 = noise(a.err.mean(), floorMetres), a.err.quantile(0.99)
		bm.PresentErrorMean, bm.PresentErrorP99 = noise(a.present.mean(), floorMetres), a.present.quantile(0.99)
		bm.AngleErrorMean, bm.AngleErrorP99 = noise(a.angleErr.mean(), floorMetres), a.angleErr.quantile(0.99)
		bm.Judder = noise(a.follow.Judder.Value(), floorRatio)
		bm.ErrorMeanSteps, bm.ErrorP99Steps = noise(a.errSteps.mean(), floorRatio), noise(a.errSteps.quantile(0.99), floorRatio)
		bm.PresentErrorMeanSteps, bm.PresentErrorP99Steps = noise(a.presentSteps.mean(), floorRatio), noise(a.presentSteps.quantile(0.99), floorRatio)
	}
	return r
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

// noise is v, or 0 when |v| is below floor: float rounding, not a figure.
func noise(v, floor float64) float64 {
	if math.Abs(v) < floor {
		return 0
	}
	return v
}
