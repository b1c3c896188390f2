// Package allocprof tells, for tests, who allocates in a piece of code run
// many times: every allocation is sampled by the heap profile and credited
// to the first function outside the Go runtime on its stack. The window and
// panel tests use it to prove that a steady frame allocates nothing on our
// side, while logging what cimgui-go's own wrappers allocate.
package allocprof

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
)

// Owners a stack is credited to.
const (
	Ours    = "ours"      // a function whose name starts with one of the given prefixes
	Cimgui  = "cimgui-go" // github.com/AllenDang/cimgui-go
	Test    = "test"      // a function in a _test.go file
	Other   = "other"     // anything else outside the runtime
	Runtime = "runtime"   // a stack with nothing but the runtime on it
	Self    = "allocprof" // the measurement's own bookkeeping
)

// Result is a measurement: allocated objects by owner and by call site.
type Result struct {
	Runs    int
	ByOwner map[string]int64
	bySite  map[string]int64 // "owner function" -> objects
}

// PerRun is how many objects owner allocated per run.
func (r Result) PerRun(owner string) float64 { return float64(r.ByOwner[owner]) / float64(r.Runs) }

// Sites lists the busiest call sites, most allocations first, at most n,
// as "  12.0/run  owner function" lines; only those of owner when owner is
// not empty.
func (r Result) Sites(n int, owner string) []string {
	var keys []string
	for k := range r.bySite {
		if owner == "" || strings.HasPrefix(k, owner+" ") {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if r.bySite[keys[i]] != r.bySite[keys[j]] {
			return r.bySite[keys[i]] > r.bySite[keys[j]]
		}
		return keys[i] < keys[j]
	})
	keys = keys[:min(n, len(keys))]
	for i, k := range keys {
		keys[i] = fmt.Sprintf("%6.1f/run  %s", float64(r.bySite[k])/float64(r.Runs), k)
	}
	return keys
}

// Measure runs run n times with every allocation profiled and credits each
// to its owner; functions whose names start with one of ours are Ours.
func Measure(n int, run func() error, ours ...string) (Result, error) {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	before := profile()
	for i := 0; i < n; i++ {
		if err := run(); err != nil {
			return Result{}, err
		}
	}
	after := profile()
	r := Result{Runs: n, ByOwner: map[string]int64{}, bySite: map[string]int64{}}
	for stack, count := range after {
		if d := count - before[stack]; d > 0 {
			where, owner := credit(stack, ours)
			r.ByOwner[owner] += d
			r.bySite[owner+" "+where] += d
		}
	}
	return r, nil
}

// profile returns the heap profile's allocation counts by stack.
func profile() map[[32]uintptr]int64 {
	runtime.GC()
	runtime.GC() // the profile lags up to two cycles
	n, _ := runtime.MemProfile(nil, true)
	var recs []runtime.MemProfileRecord
	for {
		recs = make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			recs = recs[:n]
			break
		}
	}
	out := make(map[[32]uintptr]int64, len(recs))
	for _, r := range recs {
		out[r.Stack0] += r.AllocObjects
	}
	return out
}

// credit names the first function outside the runtime on a stack, and its owner.
func credit(stack [32]uintptr, ours []string) (where, owner string) {
	var pcs []uintptr
	for _, pc := range stack {
		if pc == 0 {
			break
		}
		pcs = append(pcs, pc)
	}
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		fn := f.Function
		if fn != "" && !strings.HasPrefix(fn, "runtime.") && !strings.HasPrefix(fn, "internal/") {
			switch {
			case strings.HasSuffix(f.File, "_test.go"):
				return fn, Test
			case strings.HasPrefix(fn, "sandbox/internal/allocprof."):
				return fn, Self
			case strings.Contains(fn, "github.com/AllenDang/cimgui-go"):
				return fn, Cimgui
			}
			for _, p := range ours {
				if strings.HasPrefix(fn, p) {
					return fn, Ours
				}
			}
			return fn, Other
		}
		if !more {
			return "runtime", Runtime
		}
	}
}
