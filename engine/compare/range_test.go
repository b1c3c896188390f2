package compare

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"sandbox/engine/interp"
)

// reportJSON is report.json as a user reads it.
type reportJSON struct {
	Runs []struct {
		DisplayHz float64 `json:"display_hz"`
		Interp    string  `json:"interp"`
		Bodies    []struct {
			Name                  string  `json:"name"`
			Measured              *bool   `json:"measured"`
			Speed                 float64 `json:"speed"`
			ErrorMeanSteps        float64 `json:"error_mean_steps"`
			PresentErrorMeanSteps float64 `json:"present_error_mean_steps"`
			Judder                float64 `json:"judder"`
		} `json:"bodies"`
	} `json:"runs"`
}

// reportFiles runs a compare and returns its report.json, read back, and
// report.md.
func reportFiles(t *testing.T, c Config) (*reportJSON, []byte) {
	t.Helper()
	res := mustCompare(t, c)
	files, err := res.Files()
	if err != nil {
		t.Fatal(err)
	}
	var js reportJSON
	var md []byte
	for _, f := range files {
		switch f.Name {
		case "report.json":
			if err := json.Unmarshal(f.Data, &js); err != nil {
				t.Fatal(err)
			}
		case "report.md":
			md = f.Data
		}
	}
	return &js, md
}

// On the range, whose 3,000 m/s shots stop dead in a wall and whose tower
// falls and tumbles, every figure compare gives is one that holds: each
// body is measured over its steady motion only (or left out, saying so),
// so at 60 Hz interpolation off shows every measured body one step ahead
// of the delayed line and evenly (one step a frame), lerp shows it on the
// line and one step behind the present, and extrapolation on the present.
// The report opens with a summary table of every rate and mode.
func TestCompareRangeFiguresHold(t *testing.T) {
	sc := mustScene(t, "range")
	js, md := reportFiles(t, Config{Scene: sc, Rates: []float64{60, 144}, Modes: []interp.Mode{interp.Off, interp.Lerp, interp.Extrapolate}, Ticks: 600})
	measured := 0
	for _, run := range js.Runs {
		for _, b := range run.Bodies {
			if b.Measured != nil && !*b.Measured {
				continue
			}
			measured++
			where := func(what string, v float64) {
				t.Errorf("%g Hz %s, %s: %s %.3g", run.DisplayHz, run.Interp, b.Name, what, v)
			}
			if b.Speed < MinSteadySpeed {
				where("speed m/s", b.Speed)
			}
			switch run.Interp {
			case "off":
				if run.DisplayHz == 60 && (math.Abs(b.ErrorMeanSteps-1) > 0.1 || b.Judder > 0.1) {
					where("error (steps) and judder, want 1 and 0:", b.ErrorMeanSteps)
				}
			case "lerp":
				if b.ErrorMeanSteps > 0.01 || b.Judder > 0.01 || math.Abs(b.PresentErrorMeanSteps-1) > 0.1 {
					where("error (steps), want 0, present error 1:", b.ErrorMeanSteps)
				}
			case "extrapolate":
				if math.Abs(b.ErrorMeanSteps-1) > 0.1 || b.PresentErrorMeanSteps > 0.1 {
					where("error (steps), want 1, present error 0:", b.ErrorMeanSteps)
				}
			}
		}
	}
	if measured == 0 {
		t.Fatal("no body measured on the range")
	}
	sum, first := bytes.Index(md, []byte("## Summary")), bytes.Index(md, []byte("## 60 Hz"))
	if sum < 0 || sum > first || !bytes.Contains(md[sum:first], []byte("| 144 Hz | extrapolate |")) {
		t.Errorf("report.md does not open with a summary of every rate and mode:\n%.1500s", md)
	}
}

// Float noise is not a figure: where the drawn and the exact pose agree to
// rounding (lerp, and extrapolation's even motion on the glider), error
// and judder are 0, not 4e-15.
func TestCompareRoundsFloatNoise(t *testing.T) {
	sc := mustScene(t, "glider")
	js, _ := reportFiles(t, Config{Scene: sc, Rates: []float64{60, 144}, Modes: []interp.Mode{interp.Lerp, interp.Extrapolate}, Ticks: 600})
	for _, run := range js.Runs {
		b := run.Bodies[0]
		if b.Judder != 0 || (run.Interp == "lerp" && b.ErrorMeanSteps != 0) {
			t.Errorf("%g Hz %s: judder %v, error %v steps; want 0 (float noise)", run.DisplayHz, run.Interp, b.Judder, b.ErrorMeanSteps)
		}
	}
}
