package headless

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/loop"
	"sandbox/engine/physics"
)

// Report is the -report JSON object of the headless-run contract. Fields
// after Bodies are additions: scripts may ignore them, and none of the
// contract's fields may ever be renamed or dropped.
type Report struct {
	Scene            string       `json:"scene"`
	PhysicsHz        float64      `json:"physics_hz"`
	DisplayHz        float64      `json:"display_hz"`
	Frames           uint64       `json:"frames"`
	Ticks            uint64       `json:"ticks"`
	DroppedSeconds   float64      `json:"dropped_seconds"`
	MaxStepsInAFrame int          `json:"max_steps_in_a_frame"`
	StateHash        string       `json:"state_hash"`
	CCDHits          uint64       `json:"ccd_hits"`
	Tunnels          uint64       `json:"tunnels"`
	StepMicros       Micros       `json:"step_micros"`
	Bodies           []BodyReport `json:"bodies"`

	// Additions to the contract.
	Jitter         float64 `json:"jitter"`
	HitchEvery     int     `json:"hitch_every"`
	HitchSeconds   float64 `json:"hitch_seconds"`
	Seed           uint64  `json:"seed"`
	CCD            bool    `json:"ccd"`
	Interp         string  `json:"interp"`
	DisplaySeconds float64 `json:"display_seconds"` // simulated display time the run covered
	PhysicsSeconds float64 `json:"physics_seconds"` // ticks x step
	ContactsBegun  uint64  `json:"contacts_begun"`
	Teleports      uint64  `json:"teleports"`
}

// BodyReport is one body's state after the last tick.
type BodyReport struct {
	Name            string     `json:"name"`
	Center          [3]float64 `json:"center"`
	Orientation     [4]float64 `json:"orientation"` // [w, x, y, z]
	Velocity        [3]float64 `json:"velocity"`
	AngularVelocity [3]float64 `json:"angular_velocity"`
	Sleeping        bool       `json:"sleeping"`
	Bullet          bool       `json:"bullet"`
}

func vec3(v mgl64.Vec3) [3]float64  { return [3]float64(v) }
func quat4(q mgl64.Quat) [4]float64 { return [4]float64{q.W, q.V[0], q.V[1], q.V[2]} }

// newReport fills in everything the world and the options know.
func newReport(o Options, w *physics.World, cfg loop.Config) *Report {
	c := w.Counters()
	rep := &Report{
		Scene:          o.Scene.Name,
		PhysicsHz:      1 / cfg.StepSeconds,
		DisplayHz:      o.Display.Hz,
		Ticks:          w.Tick(),
		StateHash:      fmt.Sprintf("%016x", w.StateHash()),
		CCDHits:        c.CCDHits,
		Tunnels:        c.Tunnels,
		Jitter:         o.Display.Jitter,
		HitchEvery:     o.Display.HitchEvery,
		HitchSeconds:   o.Display.HitchSeconds,
		Seed:           o.Display.Seed,
		CCD:            w.CCD(),
		Interp:         o.Interp.String(),
		PhysicsSeconds: float64(w.Tick()) * cfg.StepSeconds,
		ContactsBegun:  c.ContactsBegun,
		Teleports:      c.Teleports,
		Bodies:         make([]BodyReport, w.NumBodies()),
	}
	if o.Scene.PhysicsHz > 0 {
		rep.PhysicsHz = o.Scene.PhysicsHz
	}
	for i := range rep.Bodies {
		b := w.Body(i)
		rep.Bodies[i] = BodyReport{
			Name: b.Name, Center: vec3(b.Curr.Center), Orientation: quat4(b.Curr.Orientation),
			Velocity: vec3(b.Velocity), AngularVelocity: vec3(b.AngularVelocity),
			Sleeping: b.Sleeping, Bullet: b.Bullet,
		}
	}
	return rep
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
