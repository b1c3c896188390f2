package frametrace

import (
	"strings"
	"testing"
)

// A window trace's swap times are read beside its frame seconds; a frame
// with none (minimised) breaks the chain of intervals; a trace without
// any (headless, or a window's from before) reads as before, with no swaps.
func TestReadWithSwaps(t *testing.T) {
	old := `{"frame":1,"frame_seconds":0.01}` + "\n" + `{"frame":2,"frame_seconds":0.02}` + "\n"
	frames, swaps, err := ReadWithSwaps(strings.NewReader(old))
	if err != nil || len(frames) != 2 || swaps != nil || Presents(swaps) != nil {
		t.Fatalf("old trace: %v frames, %v swaps, %v", frames, swaps, err)
	}
	win := `{"frame_seconds":0.01}
{"frame_seconds":0.01,"swap_time":1.0,"present_target_hz":100,"vsync":false}
{"frame_seconds":0.01,"swap_time":1.01,"present_target_hz":100,"vsync":false}
{"frame_seconds":0.01,"swap_time":1.03,"present_target_hz":100,"vsync":false}
{"frame_seconds":0.01}
{"frame_seconds":0.5,"swap_time":1.6,"present_target_hz":100,"vsync":false}
{"frame_seconds":0.01,"swap_time":1.61,"present_target_hz":100,"vsync":false}
`
	frames, swaps, err = ReadWithSwaps(strings.NewReader(win))
	if err != nil || len(frames) != 7 || len(swaps) != 7 || swaps[0].Presented || !swaps[1].Presented || swaps[4].Presented {
		t.Fatalf("window trace: %d frames, swaps %+v, %v", len(frames), swaps, err)
	}
	// Intervals 10, 20 and (after the gap, which is none) 10 ms at 100 Hz:
	// the 20 ms one missed its slot.
	p := Presents(swaps)
	if p.Intervals != 3 || p.Missed != 1 || p.TargetHz != 100 || p.DeviationP99Ms < 9.999 || p.DeviationP99Ms > 10.001 {
		t.Fatalf("presents %+v", p)
	}
	if f, err := Read(strings.NewReader(win)); err != nil || len(f) != 7 {
		t.Fatalf("Read of a window trace: %v, %v", f, err)
	}
	for _, bad := range []string{`{"frame_seconds":0.01,"swap_time":-1}`, `{"frame_seconds":0.01,"swap_time":1,"present_target_hz":-5}`,
		`{"frame_seconds":0.01,"swap_time":1e300}`} {
		if _, _, err := ReadWithSwaps(strings.NewReader(bad + "\n")); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%s: err %v, want one naming line 1", bad, err)
		}
	}
}
