package interp

import "testing"

// Paused, a single step is drawn at its end (1, or 0 when extrapolating)
// until the loop runs again; frames without a step keep the loop's alpha
// until a step (or Hold) starts holding.
func TestStepHold(t *testing.T) {
	var h StepHold
	for _, c := range []struct {
		mode   Mode
		paused bool
		steps  int
		want   float64
		held   bool
	}{
		{Lerp, false, 2, 0.4, false}, // running: the loop's alpha
		{Lerp, true, 0, 0.4, false},  // paused, nothing stepped yet
		{Lerp, true, 1, 1, true},     // N: the step's end
		{Lerp, true, 0, 1, true},     // and so on while paused
		{Extrapolate, true, 0, 0, true},
		{Slerp, false, 1, 0.4, false}, // unpaused: blending again
	} {
		if got := h.Alpha(c.mode, 0.4, c.paused, c.steps); got != c.want || h.Held() != c.held {
			t.Fatalf("%+v: alpha %v held %v", c, got, h.Held())
		}
	}
	h.Hold()
	if got := h.Alpha(Lerp, 0.4, true, 0); got != 1 {
		t.Fatalf("after Hold: alpha %v, want 1", got)
	}
}
