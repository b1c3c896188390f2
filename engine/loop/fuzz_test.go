package loop

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzAdvance feeds any sequence of frame times, time scales, pauses, single
// steps and stop requests, and checks the loop's books: every second fed is
// stepped, kept in the accumulator or reported as dropped, to 1e-9
// relative; alpha stays in [0, 1); no frame runs more steps than the cap.
//
// hz, maxSteps and clamp pick the config. data is read as records: a
// control byte, then either 2 bytes (a frame of 0..0.5 s, the common case)
// or, when the control byte's high bit is set, 8 bytes of raw float64 bits
// (anything: NaN, infinities, negatives, denormals, huge values).
func FuzzAdvance(f *testing.F) {
	f.Add(uint16(60), uint8(8), uint8(64), []byte{0, 0x08, 0x80, 0, 0x10, 0x00, 4, 0xff, 0xff})
	f.Add(uint16(144), uint8(1), uint8(0), []byte{1, 0x00, 0x10, 2, 0, 0, 1, 0x40, 0x00, 0x0c, 0x20, 0x00})
	raw := []byte{0x80}
	raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(1e300))
	raw = append(raw, 0x80)
	raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(math.NaN()))
	raw = append(raw, 0x80)
	raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(5e-324))
	f.Add(uint16(30), uint8(64), uint8(255), raw)
	f.Add(uint16(1000), uint8(3), uint8(10), []byte{0x78, 0xff, 0xff, 0x04, 0x34, 0x12, 0x02, 0, 0})

	f.Fuzz(func(t *testing.T, hz uint16, maxSteps uint8, clamp uint8, data []byte) {
		h := 1 / float64(1+hz%1000)
		cfg := Config{StepSeconds: h, MaxStepsPerFrame: 1 + int(maxSteps%64), MaxFrameSeconds: float64(clamp) / 255}
		l, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var fed, dropped, free float64 // free: steps granted by single steps
		steps := 0
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
			if k := (c >> 3) & 0x0f; k != 0 {
				// 15 scales spread over [MinTimeScale, MaxTimeScale].
				if err := l.SetTimeScale(MinTimeScale + float64(k-1)/14*(MaxTimeScale-MinTimeScale)); err != nil {
					t.Fatal(err)
				}
			}
			paused := l.Paused()
			before := l.Tick()
			calls := 0
			fr, err := l.Advance(s, func(tick uint64) bool {
				if tick != before+uint64(calls) {
					t.Fatalf("callback tick %d, want %d", tick, before+uint64(calls))
				}
				calls++
				return !stop
			})
			if err != nil {
				if s >= 0 && s*l.TimeScale() <= math.MaxFloat64 {
					t.Fatalf("Advance(%v) refused: %v", s, err)
				}
				if l.Tick() != before || fr.Steps != 0 {
					t.Fatalf("refused Advance(%v) changed state", s)
				}
				continue
			}
			if fr.Steps != calls || l.Tick() != before+uint64(calls) {
				t.Fatalf("frame %+v: %d callbacks, tick %d -> %d", fr, calls, before, l.Tick())
			}
			if fr.Steps > cfg.MaxStepsPerFrame || (paused && fr.Steps > 1) {
				t.Fatalf("frame %+v: over the cap %d (paused %v)", fr, cfg.MaxStepsPerFrame, paused)
			}
			if !(fr.Alpha >= 0 && fr.Alpha < 1) || fr.Alpha != l.Alpha() {
				t.Fatalf("frame %+v: alpha not in [0,1)", fr)
			}
			if !(fr.Accumulator >= 0 && fr.Accumulator < h) || fr.Accumulator != l.Accumulator() {
				t.Fatalf("frame %+v: accumulator not in [0, %v)", fr, h)
			}
			if fr.ClampedSeconds < 0 || fr.CappedSeconds < 0 || fr.DiscardedSeconds < 0 {
				t.Fatalf("frame %+v: negative dropped time", fr)
			}
			if paused {
				free += float64(fr.Steps) * h
			} else {
				fed += s * l.TimeScale()
			}
			steps += fr.Steps
			dropped += fr.DroppedSeconds() + fr.DiscardedSeconds
			books := float64(steps)*h + l.Accumulator() + dropped
			want := fed + free
			if math.Abs(books-want) > 1e-9*math.Max(want, h) {
				t.Fatalf("stepped %d*%v + accumulator %v + dropped %v = %v, fed %v (+%v single steps)",
					steps, h, l.Accumulator(), dropped, books, fed, free)
			}
		}
	})
}
