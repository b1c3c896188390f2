package compare

import (
	"bytes"
	"fmt"
	"strings"
)

// Summary is one run's figures over its measured bodies: the means
// weighted by each body's steady frames, the p99s the worst body's.
type Summary struct {
	Bodies                int     `json:"bodies"` // measured
	ErrorMeanSteps        float64 `json:"error_mean_steps"`
	ErrorP99Steps         float64 `json:"error_p99_steps"`
	PresentErrorMeanSteps float64 `json:"present_error_mean_steps"`
	PresentErrorP99Steps  float64 `json:"present_error_p99_steps"`
	Judder                float64 `json:"judder"`
}

// summarize sums up the run over its measured bodies.
func (run *Run) summarize() Summary {
	var s Summary
	var w float64
	for _, m := range run.Bodies {
		if !m.Measured {
			continue
		}
		f := float64(m.SteadyFrames)
		s.Bodies++
		w += f
		s.ErrorMeanSteps += f * m.ErrorMeanSteps
		s.PresentErrorMeanSteps += f * m.PresentErrorMeanSteps
		s.Judder += f * m.Judder
		s.ErrorP99Steps = max(s.ErrorP99Steps, m.ErrorP99Steps)
		s.PresentErrorP99Steps = max(s.PresentErrorP99Steps, m.PresentErrorP99Steps)
	}
	if w > 0 {
		s.ErrorMeanSteps /= w
		s.PresentErrorMeanSteps /= w
		s.Judder /= w
	}
	return s
}

// summary writes report.md's first table, one line per rate and mode, and
// names the bodies left out.
func (r *Result) summary(b *bytes.Buffer) {
	if len(r.Runs) == 0 {
		return
	}
	b.WriteString("## Summary\n\n")
	b.WriteString("| display | interp | steps change | error mean (steps) | error p99 (steps) | present error mean (steps) | present error p99 (steps) | judder |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	for _, run := range r.Runs {
		s := run.Summary
		if s.Bodies == 0 {
			fmt.Fprintf(b, "| %s | %s | %.0f%% | no body measured | | | | |\n", run.Label(), run.Interp, 100*run.Alternation)
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %.0f%% | %s | %s | %s | %s | %s |\n", run.Label(), run.Interp, 100*run.Alternation,
			fig(s.ErrorMeanSteps), fig(s.ErrorP99Steps), fig(s.PresentErrorMeanSteps), fig(s.PresentErrorP99Steps), fig(s.Judder))
	}
	b.WriteByte('\n')
	var measured, left []string
	for _, m := range r.Runs[0].Bodies {
		if m.Measured {
			measured = append(measured, mdCell(m.Name))
		} else {
			left = append(left, fmt.Sprintf("%s (%d of %d frames steady)", mdCell(m.Name), m.SteadyFrames, m.Frames))
		}
	}
	if len(measured) > 1 {
		fmt.Fprintf(b, "Over the %d measured bodies (%s): means weighted by each body's steady frames, p99 the worst body's.\n\n", len(measured), strings.Join(measured, ", "))
	}
	if len(left) > 0 {
		fmt.Fprintf(b, "Left out, never in steady motion for %d frames at %s (an impact, a stop, a bounce or a teleport each time): %s.\n\n",
			MinSteadyFrames, r.Runs[0].Label(), strings.Join(left, ", "))
	}
}
