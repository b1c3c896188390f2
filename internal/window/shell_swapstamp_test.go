package window

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A presented frame's line gets the swap's fields and stays one JSON
// object; a frame not presented keeps its line; a write error sticks.
func TestSwapStamper(t *testing.T) {
	var out strings.Builder
	w := &swapStamper{out: &out}
	_, _ = w.Write([]byte(`{"frame":1,"frame_seconds":0.01,"bodies":{"a":{"center":[0,1,2]}}}` + "\n"))
	if out.Len() != 0 {
		t.Fatal("the line was written before its present")
	}
	if err := w.release(true, 12.5, 144, false); err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write([]byte(`{"frame":2,"frame_seconds":0.01}` + "\n"))
	if err := w.release(false, 0, 0, false); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || lines[1] != `{"frame":2,"frame_seconds":0.01}` {
		t.Fatalf("lines %q", lines)
	}
	var got struct {
		Frame    int            `json:"frame"`
		Swap     float64        `json:"swap_time"`
		TargetHz float64        `json:"present_target_hz"`
		VSync    *bool          `json:"vsync"`
		Bodies   map[string]any `json:"bodies"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &got); err != nil {
		t.Fatalf("%s: %v", lines[0], err)
	}
	if got.Frame != 1 || got.Swap != 12.5 || got.TargetHz != 144 || got.VSync == nil || *got.VSync || got.Bodies["a"] == nil {
		t.Fatalf("stamped line %s read as %+v", lines[0], got)
	}
	bad := &swapStamper{out: failingWriter{}}
	_, _ = bad.Write([]byte("{}\n"))
	if err := bad.release(true, 1, 60, true); err == nil {
		t.Fatal("a failed write was not reported")
	}
	if _, err := bad.Write([]byte("{}\n")); err == nil {
		t.Fatal("the stamper took a line after a failed write")
	}
}
