package loop

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzAdvancePolicy is FuzzAdvance for every policy and catch-up strategy,
// switched live by the data: every second fed is stepped (at each frame's
// step dt), kept, owed (Behind), dropped or rounded away (Float32Acc), to
// 1e-9 relative; alpha stays in [0, 1); no frame runs more steps than the
// cap; no step is longer than the physics step except Variable's.
func FuzzAdvancePolicy(f *testing.F) {
	f.Add(uint16(60), uint8(8), uint8(64), uint8(0x11), []byte{0, 0x08, 0x80, 0, 0x10, 0x00, 4, 0xff, 0xff})
	f.Add(uint16(144), uint8(1), uint8(0), uint8(0x24), []byte{1, 0x00, 0x10, 2, 0, 0, 1, 0x40, 0x00, 0x0c, 0x20, 0x00})
	raw := []byte{0x80}
	raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(1e300))
	raw = append(raw, 0x80)
	raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(5e-324))
	f.Add(uint16(30), uint8(64), uint8(255), uint8(0x13), raw)
	f.Add(uint16(60), uint8(4), uint8(10), uint8(0x02), []byte{0x78, 0xff, 0xff, 0x04, 0x34, 0x12, 0x40, 0, 0x80, 0, 0xff, 0xff})

	f.Fuzz(func(t *testing.T, hz uint16, maxSteps, clamp, pol uint8, data []byte) {
		h := 1 / float64(1+hz%1000)
		cfg := Config{StepSeconds: h, MaxStepsPerFrame: 1 + int(maxSteps%64), MaxFrameSeconds: float64(clamp) / 255,
			Policy: Policy(pol % uint8(numPolicies)), CatchUp: CatchUp((pol >> 4) % uint8(numCatchUps))}
		l, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var fed, stepped, dropped, rounded, free float64
		for len(data) > 0 {
			c := data[0]
			data = data[1:]
			var s float64
			if c&0x80 != 0 {
				if len(data) < 8 {
					return
				}
				s = math.Float64frombits(binary.LittleEndian.Uint64(data))
				data = data[8:]
			} else {
				if len(data) < 2 {
					return
				}
				s = float64(binary.LittleEndian.Uint16(data)) / 65535 * 0.5
				data = data[2:]
			}
			if c&0x01 != 0 {
				l.SetPaused(!l.Paused())
			}
			if c&0x02 != 0 {
				l.RequestSingleStep()
			}
			stop := c&0x04 != 0
			if k := (c >> 3) & 0x07; k != 0 {
				// Switch policy or catch-up live.
				if k <= 5 {
					if err := l.SetPolicy(Policy(k - 1)); err != nil {
						t.Fatal(err)
					}
				} else if err := l.SetCatchUp(CatchUp(k - 5)); err != nil {
					t.Fatal(err)
				}
			}
			if c&0x40 != 0 {
				if err := l.SetCatchUp(Drop); err != nil {
					t.Fatal(err)
				}
			}
			paused := l.Paused()
			owedBefore := l.Accumulator() + l.Behind()
			before := l.Tick()
			calls := 0
			fr, err := l.Advance(s, func(tick uint64) bool {
				if tick != before+uint64(calls) {
					t.Fatalf("callback tick %d, want %d", tick, before+uint64(calls))
				}
				if l.StepDT() != l.StepDT() || !(l.StepDT() > 0) {
					t.Fatalf("step dt %v", l.StepDT())
				}
				calls++
				return !stop
			})
			if err != nil {
				if s >= 0 && s*l.TimeScale() <= math.MaxFloat64 {
					t.Fatalf("Advance(%v) refused: %v", s, err)
				}
				continue
			}
			if fr.Steps != calls || l.Tick() != before+uint64(calls) {
				t.Fatalf("frame %+v: %d callbacks, tick %d -> %d", fr, calls, before, l.Tick())
			}
			if fr.Steps > cfg.MaxStepsPerFrame || (paused && fr.Steps > 1) {
				t.Fatalf("frame %+v: over the cap %d (paused %v)", fr, cfg.MaxStepsPerFrame, paused)
			}
			if fr.Steps > 0 && l.Policy() != Variable && fr.StepSeconds > h*(1+1e-8) {
				t.Fatalf("frame %+v: a %v step is longer than the physics step %v", fr, fr.StepSeconds, h)
			}
			if !(fr.Alpha >= 0 && fr.Alpha < 1) || fr.Alpha != l.Alpha() {
				t.Fatalf("frame %+v: alpha not in [0,1)", fr)
			}
			limit := h
			if l.Policy() == Float32Acc {
				limit = math.Max(h, float64(float32(h)))
			}
			if !(fr.Accumulator >= 0 && fr.Accumulator < limit) || !(fr.Behind >= 0) {
				t.Fatalf("frame %+v: accumulator not in [0, %v) or negative behind", fr, limit)
			}
			if fr.ClampedSeconds < 0 || fr.CappedSeconds < 0 || fr.DiscardedSeconds < 0 || fr.SkippedSeconds < 0 || fr.ResetSeconds < 0 {
				t.Fatalf("frame %+v: negative dropped time", fr)
			}
			if paused {
				free += float64(fr.Steps) * h
			} else {
				fed += s * l.TimeScale()
			}
			_ = owedBefore
			stepped += float64(fr.Steps) * fr.StepSeconds
			dropped += fr.DroppedSeconds() + fr.DiscardedSeconds
			rounded += fr.RoundedSeconds
			books := stepped + l.Accumulator() + l.Behind() + dropped + rounded
			want := fed + free
			if math.Abs(books-want) > 1e-9*math.Max(want, h) {
				t.Fatalf("%v/%v: stepped %v + accumulator %v + behind %v + dropped %v + rounded %v = %v, fed %v (+%v single steps)",
					l.Policy(), l.CatchUp(), stepped, l.Accumulator(), l.Behind(), dropped, rounded, books, fed, free)
			}
		}
	})
}
