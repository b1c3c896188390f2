package gfx

// FlagSeconds is how long a body the teleport detector caught jumping
// stays drawn in FlaggedColor, s of simulation time (so the mark freezes
// while paused, as the body does).
const FlagSeconds = 2.0

// Flag marks body index i as caught teleporting at simulation time now
// (s): it is drawn in FlaggedColor until now + FlagSeconds.
func (v *WorldView) Flag(i int, now float64) {
	if i < 0 {
		return
	}
	for len(v.flaggedUntil) <= i {
		v.flaggedUntil = append(v.flaggedUntil, 0)
	}
	v.flaggedUntil[i] = now + FlagSeconds
}

// Flagged reports whether body index i is marked at simulation time now.
func (v *WorldView) Flagged(i int, now float64) bool {
	return i >= 0 && i < len(v.flaggedUntil) && v.flaggedUntil[i] > now
}
