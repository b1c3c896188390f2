package headless

import (
	"bufio"
	"io"
	"math"
	"strconv"

	"sandbox/engine/interp"
	"sandbox/engine/loop"
	"sandbox/engine/physics"
	"sandbox/engine/session"
)

// TraceWriter writes the -trace JSON lines, for headless and window runs
// alike. It formats by hand into one reused buffer rather than through
// encoding/json: bodies must come out in creation order (a Go map would
// sort them by name), and a long run writes millions of numbers. A warm
// TraceWriter allocates nothing per frame.
type TraceWriter struct {
	out *bufio.Writer
	buf []byte
	err error
	// Loop names the loop policy and catch-up of the frames being written,
	// when they are not the fixed step's ("variable/drop"); "" for the
	// fixed loop, whose lines stay as they were.
	Loop string
}

// LoopName is how a trace line names l's policy and catch-up: "" for the
// fixed step with catch-up drop, else "POLICY/CATCHUP" (made once, so that
// a window asking every frame allocates nothing).
func LoopName(l *loop.Loop) string {
	if l.Policy() == loop.Fixed && l.CatchUp() == loop.Drop {
		return ""
	}
	return loopNames[l.Policy()][l.CatchUp()]
}

var loopNames = func() [][]string {
	ps, cs := loop.PolicyNames(), loop.CatchUpNames()
	names := make([][]string, len(ps))
	for i, p := range ps {
		for _, c := range cs {
			names[i] = append(names[i], p+"/"+c)
		}
	}
	return names
}()

// NewTraceWriter buffers its writes to out; call Flush at the end.
func NewTraceWriter(out io.Writer) *TraceWriter {
	return &TraceWriter{out: bufio.NewWriterSize(out, 1<<16), buf: make([]byte, 0, 4096)}
}

func appendFloat(b []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		// JSON has no NaN; null keeps the line parseable and the report's
		// finiteness check fails the run.
		return append(b, "null"...)
	}
	return strconv.AppendFloat(b, v, 'g', -1, 64)
}

// appendJSONString appends s as a JSON string. strconv.AppendQuote is not
// enough: its \x and \a escapes are Go, not JSON, and a body name holding a
// control character would make the line unparseable.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

func appendKey(b []byte, k string) []byte {
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

// Frame writes one line: the frame's numbers (time is the display time so
// far and frameSeconds this frame's, s: the simulated display's in a
// headless run, the measured ones in a window) and every body's drawn pose,
// interpolated by mode exactly as the window draws it. Write errors are
// kept for Flush.
func (t *TraceWriter) Frame(f *session.Frame, time, frameSeconds float64, w *physics.World, mode interp.Mode, dt float64) {
	if t.err != nil {
		return
	}
	b := t.buf[:0]
	b = append(b, '{')
	b = appendKey(b, "frame")
	b = strconv.AppendUint(b, f.Index, 10)
	b = append(b, ',')
	b = appendKey(b, "time")
	b = appendFloat(b, time)
	b = append(b, ',')
	b = appendKey(b, "frame_seconds")
	b = appendFloat(b, frameSeconds)
	b = append(b, ',')
	b = appendKey(b, "steps")
	b = strconv.AppendInt(b, int64(f.Steps), 10)
	b = append(b, ',')
	b = appendKey(b, "alpha")
	b = appendFloat(b, f.Alpha)
	b = append(b, ',')
	b = appendKey(b, "dropped_seconds")
	b = appendFloat(b, f.DroppedSeconds())
	b = append(b, ',')
	b = appendKey(b, "tick")
	b = strconv.AppendUint(b, f.Tick, 10)
	b = append(b, ',')
	if t.Loop != "" {
		b = appendKey(b, "loop")
		b = strconv.AppendQuote(b, t.Loop)
		b = append(b, ',')
	}
	if f.StepSeconds != dt {
		// A loop whose dt varies (-loop variable, semi-fixed): the steps'
		// own dt, s. The fixed loop's lines stay as they were.
		b = appendKey(b, "step_dt")
		b = appendFloat(b, f.StepSeconds)
		b = append(b, ',')
	}
	b = appendKey(b, "bodies")
	b = append(b, '{')
	for i := 0; i < w.NumBodies(); i++ {
		v := w.Body(i)
		p := interp.BodyPose(mode, v, f.Alpha, dt)
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, v.Name)
		b = append(b, ':', '{')
		b = appendKey(b, "center")
		b = append(b, '[')
		for k := 0; k < 3; k++ {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendFloat(b, p.Center[k])
		}
		b = append(b, ']', ',')
		b = appendKey(b, "orientation")
		b = append(b, '[')
		q := [4]float64{p.Orientation.W, p.Orientation.V[0], p.Orientation.V[1], p.Orientation.V[2]}
		for k := 0; k < 4; k++ {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendFloat(b, q[k])
		}
		b = append(b, ']', '}')
	}
	b = append(b, '}', '}', '\n')
	t.buf = b
	_, t.err = t.out.Write(b)
}

// Flush writes what is buffered and returns the first error of any write.
func (t *TraceWriter) Flush() error {
	if t.err != nil {
		return t.err
	}
	return t.out.Flush()
}
