package session

import (
	"testing"
)

// A recording of the elevator scene, paused and rewound mid-ride and
// resumed, replays with every hash equal at other display rates: the
// movers' state is in the snapshots and follows from the tick.
func TestMoversRecordRewindReplay(t *testing.T) {
	r := newRecording(t, "elevator")
	s := r.s
	rewound := false
	for s.Tick() < 600 {
		if s.Tick() >= 200 && !rewound {
			rewound = true
			s.Loop().SetPaused(true)
			for i := 0; i < 75; i++ {
				s.StepBack()
			}
			s.Loop().SetPaused(false)
		}
		r.advance(t, 1.0/45)
	}
	data := r.end(t)
	for _, hz := range []float64{144, 30} {
		rp, err := play(t, data, hz)
		if err != nil {
			t.Fatalf("replay at %v Hz: %v", hz, err)
		}
		if rp.Checked() < 10 {
			t.Fatalf("replay at %v Hz compared only %d hashes", hz, rp.Checked())
		}
	}
}

// -movers values: step and per-frame, anything else named.
func TestParseMoverMode(t *testing.T) {
	if pf, err := ParseMoverMode("per-frame"); err != nil || !pf {
		t.Errorf("per-frame: %v %v", pf, err)
	}
	if pf, err := ParseMoverMode("step"); err != nil || pf {
		t.Errorf("step: %v %v", pf, err)
	}
	if _, err := ParseMoverMode("frame"); err == nil {
		t.Error("frame accepted")
	}
}
