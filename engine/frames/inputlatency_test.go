package frames

import "testing"

// Two inputs arrive in one frame's poll (t = 1 ms), the frame runs no step;
// the next frame's first step (tick 10 to 11) applies both, and the frame
// is presented at 30 ms drawing through tick 11: both took 29 ms. A third
// arrives at 40 ms, is applied at tick 12, but the frame presented at 50 ms
// draws only through tick 12 (lerp at alpha 0: prev); the one at 60 ms
// draws through 13 and shows it: 20 ms.
func TestInputLatencyFollowsInputs(t *testing.T) {
	l := NewInputLatency(8)
	l.Queued(2, 1*ms)
	l.Queued(2, 2*ms) // the same two: no new arrival
	l.Presented(10, 15*ms)
	if s := l.Summary(); s.Inputs != 0 || l.InFlight() != 2 {
		t.Fatalf("nothing applied yet, yet %+v (%d in flight)", s, l.InFlight())
	}
	l.Stepped(10)
	l.Presented(11, 30*ms)
	s := l.Summary()
	if s.Inputs != 2 || s.Count != 2 || s.Last != 29 || s.Mean != 29 || s.Max != 29 || l.InFlight() != 0 {
		t.Fatalf("after the first present: %+v, %d in flight; want two inputs of 29 ms", s, l.InFlight())
	}
	l.Queued(1, 40*ms)
	l.Stepped(12)
	l.Presented(12, 50*ms)
	if l.Summary().Inputs != 2 {
		t.Fatal("an input applied in the step to tick 13 counted as shown by a frame drawn through tick 12")
	}
	l.Presented(13, 60*ms)
	s = l.Summary()
	if s.Inputs != 3 || s.Last != 20 || s.Max != 29 || s.P50 != 29 || !near(s.Mean, 26) {
		t.Fatalf("after the third: %+v", s)
	}
}

// A new session drops its queue: arrivals waiting for it are forgotten, not
// matched to the next inputs queued.
func TestInputLatencyQueueDropped(t *testing.T) {
	l := NewInputLatency(8)
	l.Queued(3, 1*ms)
	l.Queued(0, 5*ms) // the scene was reloaded
	l.Queued(1, 9*ms)
	l.Stepped(0)
	l.Presented(1, 10*ms)
	if s := l.Summary(); s.Inputs != 1 || s.Last != 1 {
		t.Fatalf("%+v: want one input of 1 ms", s)
	}
	l.Queued(2, 20*ms)
	l.Forget()
	l.Stepped(5)
	l.Presented(100, 30*ms)
	if s := l.Summary(); s.Inputs != 1 || l.InFlight() != 0 {
		t.Fatalf("after Forget: %+v, %d in flight", s, l.InFlight())
	}
}

// The window keeps the last inputs; in-flight inputs are bounded.
func TestInputLatencyBounds(t *testing.T) {
	l := NewInputLatency(2)
	for i := int64(1); i <= 3; i++ {
		l.Queued(1, 0)
		l.Stepped(uint64(i))
		l.Presented(uint64(i+1), i*ms)
	}
	if s := l.Summary(); s.Inputs != 3 || s.Count != 2 || s.Max != 3 || s.P50 != 2 {
		t.Fatalf("%+v: want the last two inputs (2 and 3 ms) of three", s)
	}
	l.Queued(maxInputsInFlight+50, 0)
	l.Stepped(0)
	l.Queued(maxInputsInFlight+50, 0)
	if l.InFlight() > 2*maxInputsInFlight {
		t.Fatalf("%d inputs in flight", l.InFlight())
	}
	if n := testing.AllocsPerRun(50, func() {
		l.Queued(1, 0)
		l.Stepped(7)
		l.Presented(8, ms)
		_ = l.Summary()
	}); n != 0 {
		t.Fatalf("%v allocations per input", n)
	}
}
