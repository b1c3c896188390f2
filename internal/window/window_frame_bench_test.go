//go:build cgo

package window

import (
	"fmt"
	"math"
	"strings"
	"syscall"
	"testing"

	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// boxesScene is a scene of n unit boxes in stacks of 10 on a ground slab
// (the layout of engine/gfx's frame benchmark), as scene JSON.
func boxesScene(n int) string {
	var b strings.Builder
	side := int(math.Ceil(math.Sqrt(float64((n + 9) / 10))))
	half := float64(side) * 0.55
	fmt.Fprintf(&b, `{"name": "boxes-%d", "statics": [{"name": "ground", "min": [%g, -1, %g], "max": [%g, 0, %g]}], "bodies": [`,
		n, -half-10, -half-10, half+10, half+10)
	for i := 0; i < n; i++ {
		c := i / 10
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name": "box-%d", "center": [%g, %g, %g], "half": [0.5, 0.5, 0.5]}`,
			i, float64(c%side)*1.1-half, 0.5+float64(i%10), float64(c/side)*1.1-half)
	}
	b.WriteString("]}")
	return b.String()
}

// BenchmarkWindowFrame measures one whole window frame at 1280x720 with
// the panel and its plots on: polling input, interpolating n boxes,
// building the panel, the shadow and lit passes, drawing the panel, and
// presenting (on llvmpipe the swap waits for the rasteriser). Physics is
// paused, so what is measured is the frame's own cost; engine/physics
// benchmarks the step. cpu-ms/frame is the process's CPU time, the
// rasteriser's threads included.
func BenchmarkWindowFrame(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("boxes=%d", n), func(b *testing.B) {
			defer lockWindowThread(b)()
			sc, err := scene.Parse("boxes.json", []byte(boxesScene(n)))
			if err != nil {
				b.Fatal(err)
			}
			o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 2, FireAtFrame: -1,
				Width: 1280, Height: 720,
				onExit: func(a *app) error {
					a.o.Frames = 0
					a.sim.lp.SetPaused(true)
					if err := a.runFrames(5); err != nil {
						return err
					}
					if got := a.world().NumBodies(); got != n {
						return fmt.Errorf("%d bodies, want %d", got, n)
					}
					b.ReportAllocs()
					cpu0 := cpuSeconds()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						if err := a.frameOnce(); err != nil {
							return err
						}
					}
					b.StopTimer()
					b.ReportMetric((cpuSeconds()-cpu0)*1e3/float64(b.N), "cpu-ms/frame")
					return nil
				}}
			if err := Run(o); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// cpuSeconds is the user plus system CPU time of this process so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) * 1e-9
}
