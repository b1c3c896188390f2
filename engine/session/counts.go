package session

import "sandbox/engine/physics"

// Counts are the session's running event counts that the physics counters
// do not split: continuous-collision hits by what was hit, and the bodies
// the teleport detector caught. They are kept with the world's state: a
// rewind moves them back with it, as it does the physics counters, so
// CCDWallHits + CCDGroundHits + CCDBodyHits is always
// World().Counters().CCDHits.
type Counts struct {
	// CCDGroundHits are CCD hits on the scene's ground
	// (scene.GroundStatic: the widest horizontal slab), bullets landing.
	CCDGroundHits uint64
	// CCDWallHits are CCD hits on every other static slab.
	CCDWallHits uint64
	// CCDBodyHits are hits of a bullet on a dynamic body.
	CCDBodyHits uint64
	// UndeclaredJumps counts, per body and step, the jumps the teleport
	// detector caught (Frame.Undeclared); it stays 0 unless
	// Options.DetectTeleports is set.
	UndeclaredJumps uint64
}

// Counts is what the session has counted up to the current tick.
func (s *Session) Counts() Counts { return s.counts }

// countHits adds the last step's CCD hits to the counts.
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
