// Package progress shows how far a long command (compare, sweep, frames) has
// got: on a terminal a bar with items done, rate and time left
// (github.com/schollz/progressbar, which redraws in place and estimates the
// time left well); anywhere else, where a redrawn bar would fill a log with
// carriage returns, one plain line per tenth of the work.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Reporter counts finished items of a known total. It is safe for use by
// several goroutines.
type Reporter struct {
	mu      sync.Mutex
	out     io.Writer
	label   string
	total   int
	done    int
	decile  int // tenths already reported as lines
	bar     *progressbar.ProgressBar
	started time.Time
}

// New reports on out: a bar when out is a terminal, lines otherwise. label
// names the items, e.g. "cells" or "runs".
func New(out io.Writer, total int, label string) *Reporter {
	r := &Reporter{out: out, label: label, total: total, started: time.Now()}
	if f, ok := out.(*os.File); ok && term.IsTerminal(int(f.Fd())) && total > 0 {
		r.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(out),
			progressbar.OptionSetDescription(label),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(label),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	return r
}

// Add records n more finished items.
func (r *Reporter) Add(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done += n
	if r.bar != nil {
		r.bar.Add(n)
		return
	}
	if r.total <= 0 {
		return
	}
	// One line for the newest tenth reached: a batch that passes several
	// tenths at once (a 1-of-1 job) reports once, not once per tenth.
	if d := min(r.done*10/r.total, 10); d > r.decile {
		r.decile = d
		elapsed := time.Since(r.started).Seconds()
		fmt.Fprintf(r.out, "%d%%: %d of %d %s in %.1f s\n", d*10, r.done, r.total, r.label, elapsed)
	}
}

// Finish ends the report: the bar is cleared so the command's own summary
// line follows on a clean terminal.
func (r *Reporter) Finish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Finish()
	}
}
