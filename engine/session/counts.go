package session

import "sandbox/engine/physics"

// Counts are a run's event counters: the one set the headless report,
// the window's -stats and its panel all show (under the JSON names below).
// They are the world's physics counters plus what only the session can
// count: continuous-collision hits split by what was hit, and the bodies
// the teleport detector caught. A rewind moves them back with the world's
// state, so CCDWallHits + CCDGroundHits + CCDBodyHits is always CCDHits.
type Counts struct {
	physics.Counters
	// CCDGroundHits are CCD hits on the scene's ground
	// (scene.GroundStatic: the widest horizontal slab), bullets landing.
	CCDGroundHits uint64 `json:"ccd_ground_hits"`
	// CCDWallHits are CCD hits on every other static slab.
	CCDWallHits uint64 `json:"ccd_wall_hits"`
	// CCDBodyHits are hits of a bullet on a dynamic body.
	CCDBodyHits uint64 `json:"ccd_body_hits"`
	// UndeclaredJumps counts, per body and step, the jumps the teleport
	// detector caught (Frame.Undeclared); it stays 0 unless
	// Options.DetectTeleports is set.
	UndeclaredJumps uint64 `json:"undeclared_jumps"`
}

// Counts is what the session and its world have counted up to the current
// tick.
func (s *Session) Counts() Counts {
	c := s.counts
	c.Counters = s.world.Counters()
	return c
}

// countHits adds the last step's CCD hits to the session's own counts
// (s.counts' Counters are not kept: Counts reads the world's).
func (s *Session) countHits(hits []physics.CCDHit) {
	c := &s.counts
	for i := range hits {
		switch h := hits[i].Static; {
		case h == physics.NoStatic:
			c.CCDBodyHits++
		case h == s.ground:
			c.CCDGroundHits++
		default:
			c.CCDWallHits++
		}
	}
}
