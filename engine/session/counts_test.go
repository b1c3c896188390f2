package session

import (
	"testing"

	"sandbox/engine/physics"
)

// The range scene's scripted volley hits the walls and, falling, the
// ground: the session splits the world's CCD hits into wall, ground and
// body hits that add up to the physics total, each one checked against the
// frame's events.
func TestCountsSplitCCDHits(t *testing.T) {
	for _, name := range []string{"range", "gauntlet"} {
		sc := mustScene(t, name)
		ground := physics.StaticID(sc.GroundStatic())
		s := mustSession(t, Options{Scene: sc, StopTick: 600})
		var want Counts
		for !s.Done() {
			f, err := s.Advance(1.0 / 60)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range f.CCDHits {
				switch h.Static {
				case physics.NoStatic:
					want.CCDBodyHits++
				case ground:
					want.CCDGroundHits++
				default:
					want.CCDWallHits++
				}
			}
			want.Counters = s.World().Counters() // the physics counters, as they stand after the frame
			if f.Counts != want {
				t.Fatalf("%s: frame %d counts %+v, want %+v from its events", name, f.Index, f.Counts, want)
			}
		}
		c := s.Counts()
		if c.CCDWallHits == 0 || c.CCDGroundHits == 0 {
			t.Fatalf("%s: counts %+v: want both wall and ground hits", name, c)
		}
		if sum := c.CCDWallHits + c.CCDGroundHits + c.CCDBodyHits; sum != c.CCDHits || c.Counters != s.World().Counters() {
			t.Fatalf("%s: wall + ground + body hits = %d, physics counted %d", name, sum, s.World().Counters().CCDHits)
		}
		if c.UndeclaredJumps != 0 {
			t.Fatalf("%s: %d undeclared jumps without the detector", name, c.UndeclaredJumps)
		}
	}
}

// Counts go back with the world on a rewind and agree with the physics
// counters after resuming.
func TestCountsRewind(t *testing.T) {
	s := mustSession(t, Options{Scene: mustScene(t, "range")})
	s.EnableRewind(600)
	at := map[uint64]Counts{}
	for s.Tick() < 300 {
		if _, err := s.Advance(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		at[s.Tick()] = s.Counts()
	}
	var back uint64
	for back = 1; back < 300 && at[back] == at[300]; back++ {
	}
	if back == 300 {
		t.Fatal("no CCD hit in 300 ticks of range")
	}
	if err := s.SeekTick(back); err != nil {
		t.Fatal(err)
	}
	if s.Counts() != at[back] {
		t.Fatalf("rewound to tick %d: counts %+v, want %+v", back, s.Counts(), at[back])
	}
	for s.Tick() < 300 {
		if _, err := s.Advance(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	c := s.Counts()
	if c != at[300] || c.CCDWallHits+c.CCDGroundHits+c.CCDBodyHits != s.World().Counters().CCDHits {
		t.Fatalf("resumed to tick 300: counts %+v, want %+v (physics %d hits)", c, at[300], s.World().Counters().CCDHits)
	}
}

// The detector's catches are counted: with it, the undeclared jumps equal
// the frames' Undeclared entries.
func TestCountsUndeclared(t *testing.T) {
	s := mustSession(t, Options{Scene: mustScene(t, "teleport"), StopTick: 240, DetectTeleports: true, IgnoreTeleportFlags: true})
	var n uint64
	for !s.Done() {
		f, err := s.Advance(1.0 / 60)
		if err != nil {
			t.Fatal(err)
		}
		n += uint64(len(f.Undeclared))
	}
	if n == 0 || s.Counts().UndeclaredJumps != n || s.Teleports().Count() != n {
		t.Fatalf("undeclared jumps %d, frames listed %d, detector %d: want equal and > 0",
			s.Counts().UndeclaredJumps, n, s.Teleports().Count())
	}
}
