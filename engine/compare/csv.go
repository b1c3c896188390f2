package compare

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// csvWriter streams a run's per-frame CSV while the run goes: one line per
// frame, the loop's numbers, then for each traced body the drawn and exact
// centres, the errors and whether the frame was steady. The first write
// error is kept and stops the writing, and the run with it.
type csvWriter struct {
	w   *bufio.Writer
	c   io.WriteCloser
	buf []byte
	err error
}

// csvFields are each traced body's columns, after its name and a dot.
var csvFields = []string{"drawn_x", "drawn_y", "drawn_z", "exact_x", "exact_y", "exact_z", "error", "angle_error", "present_error", "steady"}

func newCSVWriter(c io.WriteCloser, bodies []string) *csvWriter {
	cw := &csvWriter{w: bufio.NewWriterSize(c, 64<<10), c: c}
	b := []byte("frame,time,frame_seconds,steps,alpha,tick")
	for _, n := range bodies {
		n = strings.NewReplacer(",", "_", "\n", "_", "\r", "_", "\"", "_").Replace(n)
		for _, f := range csvFields {
			b = append(append(append(append(b, ','), n...), '.'), f...)
		}
	}
	cw.write(append(b, '\n'))
	return cw
}

func (cw *csvWriter) write(b []byte) {
	if cw.err == nil {
		_, cw.err = cw.w.Write(b)
	}
}

// row writes one frame (nothing on a nil writer).
func (cw *csvWriter) row(r *row) {
	if cw == nil || cw.err != nil {
		return
	}
	b := strconv.AppendUint(cw.buf[:0], r.frame, 10)
	num := func(v float64) { b = strconv.AppendFloat(append(b, ','), v, 'g', -1, 64) }
	num(r.time)
	num(r.frameSeconds)
	b = strconv.AppendInt(append(b, ','), int64(r.steps), 10)
	num(r.alpha)
	b = strconv.AppendUint(append(b, ','), r.tick, 10)
	for i := range r.bodies {
		br := &r.bodies[i]
		if !br.ok {
			b = append(b, ",,,,,,,,,,"...)
			continue
		}
		for _, v := range br.drawn {
			num(v)
		}
		for _, v := range br.exact {
			num(v)
		}
		num(br.err)
		num(br.angleErr)
		b = append(b, ',')
		if br.havePresent {
			b = strconv.AppendFloat(b, br.present, 'g', -1, 64)
		}
		if br.steady {
			b = append(b, ",1"...)
		} else {
			b = append(b, ",0"...)
		}
	}
	cw.buf = append(b, '\n')
	cw.write(cw.buf)
}

// close flushes and closes the file: it is complete when this returns nil.
func (cw *csvWriter) close() error {
	if cw.err == nil {
		cw.err = cw.w.Flush()
	}
	if cw.err != nil {
		return cw.err
	}
	return cw.c.Close()
}
