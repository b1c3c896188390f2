//go:build cgo

package main

import (
	"encoding/json"
	"fmt"
	"os"

	"sandbox/engine/frames"
	"sandbox/engine/interp"
	"sandbox/engine/physics"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// appStats is the per-frame set of numbers the panel shows. The app fills
// it every frame without allocating; the Dear ImGui panel (app_panel.go)
// copies it into its state, and keeps its own plot history.
type appStats struct {
	Scene string
	Frame int    // display frames so far
	Tick  uint64 // physics ticks so far

	Steps          int     // physics steps this frame
	Alpha          float64 // [0, 1): how far between prev and curr the drawn poses are
	Accumulator    float64 // s of unsimulated time left after this frame
	FrameSeconds   float64 // measured frame time, s
	FedSeconds     float64 // frame time after time scale (and the stabiliser), s
	DroppedSeconds float64 // time dropped by the clamp and the step cap this frame, s
	DroppedTotal   float64 // s, over the run

	PresentHz        float64 // measured presentation rate over the recent window, Hz
	MeanFrameSeconds float64 // over the recent window, s
	P99FrameSeconds  float64 // over the recent window, s
	JitterSeconds    float64 // standard deviation of the frame period, s

	Target     frames.Target
	TargetHz   float64 // what the pacer holds, 0 = not pacing
	NativeHz   float64 // the monitor's refresh rate, 0 if unknown
	VSync      bool
	Fullscreen bool
	Stabiliser bool
	Drawn      bool // false while minimised

	Paused    bool
	TimeScale float64
	Interp    interp.Mode
	CCD       bool

	Bodies, Awake    int
	CCDHits, Tunnels uint64 // cumulative, from the physics counters
	// CCDWallHits, CCDGroundHits and CCDBodyHits split CCDHits by what was
	// hit: static slabs other than the ground, the scene's ground
	// (scene.GroundStatic), dynamic bodies hit by bullets.
	CCDWallHits, CCDGroundHits, CCDBodyHits uint64
	Teleports                               uint64 // declared teleports applied (scripted, replayed)
	UndeclaredJumps                         uint64 // jumps the teleport detector caught, per body and step
	Profile                                 physics.Profile

	ShotSpeed float64 // m/s
	ShotHalf  float64 // m
	CameraFly bool
	// ShotNote is "" or one line saying shots are refused at the body
	// limit (ShotsRefused of them since the scene was loaded).
	ShotNote     string
	ShotsRefused uint64
}

// fillStats updates a.stats from the session's record of the frame.
func (a *app) fillStats(fr *session.Frame, frameSeconds, fed float64, drawn bool) {
	s := &a.stats
	w := a.sim.world
	sum := a.window.Summary()
	dropped := fr.DroppedSeconds()
	c := w.Counters()
	*s = appStats{
		Scene: a.sim.sc.Name, Frame: a.frameIndex + 1, Tick: fr.Tick,
		Steps: fr.Steps, Alpha: fr.Alpha, Accumulator: fr.Accumulator,
		FrameSeconds: frameSeconds, FedSeconds: fed, DroppedSeconds: dropped, DroppedTotal: s.DroppedTotal + dropped,
		PresentHz: sum.RateHz, MeanFrameSeconds: sum.MeanSeconds, P99FrameSeconds: sum.P99Seconds,
		JitterSeconds: sum.JitterSeconds,
		Target:        a.target, TargetHz: a.pacer.Hz(), NativeHz: a.nativeHz, VSync: a.vsync,
		Fullscreen: a.fullscreen, Stabiliser: a.stabiliser.Enabled, Drawn: drawn,
		Paused: a.sim.lp.Paused(), TimeScale: a.sim.lp.TimeScale(), Interp: a.view.Mode, CCD: w.CCD(),
		Bodies: w.NumBodies(), Awake: w.NumAwake(), CCDHits: c.CCDHits, Tunnels: c.Tunnels,
		CCDWallHits: fr.Counts.CCDWallHits, CCDGroundHits: fr.Counts.CCDGroundHits, CCDBodyHits: fr.Counts.CCDBodyHits,
		Teleports: c.Teleports, UndeclaredJumps: fr.Counts.UndeclaredJumps, Profile: fr.Profile,
		ShotSpeed: a.sim.shotSpeed, ShotHalf: a.sim.shotHalf, CameraFly: a.cam.fly,
		ShotNote: a.sim.cap.Note(), ShotsRefused: a.sim.cap.refused,
	}
}

// statsFile is the -stats JSON: DESIGN.md's fields first, then extras
// that let a script check what the run did.
type statsFile struct {
	Frames            int         `json:"frames"`
	DisplayHzMeasured float64     `json:"display_hz_measured"`
	MeanFrameSeconds  float64     `json:"mean_frame_seconds"`
	P99FrameSeconds   float64     `json:"p99_frame_seconds"`
	Ticks             uint64      `json:"ticks"`
	DroppedSeconds    float64     `json:"dropped_seconds"`
	Scene             string      `json:"scene"`
	TargetHz          float64     `json:"target_hz"`
	VSync             bool        `json:"vsync"`
	Interp            string      `json:"interp"`
	CCD               bool        `json:"ccd"`
	CCDHits           uint64      `json:"ccd_hits"`
	Tunnels           uint64      `json:"tunnels"`
	TeleportsDetected uint64      `json:"teleports_detected"` // = undeclared_jumps, the name before there were two counters
	Bodies            []statsBody `json:"bodies"`
	// Named as in the headless report.
	Teleports       uint64 `json:"teleports"`        // declared teleports applied
	UndeclaredJumps uint64 `json:"undeclared_jumps"` // jumps the teleport detector caught
	CCDWallHits     uint64 `json:"ccd_wall_hits"`    // CCD hits on static slabs but the ground
	CCDGroundHits   uint64 `json:"ccd_ground_hits"`  // CCD hits on the scene's ground
	CCDBodyHits     uint64 `json:"ccd_body_hits"`    // CCD hits of bullets on dynamic bodies
	presentStats           // present timing and input latency (app_present.go)
}

type statsBody struct {
	Name        string     `json:"name"`
	Center      [3]float64 `json:"center"`
	Orientation [4]float64 `json:"orientation"` // unit quaternion [w, x, y, z]
	Velocity    [3]float64 `json:"velocity"`
	Sleeping    bool       `json:"sleeping"`
	// TeleportFlags is how many steps the teleport detector flagged this body in.
	TeleportFlags uint64 `json:"teleport_flags,omitempty"`
}

// writeStats writes -stats at the end of the run ("-" is stdout).
func (a *app) writeStats() error {
	if a.o.Stats == "" {
		return nil
	}
	w := a.sim.world
	counts := a.sim.sess.Counts()
	mean := a.runStats.RunMeanSeconds()
	out := statsFile{
		Frames: a.frameIndex, MeanFrameSeconds: mean, P99FrameSeconds: a.runStats.Summary().P99Seconds,
		Ticks: a.sim.sess.Tick(), DroppedSeconds: a.stats.DroppedTotal,
		Scene: a.sim.sc.Name, TargetHz: a.pacer.Hz(), VSync: a.vsync, Interp: a.view.Mode.String(),
		CCD: w.CCD(), CCDHits: w.Counters().CCDHits, Tunnels: w.Counters().Tunnels,
		TeleportsDetected: counts.UndeclaredJumps, Bodies: []statsBody{},
		Teleports: w.Counters().Teleports, UndeclaredJumps: counts.UndeclaredJumps,
		CCDWallHits: counts.CCDWallHits, CCDGroundHits: counts.CCDGroundHits, CCDBodyHits: counts.CCDBodyHits,
		presentStats: a.presentStats(),
	}
	if mean > 0 {
		out.DisplayHzMeasured = 1 / mean
	}
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		q := b.Curr.Orientation
		out.Bodies = append(out.Bodies, statsBody{Name: b.Name, Center: b.Curr.Center,
			Orientation: [4]float64{q.W, q.V[0], q.V[1], q.V[2]}, Velocity: b.Velocity,
			Sleeping: b.Sleeping, TeleportFlags: a.sim.teleports().Flagged(i)})
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return fmt.Errorf("-stats: %w", err)
	}
	data = append(data, '\n')
	if a.o.Stats == safeio.Stdout {
		_, err = os.Stdout.Write(data)
	} else {
		// Atomically: a run killed while writing leaves the previous file.
		err = safeio.WriteFile(a.o.Stats, data)
	}
	if err != nil {
		return fmt.Errorf("-stats %q: %w", a.o.Stats, err)
	}
	return nil
}
