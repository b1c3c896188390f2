package frames

import (
	"math/rand/v2"
	"testing"
)

// A VRR pacer presents each frame when it is ready, never sooner than
// 1/max after the last present, and does not catch up: a slow frame is
// followed by a frame paced from it, not by a short one.
func TestPacerVRR(t *testing.T) {
	c := &fakeClock{oversleep: 300_000, readCost: 1000}
	p := NewPacer(c.now, c.sleep)
	if err := p.SetVRR(144); err != nil {
		t.Fatal(err)
	}
	if p.Hz() != 144 || !p.VRR() {
		t.Fatalf("Hz %v VRR %v, want 144 and true", p.Hz(), p.VRR())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	gap := int64(1e9) / 144
	prev := p.Wait()
	for i := range 2000 {
		work := int64(3e6 + 27e6*rng.Float64()) // 3..30 ms
		c.t += work
		now := p.Wait()
		d := now - prev
		if d < gap {
			t.Fatalf("frame %d presented %d ns after the last, sooner than 1/144 s", i, d)
		}
		if work >= gap && d > work+10_000 {
			t.Fatalf("frame %d ready after %d ns held until %d ns", i, work, d)
		}
		if work < gap && d > gap+10_000 {
			t.Fatalf("frame %d ready early held %d ns, past 1/144 s", i, d)
		}
		prev = now
	}
	// A swap of 0..5 ms after each Wait: the presents, not Wait's returns,
	// stay 1/144 s apart.
	last := p.Wait()
	for i := range 2000 {
		c.t += int64(1e6 + 4e6*rng.Float64())
		p.Wait()
		c.t += int64(5e6 * rng.Float64()) // the swap
		presented := c.now()
		p.Presented(presented)
		if d := presented - last; i > 0 && d < gap {
			t.Fatalf("present %d came %d ns after the last, sooner than 1/144 s", i, d)
		}
		last = presented
	}
	if err := p.SetVRR(0); err == nil {
		t.Error("SetVRR(0) accepted")
	}
	if err := p.SetHz(60); err != nil || p.VRR() {
		t.Errorf("SetHz after SetVRR: %v, VRR %v", err, p.VRR())
	}
}
