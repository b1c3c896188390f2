package physics

// Profile holds the last step's stage timings in nanoseconds, read from
// WorldDef.Clock. It is a value for plots and reports and never feeds back
// into the simulation.
type Profile struct {
	Inputs      int64 // applying inputs and saving prev poses
	Velocities  int64 // gravity, damping, world inertia
	Broadphase  int64
	Narrowphase int64
	Solve       int64 // contact solver: prepare, warm start, iterate, restitution
	Positions   int64 // position integration including continuous collision
	Sleep       int64
	Oracle      int64 // tunnelling oracle
	Total       int64
}

// stopwatch reads the injected clock; with no clock every lap is zero.
type stopwatch struct {
	clock func() int64
	last  int64
}

func (s *stopwatch) start(clock func() int64) {
	s.clock = clock
	if clock != nil {
		s.last = clock()
	}
}

// lap returns the nanoseconds since the previous lap (or start).
func (s *stopwatch) lap() int64 {
	if s.clock == nil {
		return 0
	}
	now := s.clock()
	d := now - s.last
	s.last = now
	return d
}
