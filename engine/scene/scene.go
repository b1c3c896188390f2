// Package scene loads the sandbox's JSON scene files (format version 1, as
// described in DESIGN.md), holds the built-in scenes, builds physics worlds
// from them and replays their tick-stamped events.
//
// Loading is strict: an unknown field, a number that overflows float64, a
// non-positive size or mass, a duplicate name, an event naming a body that
// does not exist and every other bad value refuses the whole file with one
// line that names the file, the field path and the value. Nothing is ever
// half-loaded. The same scene serves the window, headless runs, tests and
// benchmarks.
package scene

import (
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/internal/oneline"
)

// Version is the scene format version this package reads.
const Version = 1

// Scene is a validated scene: every value is in range and every name
// resolves, so building a world from it cannot fail on the scene's account.
type Scene struct {
	// Name is what reports call "scene". Defaults to the file's base name.
	Name string
	// File is where the scene came from (a path, or builtin/NAME.json).
	File string
	// Description is optional free text for scene lists.
	Description string
	// PhysicsHz is the fixed step rate, 1..1000 Hz. Default 60.
	PhysicsHz float64
	// MaxStepsPerFrame caps the steps per display frame, >= 1. Default 8.
	MaxStepsPerFrame int
	// MaxFrameSeconds clamps one frame's time, s, >= 0 (0 = no clamp).
	// Default 0.25.
	MaxFrameSeconds float64
	// Gravity in m/s^2. Default (0, -9.81, 0).
	Gravity mgl64.Vec3
	// CCD and Sleep switch continuous collision and sleeping. Default true.
	CCD, Sleep bool
	// SolverIterations is the contact solver's velocity iterations, 1..64.
	// Default 8.
	SolverIterations int
	// Solver holds the solver settings the scene sets (optional top-level
	// fields named by physics.SolverSettings: contact_hertz,
	// contact_damping_ratio, max_push_velocity, restitution_threshold,
	// linear_slop, speculative_distance, sleep_seconds, sleep_speed,
	// ccd_fraction); only those fields of it are used, and the ones a file
	// leaves out keep physics.DefaultWorldDef's values.
	Solver physics.WorldDef
	// Statics are the axis-aligned slabs, in file order.
	Statics []physics.StaticDef
	// Bodies are the dynamic boxes, in file order, with defaults filled in
	// and orientations normalised.
	Bodies []physics.BodyDef
	// Movers are the kinematic boxes that follow paths, in file order
	// (movers.go).
	Movers []physics.MoverDef
	// Springs are the springs between bodies or from an anchor, in file
	// order (springs.go).
	Springs []Spring
	// Events are the scripted inputs in file order (NewScript sorts them by
	// tick, stably).
	Events []Event
	// Workers is how many goroutines the world's step may use
	// (physics.WorldDef.Workers; 0 = the physics default). It is not part
	// of the file: the results are the same for any count, so it is a
	// choice of the run (sandbox -headless -workers), not of the scene.
	Workers int
}

// EventKind says what an Event does.
type EventKind uint8

const (
	// EventFire creates a projectile (Event.Fire).
	EventFire EventKind = iota + 1
	// EventTeleport moves a body (Event.Teleport).
	EventTeleport
)

// Event is one scripted input. It applies at the start of the step that
// takes the world from tick Tick to Tick+1.
type Event struct {
	Tick uint64    // the tick the event applies at, >= 0
	Kind EventKind // which of Fire and Teleport is set
	// Fire is the projectile for EventFire: Center is the muzzle (fire.from),
	// Velocity is normalize(direction)*speed, AngularVelocity is fire.spin,
	// Bullet is true.
	Fire physics.BodyDef
	// Teleport is the move for EventTeleport.
	Teleport Teleport
	// Player is whose input the event is in a rollback session, 1 or 2;
	// 0 when the file does not say (a rollback then alternates players by
	// event, EventPlayer). Plain runs ignore it.
	Player int
}

// MaxPlayers is how many players a rollback session has: player 1 is
// local, player 2 remote.
const MaxPlayers = 2

// EventPlayer is the player of the i-th event in file order: its own
// "player", else 1 and 2 alternating (1 for the first event).
func (s *Scene) EventPlayer(i int) int {
	if p := s.Events[i].Player; p > 0 {
		return p
	}
	return 1 + i%MaxPlayers
}

// Teleport moves the body named Body (a scene body or a projectile fired at
// an earlier tick) to Center, m, optionally setting its orientation and
// linear velocity (m/s).
type Teleport struct {
	Body           string
	Center         mgl64.Vec3
	Orientation    mgl64.Quat
	SetOrientation bool
	Velocity       mgl64.Vec3
	SetVelocity    bool
}

// The range of physics_hz, Hz (and of the rate a run may override it with).
const (
	MinPhysicsHz = 1
	MaxPhysicsHz = 1000
)

// SubstepsOf is the solver's substeps per step for solver_iterations n:
// two velocity iterations per substep, rounded up (physics' solver).
func SubstepsOf(n int) int { return (n + 1) / 2 }

// SetRate overrides the scene's physics rate and substeps (-physics-hz and
// -substeps; a recording's header): hz > 0 replaces PhysicsHz, substeps > 0
// sets SolverIterations to two per substep. The caller validates them.
func (s *Scene) SetRate(hz float64, substeps int) {
	if hz > 0 {
		s.PhysicsHz = hz
	}
	if substeps > 0 {
		s.SolverIterations = 2 * substeps
	}
}

// StepSeconds is the fixed step, 1/PhysicsHz seconds.
func (s *Scene) StepSeconds() float64 { return 1 / s.PhysicsHz }

// LoopConfig is the loop configuration the scene asks for.
func (s *Scene) LoopConfig() loop.Config {
	return loop.Config{
		StepSeconds:      s.StepSeconds(),
		MaxStepsPerFrame: s.MaxStepsPerFrame,
		MaxFrameSeconds:  s.MaxFrameSeconds,
	}
}

// Error is a refused scene: Error() is one line,
// "FILE: FIELD PATH: VALUE: what is wrong" (VALUE is left out when there is
// none, as for a syntax error, whose path is "line L, column C").
type Error struct {
	File  string // as given to Parse, or the path given to Load
	Path  string // e.g. bodies[2].half
	Value string // the offending value as written, e.g. [1 0 1]; "(missing)" for a required field
	Msg   string // what is wrong, e.g. "every half extent must be > 0"
}

// Error formats the refusal as one line.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(oneLine(e.File))
	b.WriteString(": ")
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	if e.Value != "" {
		b.WriteString(e.Value)
		b.WriteString(": ")
	}
	b.WriteString(oneLine(e.Msg))
	return b.String()
}

// oneLine keeps a message to one printable line (internal/oneline).
func oneLine(s string) string { return oneline.Escape(s) }
