package loop

import "testing"

// sinkTick keeps the callback's work observable so it is not optimised away.
var sinkTick uint64

// BenchmarkAdvance measures one display frame through the loop with a
// trivial step callback: at 60 Hz every frame runs one step, at 144 Hz
// most frames run none, at 30 Hz every frame runs two.
func BenchmarkAdvance(b *testing.B) {
	for _, c := range []struct {
		name    string
		display float64
	}{{"display=60Hz", 60}, {"display=144Hz", 144}, {"display=30Hz", 30}} {
		b.Run(c.name, func(b *testing.B) {
			l, err := New(DefaultConfig())
			if err != nil {
				b.Fatal(err)
			}
			step := func(tick uint64) bool { sinkTick = tick; return true }
			dt := 1 / c.display
			b.ReportAllocs()
			for b.Loop() {
				if _, err := l.Advance(dt, step); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("nil-callback", func(b *testing.B) {
		l, _ := New(DefaultConfig())
		b.ReportAllocs()
		for b.Loop() {
			_, _ = l.Advance(1.0/60, nil)
		}
	})
}
