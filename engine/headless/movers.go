package headless

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// MisalignLimit is how far a body resting on a mover may be drawn into it
// or apart from it before the frame counts as misaligned, m.
const MisalignLimit = 0.001

// MoverMeter counts the frames in which a body resting on a mover is drawn
// more than MisalignLimit further into it or apart from it than the
// physics has it (the separation of their contact at the last step), both
// drawn as the display draws them: the body blended between its last two
// ticks, the mover likewise when it moves by tick, or where the frame put
// it when it moves per frame. With movers on the step the two move
// together and no frame is misaligned; per frame, the mover is drawn at
// the display's time and the body at the simulation's.
type MoverMeter struct {
	Mode       interp.Mode
	Frames     uint64  // frames measured (with at least one rider)
	Misaligned uint64  // of them, misaligned
	Worst      float64 // the furthest a rider was drawn from its contact's separation, m
	riders     []physics.Rider
}

// Frame measures one frame of world w drawn at alpha.
func (m *MoverMeter) Frame(w *physics.World, alpha, stepSeconds float64) {
	m.riders = w.Riders(m.riders[:0])
	if len(m.riders) == 0 {
		return
	}
	m.Frames++
	bad := false
	for _, r := range m.riders {
		b := w.Body(r.Body)
		bp := interp.BodyPose(m.Mode, b, alpha, stepSeconds)
		mv := w.Mover(r.Mover)
		mp := interp.Blend(m.Mode, mv.Prev, mv.Curr, mv.Velocity, mv.AngularVelocity, alpha, stepSeconds)
		gap := (bp.Center[1] - reachY(b.Half, bp.Orientation)) - (mp.Center[1] + reachY(mv.Half, mp.Orientation))
		off := math.Abs(gap - r.Sep)
		m.Worst = math.Max(m.Worst, off)
		if off > MisalignLimit {
			bad = true
		}
	}
	if bad {
		m.Misaligned++
	}
}

// reachY is how far a box of half extents h at orientation q reaches
// along world y from its centre.
func reachY(h mgl64.Vec3, q mgl64.Quat) float64 {
	r := q.Mat4()
	return math.Abs(r.At(1, 0))*h[0] + math.Abs(r.At(1, 1))*h[1] + math.Abs(r.At(1, 2))*h[2]
}

// MoversReport is the report's "movers": the -movers mode and what the
// MoverMeter found over the run, drawn with the run's -interp.
type MoversReport struct {
	Mode             string  `json:"mode"`
	MisalignedFrames uint64  `json:"misaligned_frames"`
	RiderFrames      uint64  `json:"rider_frames"`
	WorstMetres      float64 `json:"worst_m"`
}
