package window

import (
	"bytes"
	"io"
	"strconv"
)

// swapStamper sits between a window's trace writer and the -trace file. A
// frame's line is written after the advance, before the frame is drawn and
// presented; the stamper holds it until the present and then writes it with
// the present's numbers added as the line's last fields:
//
//	"swap_time": the frame clock when SwapBuffers returned, s
//	"present_target_hz": the rate the presents were asked for, 0 = none
//	"vsync": the swap interval was 1
//
// A frame that was not presented (minimised) keeps its line as it was.
// Each line is written to the file as it is released, so nothing is left in
// the stamper when the run ends.
type swapStamper struct {
	out  io.Writer
	held []byte
	err  error
}

// Write holds p (the trace writer's bytes) until release.
func (w *swapStamper) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.held = append(w.held, p...)
	return len(p), nil
}

// release writes the held line, with the swap's fields when swapped.
func (w *swapStamper) release(swapped bool, swapSeconds, targetHz float64, vsync bool) error {
	if w.err != nil || len(w.held) == 0 {
		return w.err
	}
	if end := []byte("}\n"); swapped && bytes.HasSuffix(w.held, end) {
		b := w.held[:len(w.held)-len(end)]
		b = append(b, `,"swap_time":`...)
		b = strconv.AppendFloat(b, swapSeconds, 'g', -1, 64)
		b = append(b, `,"present_target_hz":`...)
		b = strconv.AppendFloat(b, targetHz, 'g', -1, 64)
		b = append(b, `,"vsync":`...)
		b = strconv.AppendBool(b, vsync)
		w.held = append(b, end...)
	}
	_, w.err = w.out.Write(w.held)
	w.held = w.held[:0]
	return w.err
}
