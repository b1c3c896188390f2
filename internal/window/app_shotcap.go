//go:build cgo

package window

import (
	"fmt"
	"os"

	"sandbox/engine/scene"
)

// shotCap keeps the window's shots within scene.MaxBodies, the bound every
// scene file is held to (bodies plus projectiles): past it a tick of
// physics takes seconds and memory runs out (README, Limits). A refused
// shot is not queued; the first refusal since the scene was loaded prints
// one line on stdout, and Note says so for the panel.
type shotCap struct {
	max     int    // bodies a session may hold; 0 = scene.MaxBodies
	refused uint64 // shots refused since the scene was loaded
	note    string // "" until a shot is refused
}

// reset forgets the refusals (a new scene or R).
func (c *shotCap) reset() { c.refused, c.note = 0, "" }

// Note is the one-line status of the cap for the panel ("" = nothing refused).
func (c *shotCap) Note() string { return c.note }

// allowShot reports whether one more projectile fits: the bodies the
// session will hold (session.BodiesAhead) must stay within the cap. It
// counts and notes a refusal.
func (s *simulation) allowShot() bool {
	limit := s.cap.max
	if limit <= 0 {
		limit = scene.MaxBodies
	}
	if s.sess.BodiesAhead() < limit {
		return true
	}
	s.cap.refused++
	s.cap.note = fmt.Sprintf("shot refused: the session holds %d bodies, the limit (%d shots refused)", limit, s.cap.refused)
	if s.cap.refused == 1 {
		fmt.Fprintf(os.Stdout, "shot refused: the scene is at the limit of %d bodies, projectiles included (README, Limits)\n", limit)
	}
	return false
}
