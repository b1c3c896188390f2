package frames

import (
	"math"
	"testing"
)

// fakeClock is a clock whose sleeps overshoot by a fixed amount and whose
// every reading costs a little time, as spinning on a real clock does.
type fakeClock struct {
	t         int64
	oversleep int64 // ns added to every sleep
	readCost  int64 // ns that pass per reading
	sleeps    int
	slept     int64
	reads     int
}

func (c *fakeClock) now() int64 { c.t += c.readCost; c.reads++; return c.t }
func (c *fakeClock) sleep(ns int64) {
	c.sleeps++
	c.slept += ns
	c.t += ns + c.oversleep
}

func TestPacerHoldsRate(t *testing.T) {
	for _, tc := range []struct {
		name      string
		hz        float64
		work      int64 // ns of work between frames
		oversleep int64
	}{
		{"144Hz idle", 144, 0, 0},
		{"144Hz busy oversleep 300us", 144, 3_000_000, 300_000},
		{"60Hz busy", 60, 10_000_000, 1_000_000},
		{"240Hz oversleep 1.2ms", 240, 1_000_000, 1_200_000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{oversleep: tc.oversleep, readCost: 1000}
			p := NewPacer(c.now, c.sleep)
			if err := p.SetHz(tc.hz); err != nil {
				t.Fatal(err)
			}
			start := p.Wait()
			const frames = 1000
			prev := start
			period := 1e9 / tc.hz
			for i := 0; i < frames; i++ {
				c.t += tc.work
				now := p.Wait()
				d := float64(now - prev)
				// Each frame within 1.5 spin-reads of the period (no drift, no burst).
				if i > 0 && math.Abs(d-period) > 0.05*period {
					t.Fatalf("frame %d period %.0f ns, want %.0f", i, d, period)
				}
				prev = now
			}
			mean := float64(prev-start) / frames
			if math.Abs(mean-period)/period > 1e-3 {
				t.Fatalf("mean period %.1f ns, want %.1f", mean, period)
			}
			if c.sleeps == 0 {
				t.Fatal("pacer never slept: it spun the whole frame")
			}
		})
	}
}

func TestPacerReanchorsAfterLongFrame(t *testing.T) {
	c := &fakeClock{readCost: 1000}
	p := NewPacer(c.now, c.sleep)
	_ = p.SetHz(100) // 10 ms
	p.Wait()
	c.t += 55_000_000 // a 55 ms hitch
	after := p.Wait() // late: returns at once
	c.t += 0
	next := p.Wait()
	// The next frame is a whole period later, not a burst of catch-up frames.
	if d := next - after; d < 9_900_000 || d > 10_100_000 {
		t.Fatalf("after a hitch the next frame came %d ns later, want 10 ms", d)
	}
}

func TestPacerUncappedNeverBlocks(t *testing.T) {
	c := &fakeClock{readCost: 1}
	p := NewPacer(c.now, c.sleep)
	for i := 0; i < 100; i++ {
		p.Wait()
	}
	if c.sleeps != 0 || c.reads != 100 {
		t.Fatalf("uncapped pacer slept %d times and read %d times", c.sleeps, c.reads)
	}
	if err := p.SetHz(-1); err == nil {
		t.Fatal("negative rate accepted")
	}
	if err := p.SetHz(math.NaN()); err == nil {
		t.Fatal("NaN rate accepted")
	}
}

func TestPacerSpinsOnlyTheLastStretch(t *testing.T) {
	c := &fakeClock{readCost: 1000}
	p := NewPacer(c.now, c.sleep)
	_ = p.SetHz(50) // 20 ms
	p.Wait()
	c.reads = 0
	p.Wait()
	// 1.5 ms of spin at 1 µs per read is ~1500 reads; the rest was slept.
	if c.reads > 1600 || c.slept < 18_000_000 {
		t.Fatalf("reads %d slept %d ns: want about 1500 reads and 18.5 ms slept", c.reads, c.slept)
	}
}

func BenchmarkPacerWaitUncapped(b *testing.B) {
	c := &fakeClock{readCost: 1}
	p := NewPacer(c.now, c.sleep)
	b.ReportAllocs()
	for b.Loop() {
		p.Wait()
	}
}
