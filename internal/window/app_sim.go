//go:build cgo

package window

import (
	"fmt"

	"sandbox/engine/ccd"
	"sandbox/engine/gfx"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// Shot limits (issue 4: 10 to 20,000 m/s), the panel's slider ranges.
const (
	minShotSpeed = ui.MinShotSpeed    // m/s
	maxShotSpeed = ui.MaxShotSpeed    // m/s
	minShotHalf  = ui.MinShotSize / 2 // m, half the cube's edge
	maxShotHalf  = ui.MaxShotSize / 2 // m
)

// shotSpeeds are the steps of [ and ].
var shotSpeeds = []float64{10, 20, 50, 100, 200, 500, 1000, 2000, 3000, 5000, 10000, 20000}

// simulation is the window's side of the one simulation session: the
// session itself (world, loop, script, queued inputs, per-step
// bookkeeping), the shot settings, and what the view marks from the frames'
// events. sc, world and lp are the session's, kept as fields because the
// panel and the tests read them every frame.
type simulation struct {
	sess  *session.Session
	sc    *scene.Scene
	world *physics.World
	lp    *loop.Loop

	now float64 // render time of the frame being simulated, s

	shotSpeed float64 // m/s
	shotHalf  float64 // m, cube half extent
	plate     bool    // fire thin spinning plates rather than cubes (the panel's choice; Ctrl for one shot)
	shots     int
	loaded    bool
	ccdFlag   bool // the -ccd value, applied to the first scene
	rewind    bool // keep the last RewindSeconds of states (paused stepping back)
	locked    bool // a replay is playing: the user's shots and switches are shut out
	cap       shotCap
	noFlags   bool // judge declared teleports as undeclared (Options.ignoreTeleportFlags)
	// moversPerFrame: -movers per-frame, every load's movers moved by
	// display time (the anti-pattern).
	moversPerFrame bool

	// netDelay, when not 0, runs each load as two peers with the remote
	// player's inputs that many ticks late (F4, app_network.go); rb is the
	// rollback then, touched the bodies a late input touched lately.
	netDelay int
	rb       *session.Rollback
	touched  []int

	policy  loop.Policy         // the loop every load starts with (-loop, J)
	mirror  func(physics.Input) // shots also go here (the split by policy), when set
	catchUp loop.CatchUp        // -catch-up, Shift+J
}

// load builds a fresh session for sc.
func (s *simulation) load(sc *scene.Scene) error {
	built, peers := s.peerScene(sc)
	sess, err := session.New(session.Options{Scene: built, Clock: frameClock, DetectTeleports: true, IgnoreTeleportFlags: s.noFlags,
		Policy: s.policy, CatchUp: s.catchUp, MoversPerFrame: s.moversPerFrame})
	if err != nil {
		return fmt.Errorf("scene %s: %w", sc.Name, err)
	}
	if !s.loaded {
		sess.World().SetCCD(s.ccdFlag)
		s.loaded = true
	}
	if s.shotHalf == 0 {
		s.shotHalf = ui.DefaultShotSize / 2
	}
	if s.rewind {
		sess.EnableRewind(session.RewindTicks(sess.StepSeconds()))
	}
	if s.sess != nil {
		s.sess.Close() // its helpers stop; the old world still steps if asked
	}
	s.sess, s.sc, s.world, s.lp = sess, sc, sess.World(), sess.Loop()
	if err := s.attachPeer(peers); err != nil {
		return fmt.Errorf("scene %s: %w", sc.Name, err)
	}
	s.cap.reset()
	return nil
}

// consume takes what the view needs from a frame's events, after Advance
// and never from inside a step: every CCD impact for the hit markers, the
// tunnels for the tunnel marks, the contacts that began and ended for the per-body contact counts, and every
// body the teleport detector caught, to mark it for gfx.FlagSeconds.
func (s *simulation) consume(f *session.Frame, view *gfx.WorldView) {
	n := s.world.NumBodies()
	if view != nil {
		for i := range f.CCDHits {
			view.AddHit(f.CCDHits[i], s.now)
		}
		for i := range f.Tunnels {
			e := f.Tunnels[i]
			st := s.world.Static(int(e.Static))
			view.AddTunnel(e, ccd.AABB{Min: st.Min, Max: st.Max}, s.now)
		}
		for i := range f.ContactsBegun {
			view.CountContact(f.ContactsBegun[i], 1, n)
		}
		for i := range f.ContactsEnded {
			view.CountContact(f.ContactsEnded[i], -1, n)
		}
		for _, u := range f.Undeclared {
			if u.Body < n {
				view.Flag(u.Body, s.now)
			}
		}
	}
}

// fire queues a projectile from the camera along the view for the next tick
// boundary: a cube, or a thin spinning plate when ctrl is held or the panel
// picked plates.
func (s *simulation) fire(c *camera, ctrl bool) {
	if s.locked || !s.allowShot() {
		return
	}
	s.shots++
	d := scene.Shot(fmt.Sprintf("user-shot-%d", s.shots), c.eye(), c.forward(), s.shotSpeed, s.shotHalf, ctrl || s.plate)
	s.sess.Queue(physics.Input{Kind: physics.InputFire, Fire: d})
	if s.mirror != nil {
		s.mirror(physics.Input{Kind: physics.InputFire, Fire: d})
	}
}

// toggleCCD queues a CCD switch for the next tick boundary.
func (s *simulation) toggleCCD() { s.setCCD(!s.sess.PendingCCD()) }

// setCCD queues CCD on or off for the next tick boundary (never mid-step:
// the switch is an input of the step, so it is deterministic).
func (s *simulation) setCCD(on bool) {
	if s.locked {
		return
	}
	s.sess.Queue(physics.Input{Kind: physics.InputSetCCD, Enabled: on})
}

// setRate changes the physics rate and substeps from the next tick on
// (the panel's sliders), resetting nothing; a replay's rate is the
// recording's. An out-of-range rate is refused by the session (the
// sliders cannot make one).
func (s *simulation) setRate(r session.Rate) {
	if s.locked {
		return
	}
	_ = s.sess.SetRate(r)
}

// changeSpeed moves the shot speed one step up (dir > 0) or down.
func (s *simulation) changeSpeed(dir int) {
	i := 0
	for i < len(shotSpeeds)-1 && shotSpeeds[i] < s.shotSpeed {
		i++
	}
	if dir > 0 && shotSpeeds[i] <= s.shotSpeed {
		i++
	} else if dir < 0 {
		i--
	}
	s.shotSpeed = shotSpeeds[max(0, min(i, len(shotSpeeds)-1))]
}

// changeSize scales the shot size by a factor within its limits.
func (s *simulation) changeSize(factor float64) {
	s.shotHalf = max(minShotHalf, min(maxShotHalf, s.shotHalf*factor))
}
