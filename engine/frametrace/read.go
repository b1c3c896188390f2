package frametrace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// Limits of a trace file (docs/limits.md).
const (
	// MaxTraceFrames bounds a trace (a day at 144 Hz is 12.4 million).
	MaxTraceFrames = 20_000_000
	// MaxTraceFrameSeconds bounds one frame's seconds: the loop clamps a
	// frame far below it anyway, and under it every sum over a trace (the
	// wall seconds, the feedback run's frames) stays finite.
	MaxTraceFrameSeconds = 1e7
	// MaxTraceLineBytes bounds one line: a window trace of many bodies.
	MaxTraceLineBytes = 64 << 20
)

// Read reads a -trace file line by line, keeping only the frame seconds (8
// bytes a frame, whatever else the lines hold): one JSON object per line,
// each with a "frame_seconds" number in [0, MaxTraceFrameSeconds]; other
// fields are ignored, so the headless and window traces both work. Blank
// lines are skipped. Errors name the line.
func Read(r io.Reader) ([]float64, error) {
	frames, _, err := read(r, false)
	return frames, err
}

// ReadWithSwaps is Read that also keeps a window trace's swap times (see
// Swap): one per frame when any line has a "swap_time", none for a trace
// without them (a headless trace, or a window's from before they were
// written).
func ReadWithSwaps(r io.Reader) ([]float64, []Swap, error) { return read(r, true) }

func read(r io.Reader, withSwaps bool) ([]float64, []Swap, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxTraceLineBytes)
	var out []float64
	var swaps []Swap
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var rec struct {
			FrameSeconds *float64 `json:"frame_seconds"`
			SwapTime     *float64 `json:"swap_time"`
			TargetHz     float64  `json:"present_target_hz"`
		}
		if err := json.Unmarshal(text, &rec); err != nil {
			return nil, nil, fmt.Errorf("line %d: %v", line, err)
		}
		if rec.FrameSeconds == nil {
			return nil, nil, fmt.Errorf("line %d: no \"frame_seconds\"", line)
		}
		f := *rec.FrameSeconds
		if !(f >= 0 && f <= MaxTraceFrameSeconds) || math.IsInf(f, 0) {
			return nil, nil, fmt.Errorf("line %d: frame_seconds %v: must be finite, >= 0 and <= %g", line, f, float64(MaxTraceFrameSeconds))
		}
		if len(out) == MaxTraceFrames {
			return nil, nil, fmt.Errorf("line %d: more than %d frames", line, MaxTraceFrames)
		}
		out = append(out, f)
		if !withSwaps {
			continue
		}
		sw, err := checkSwap(rec.SwapTime, rec.TargetHz)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %v", line, err)
		}
		if sw.Presented && swaps == nil {
			swaps = make([]Swap, len(out)-1, cap(out)) // the frames before had none
		}
		if swaps != nil {
			swaps = append(swaps, sw)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, nil, fmt.Errorf("line %d: longer than %d bytes", line+1, MaxTraceLineBytes)
		}
		return nil, nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if len(out) == 0 {
		return nil, nil, errors.New("no frames")
	}
	return out, swaps, nil
}

// Parse is Read of a trace held in memory.
func Parse(data []byte) ([]float64, error) { return Read(bytes.NewReader(data)) }
