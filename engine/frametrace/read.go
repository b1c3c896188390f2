package frametrace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// MaxTraceFrames bounds a trace file (a day at 144 Hz is 12.4 million).
const MaxTraceFrames = 20_000_000

// Parse reads a -trace file: one JSON object per line, each with a
// "frame_seconds" number (>= 0, finite); other fields are ignored, so the
// headless and window traces both work. Blank lines are skipped. Errors name
// the line.
func Parse(data []byte) ([]float64, error) {
	var out []float64
	line := 0
	for len(data) > 0 {
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		line++
		text = bytes.TrimSpace(text)
		if len(text) == 0 {
			continue
		}
		var rec struct {
			FrameSeconds *float64 `json:"frame_seconds"`
		}
		if err := json.Unmarshal(text, &rec); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		if rec.FrameSeconds == nil {
			return nil, fmt.Errorf("line %d: no \"frame_seconds\"", line)
		}
		f := *rec.FrameSeconds
		if !(f >= 0) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("line %d: frame_seconds %v: must be finite and >= 0", line, f)
		}
		if len(out) == MaxTraceFrames {
			return nil, fmt.Errorf("more than %d frames", MaxTraceFrames)
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil, errors.New("no frames")
	}
	return out, nil
}
