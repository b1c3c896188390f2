package ui

import (
	"runtime"
	"strings"
	"testing"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"

	"sandbox/internal/allocprof"
)

// Our per-frame helpers allocate nothing.
func TestHistoryAndTextAllocateNothing(t *testing.T) {
	h, err := NewHistory(64, []string{"a", "b"}, nil)
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

// Building and drawing the panel allocates nothing on our side in steady
// state; whatever cimgui-go's wrappers allocate is measured and logged.
// Allocations are attributed by the heap profile (every allocation sampled)
// to the first non-runtime function on their stack.
func TestPanelFrameAllocatesNothingOnOurSide(t *testing.T) {
	const frames = 60
	var measured allocprof.Result
	var mallocsPerFrame float64
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		fillHistory(s.History, 600, 10)
		now := 10.0
		step := func() error {
			now += 1.0 / 60
			s.History.Push(Sample{Time: now, FrameSeconds: 1.0 / 60, Steps: 1, Alpha: 0.3, StageNanos: [MaxStages]int64{1000, 2000}})
			s.Tick++
			frame(u, &s, 1.0/60)
			return nil
		}
		for i := 0; i < 30; i++ { // warm up: atlas, buffers, ImGui's own vectors
			step()
		}
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		measured, err = allocprof.Measure(frames, step, "sandbox/engine/ui.")
		runtime.ReadMemStats(&ms1)
		if err != nil {
			return err
		}
		mallocsPerFrame = float64(ms1.Mallocs-ms0.Mallocs) / frames
		return glErr("frames")
	})
	t.Logf("runtime.MemStats: %.1f mallocs per frame (whole process, profiling included)", mallocsPerFrame)
	for _, o := range []string{allocprof.Ours, allocprof.Cimgui, allocprof.Other, allocprof.Test} {
		t.Logf("%-9s %7.1f allocations per frame", o, measured.PerRun(o))
	}
	for _, line := range measured.Sites(12, "") {
		t.Log("  " + line)
	}
	if n := measured.ByOwner[allocprof.Ours]; n != 0 {
		t.Fatalf("package ui allocated %d objects over %d frames: %s", n, frames, strings.Join(measured.Sites(20, allocprof.Ours), "; "))
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
