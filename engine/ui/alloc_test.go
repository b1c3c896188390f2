package ui

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Our per-frame helpers allocate nothing.
func TestHistoryAndTextAllocateNothing(t *testing.T) {
	h, err := NewHistory(64, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	var now float64
	l := newLine()
	allocs := testing.AllocsPerRun(200, func() {
		now += 1.0 / 144
		h.Push(Sample{Time: now, FrameSeconds: 1.0 / 144, Steps: 2, Alpha: 0.5, StageNanos: [MaxStages]int64{100, 200}})
		h.Presentation(1)
		h.DroppedWithin(1)
		h.maxWithin(h.frameMS, PlotSeconds)
		h.series(h.alpha)
		l.reset().s("tick ").u(123456).s(" x ").i(-42).s(" y ").f(3.14159, 2)
		_ = l.str()
	})
	if allocs != 0 {
		t.Fatalf("Push/Presentation/line: %v allocations per run, want 0", allocs)
	}
}

// allocSite is one allocating call stack's share of a measurement.
type allocSite struct {
	where   string // first non-runtime function
	owner   string // "ours", "cimgui-go", "test", "other"
	objects int64
}

// profileAllocs returns the allocation profile's object counts by stack.
func profileAllocs() map[[32]uintptr]int64 {
	runtime.GC()
	runtime.GC() // the profile lags up to two cycles
	var recs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs = make([]runtime.MemProfileRecord, n+64)
		var ok bool
		n, ok = runtime.MemProfile(recs, true)
		if ok {
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

// classify names the first function outside the runtime on a stack and
// who owns it.
func classify(stack [32]uintptr) (where, owner string) {
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
		if !strings.HasPrefix(fn, "runtime.") && !strings.HasPrefix(fn, "internal/") && fn != "" {
			switch {
			case strings.HasSuffix(f.File, "_test.go"):
				return fn, "test"
			case strings.HasPrefix(fn, "sandbox/engine/ui."):
				return fn, "ours"
			case strings.Contains(fn, "github.com/AllenDang/cimgui-go"):
				return fn, "cimgui-go"
			}
			return fn, "other"
		}
		if !more {
			return "?", "other"
		}
	}
}

// Building and drawing the panel allocates nothing on our side in steady
// state; whatever cimgui-go's wrappers allocate is measured and logged.
// Allocations are attributed by the heap profile (every allocation sampled)
// to the first non-runtime function on their stack.
func TestPanelFrameAllocatesNothingOnOurSide(t *testing.T) {
	const frames = 60
	var sites []allocSite
	var mallocsPerFrame float64
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		fillHistory(s.History, 600, 10)
		now := 10.0
		step := func() {
			now += 1.0 / 60
			s.History.Push(Sample{Time: now, FrameSeconds: 1.0 / 60, Steps: 1, Alpha: 0.3, StageNanos: [MaxStages]int64{1000, 2000}})
			s.Tick++
			frame(u, &s, 1.0/60)
		}
		for i := 0; i < 30; i++ { // warm up: atlas, buffers, ImGui's own vectors
			step()
		}
		old := runtime.MemProfileRate
		runtime.MemProfileRate = 1
		defer func() { runtime.MemProfileRate = old }()
		before := profileAllocs()
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		for i := 0; i < frames; i++ {
			step()
		}
		runtime.ReadMemStats(&ms1)
		after := profileAllocs()
		mallocsPerFrame = float64(ms1.Mallocs-ms0.Mallocs) / frames
		for stack, n := range after {
			if d := n - before[stack]; d > 0 {
				where, owner := classify(stack)
				sites = append(sites, allocSite{where, owner, d})
			}
		}
		return glErr("frames")
	})
	byOwner := map[string]int64{}
	byWhere := map[string]int64{}
	for _, s := range sites {
		byOwner[s.owner] += s.objects
		byWhere[s.owner+" "+s.where] += s.objects
	}
	t.Logf("runtime.MemStats: %.1f mallocs per frame (whole process)", mallocsPerFrame)
	for _, o := range []string{"ours", "cimgui-go", "other", "test"} {
		t.Logf("%-9s %7.1f allocations per frame", o, float64(byOwner[o])/frames)
	}
	var keys []string
	for k := range byWhere {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return byWhere[keys[i]] > byWhere[keys[j]] })
	for i, k := range keys {
		if i == 12 {
			break
		}
		t.Logf("  %6.1f/frame  %s", float64(byWhere[k])/frames, k)
	}
	if byOwner["ours"] != 0 {
		var ours []string
		for _, k := range keys {
			if strings.HasPrefix(k, "ours ") {
				ours = append(ours, fmt.Sprintf("%s (%d)", k, byWhere[k]))
			}
		}
		t.Fatalf("package ui allocated %d objects over %d frames: %s", byOwner["ours"], frames, strings.Join(ours, ", "))
	}
}

// BenchmarkPanelFrame measures one whole panel frame: NewFrame, building
// the panel with full plots, and Render with a gl.Finish, so the cost of
// llvmpipe's rasterisation (or the GPU's) is included.
func BenchmarkPanelFrame(b *testing.B) { benchPanel(b, true) }

// BenchmarkPanelBuild measures the CPU side only: NewFrame, building the
// panel and ImGui's Render (vertex generation), without GL drawing.
func BenchmarkPanelBuild(b *testing.B) { benchPanel(b, false) }

func benchPanel(b *testing.B, draw bool) {
	needDisplay(b)
	err := onMain(func() error {
		win, err := openWindow()
		if err != nil {
			return err
		}
		defer win.Destroy()
		u, err := New(win)
		if err != nil {
			return err
		}
		defer u.Delete()
		s, err := testState()
		if err != nil {
			return err
		}
		fillHistory(s.History, 600, 10)
		now := 10.0
		one := func() {
			now += 1.0 / 60
			s.History.Push(Sample{Time: now, FrameSeconds: 1.0 / 60, Steps: 1, Alpha: 0.3})
			u.NewFrame(1.0 / 60)
			u.Panel(&s)
			if draw {
				clearFrame()
				u.Render()
				gl.Finish()
			} else {
				imgui.Render()
				u.inFrame = false
			}
		}
		for i := 0; i < 20; i++ {
			one()
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			one()
		}
		b.StopTimer()
		return glErr("bench")
	})
	if err != nil {
		b.Fatal(err)
	}
}
