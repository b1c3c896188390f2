package sweep

import (
	"context"
	"sync"
	"sync/atomic"
)

// Result is a whole sweep: one CellResult per cell, in cell order.
type Result struct {
	Grid Grid
	// Cells holds the finished cells in cell order. It is every cell unless
	// the sweep was stopped (Partial).
	Cells []CellResult
	// Total is the number of cells in the grid.
	Total int
	// Partial is true when the context was cancelled before every cell ran.
	Partial bool
}

// Run runs every cell of g on workers goroutines (at least 1) and calls
// done (when not nil, from any goroutine) after each cell. Cells are handed
// out in index order and each result is stored at its cell's index, so the
// Result is identical for any worker count. When ctx is cancelled, cells
// already started finish, no new cell starts, and Result holds the finished
// ones with Partial set. An error (a world that could not be built, a state
// that became non-finite) stops the sweep and is returned.
func Run(ctx context.Context, g Grid, workers int, done func(CellResult)) (Result, error) {
	if err := g.Validate(); err != nil {
		return Result{}, err
	}
	cells := g.Cells()
	results := make([]CellResult, len(cells))
	finished := make([]bool, len(cells))
	workers = max(1, min(workers, len(cells)))
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
	)
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for stop.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(cells) {
					return
				}
				r, err := RunCell(cells[i], &g)
				if err != nil {
					errOnce.Do(func() { firstErr = err; cancel() })
					return
				}
				results[i], finished[i] = r, true
				if done != nil {
					done(r)
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return Result{}, firstErr
	}
	out := Result{Grid: g, Total: len(cells)}
	for i, ok := range finished {
		if ok {
			out.Cells = append(out.Cells, results[i])
		}
	}
	out.Partial = len(out.Cells) < len(cells)
	return out, nil
}

// CCDTunnels lists the CCD-on cells where any projectile tunnelled (by
// Classify), in cell order. The world's own counter is not used: today it
// also counts a centre that enters a slab in a step without a contact, which
// the contact solver then pushes back out.
func (r *Result) CCDTunnels() []CellResult {
	var bad []CellResult
	for _, c := range r.Cells {
		if c.CCD && c.Tunnelled > 0 {
			bad = append(bad, c)
		}
	}
	return bad
}

// GateFailures is what -fail-on-tunnel fails on: the cells that should have
// held and did not. Those are the CCD-on cells; a sweep with CCD off only
// (-ccd off) has none, so there every cell that tunnelled counts, and CI can
// check that the gate itself works.
func (r *Result) GateFailures() []CellResult {
	if hasCCD(r.Grid.CCD, true) {
		return r.CCDTunnels()
	}
	var bad []CellResult
	for _, c := range r.Cells {
		if c.Tunnelled > 0 {
			bad = append(bad, c)
		}
	}
	return bad
}
