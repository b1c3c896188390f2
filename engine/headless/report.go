package headless

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/latency"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// Report is the -report JSON object of the headless-run contract. Fields
// after Bodies, and every counter but ccd_hits and tunnels, are additions:
// scripts may ignore them, and none of the contract's fields may ever be
// renamed or dropped.
type Report struct {
	Scene            string  `json:"scene"`                // the scene's name
	PhysicsHz        float64 `json:"physics_hz"`           // fixed steps per second
	DisplayHz        float64 `json:"display_hz"`           // the simulated display's rate
	Frames           uint64  `json:"frames"`               // display frames run
	Ticks            uint64  `json:"ticks"`                // physics steps run
	DroppedSeconds   float64 `json:"dropped_seconds"`      // cut by the frame clamp or the step cap, s
	MaxStepsInAFrame int     `json:"max_steps_in_a_frame"` // the most steps any one frame ran
	StateHash        string  `json:"state_hash"`           // hex; equal means bit-identical body states
	// Counts are the run's counters, flattened into the object: the
	// contract's ccd_hits and tunnels, and the additions beside them
	// (docs/headless.md, Counters).
	session.Counts
	StepMicros Micros       `json:"step_micros"` // wall time per step: the one non-deterministic field
	Bodies     []BodyReport `json:"bodies"`      // creation order

	// Additions to the contract.
	// StageMicros is the mean time per step of each stage of the physics
	// step (stages.go); absent without a clock.
	StageMicros *StageMicros `json:"stage_micros,omitempty"`
	// VRR is the variable-refresh range (-display vrr:MIN-MAX, whose MAX
	// display_hz then is), RenderMs its frames' render times, and
	// VRRRepeats how often it repeated a frame while one rendered; absent
	// on a fixed-rate display.
	VRR        string      `json:"vrr,omitempty"`
	RenderMs   *[2]float64 `json:"render_ms,omitempty"`
	VRRRepeats uint64      `json:"vrr_repeats,omitempty"`
	// InputLatency and its split are the synthetic inputs' (-inputs-at),
	// ms: absent without them.
	InputLatency      *latency.Report `json:"input_latency_ms,omitempty"`
	InputLatencySplit *latency.Split  `json:"input_latency_split_ms,omitempty"`
	Jitter            float64         `json:"jitter"`          // -jitter
	HitchEvery        int             `json:"hitch_every"`     // -hitch-every
	HitchSeconds      float64         `json:"hitch_seconds"`   // -hitch-seconds
	Seed              uint64          `json:"seed"`            // -seed
	CCD               bool            `json:"ccd"`             // CCD at the end of the run
	Interp            string          `json:"interp"`          // how the trace drew poses
	DisplaySeconds    float64         `json:"display_seconds"` // simulated display time the run covered
	PhysicsSeconds    float64         `json:"physics_seconds"` // ticks x step
	// Substeps is the solver's substeps per physics step at the end of
	// the run (the scene's, or -substeps).
	Substeps int `json:"substeps"`
	// Loop and CatchUp are the loop policy and catch-up strategy (-loop,
	// -catch-up); SlowedSeconds is what the world fell behind by over the
	// run (catch-up slow), BehindSeconds what it still owed at the end.
	Loop          string  `json:"loop"`
	CatchUp       string  `json:"catch_up"`
	SlowedSeconds float64 `json:"slowed_seconds"`
	BehindSeconds float64 `json:"behind_seconds"`
	// Springs are the scene's springs after the last tick (absent when it
	// has none).
	Springs []SpringReport `json:"springs,omitempty"`
	// Replay is a -replay run's verdict (absent otherwise).
	Replay *ReplayReport `json:"replay,omitempty"`
	// Movers is how the scene's movers moved and were drawn (absent when
	// it has none; movers.go).
	Movers *MoversReport `json:"movers,omitempty"`
}

// SpringReport is one spring after the last tick.
type SpringReport struct {
	Name      string  `json:"name"`
	Extension float64 `json:"extension"` // length minus rest length, m
	Energy    float64 `json:"energy"`    // k x^2 / 2, J
}

// BodyReport is one body's state after the last tick.
type BodyReport struct {
	Name            string     `json:"name"`
	Center          [3]float64 `json:"center"`           // m
	Orientation     [4]float64 `json:"orientation"`      // unit quaternion [w, x, y, z]
	Velocity        [3]float64 `json:"velocity"`         // m/s
	AngularVelocity [3]float64 `json:"angular_velocity"` // rad/s, world frame
	Sleeping        bool       `json:"sleeping"`
	Bullet          bool       `json:"bullet"` // fired projectile, swept against dynamic bodies too
}

func vec3(v mgl64.Vec3) [3]float64  { return [3]float64(v) }
func quat4(q mgl64.Quat) [4]float64 { return [4]float64{q.W, q.V[0], q.V[1], q.V[2]} }

// newReport fills in everything the world, the session's counts and the
// options know.
func newReport(o Options, w *physics.World, counts session.Counts, cfg loop.Config) *Report {
	rep := &Report{
		Scene:          o.Scene.Name,
		PhysicsHz:      1 / cfg.StepSeconds,
		DisplayHz:      o.Display.Hz,
		Ticks:          w.Tick(),
		StateHash:      fmt.Sprintf("%016x", w.StateHash()),
		Counts:         counts,
		Jitter:         o.Display.Jitter,
		HitchEvery:     o.Display.HitchEvery,
		HitchSeconds:   o.Display.HitchSeconds,
		Seed:           o.Display.Seed,
		CCD:            w.CCD(),
		Interp:         o.Interp.String(),
		PhysicsSeconds: float64(w.Tick()) * cfg.StepSeconds,
		Substeps:       w.Substeps(),
		Bodies:         BodyReports(w),
	}
	if o.Scene.PhysicsHz > 0 {
		rep.PhysicsHz = o.Scene.PhysicsHz
	}
	for i := 0; i < w.NumSprings(); i++ {
		sv := w.Spring(i)
		e := sv.Energy
		if math.IsInf(e, 1) {
			e = math.MaxFloat64 // a blown-up spring whose bodies are still finite
		}
		rep.Springs = append(rep.Springs, SpringReport{Name: sv.Name, Extension: sv.Extension, Energy: e})
	}
	return rep
}

// BodyReports are w's bodies as the report (and the window's -stats) list
// them, in creation order.
func BodyReports(w *physics.World) []BodyReport {
	out := make([]BodyReport, w.NumBodies())
	for i := range out {
		b := w.Body(i)
		out[i] = BodyReport{
			Name: b.Name, Center: vec3(b.Curr.Center), Orientation: quat4(b.Curr.Orientation),
			Velocity: vec3(b.Velocity), AngularVelocity: vec3(b.AngularVelocity),
			Sleeping: b.Sleeping, Bullet: b.Bullet,
		}
	}
	return out
}

// checkFinite fails a run whose physics produced NaN or infinity: such a
// state cannot be written as JSON and means the run went wrong.
func (r *Report) checkFinite() error {
	for _, b := range r.Bodies {
		for _, v := range [][]float64{b.Center[:], b.Orientation[:], b.Velocity[:], b.AngularVelocity[:]} {
			for _, x := range v {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					return fmt.Errorf("body %q has a non-finite state after tick %d", b.Name, r.Ticks)
				}
			}
		}
	}
	return nil
}

// Write writes the report as indented JSON.
func (r *Report) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
