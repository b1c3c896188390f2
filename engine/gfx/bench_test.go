package gfx

import (
	"fmt"
	"math"
	"syscall"
	"testing"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// boxWorld is a world of n unit boxes in columns of 10 on a ground slab
// (the physics benchmark's pile layout), not stepped: what matters here is
// drawing n bodies.
func boxWorld(tb testing.TB, n int) *physics.World {
	w, err := physics.NewWorld(physics.DefaultWorldDef())
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := w.AddStatic(physics.StaticDef{Name: "ground", Min: mgl64.Vec3{-60, -1, -60}, Max: mgl64.Vec3{60, 0, 60}}); err != nil {
		tb.Fatal(err)
	}
	cols := n / 10
	side := int(math.Ceil(math.Sqrt(float64(cols))))
	for i := 0; i < n; i++ {
		c := i / 10
		d := physics.DefaultBodyDef()
		d.Name = fmt.Sprintf("box-%d", i)
		d.Half = mgl64.Vec3{0.5, 0.5, 0.5}
		d.Center = mgl64.Vec3{float64(c%side)*1.1 - float64(side)*0.55, 0.5 + float64(i%10), float64(c/side)*1.1 - float64(side)*0.55}
		if _, err := w.AddBody(d); err != nil {
			tb.Fatal(err)
		}
	}
	return w
}

// BenchmarkFrame measures one whole frame on the CPU: building the instances
// from the world at an interpolated alpha, rendering at 1280x720 with the
// shadow pass, glFinish so that the driver's work (all CPU on llvmpipe) is
// inside the measurement, and the swap. QualityLow is what the window picks
// on a software rasteriser.
func BenchmarkFrame(b *testing.B) {
	for _, c := range []struct {
		n int
		q Quality
	}{{1000, QualityLow}, {1000, QualityHigh}, {10000, QualityLow}, {10000, QualityHigh}} {
		n := c.n
		name := map[Quality]string{QualityLow: "low", QualityHigh: "high"}[c.q]
		b.Run(fmt.Sprintf("boxes=%d/quality=%s", n, name), func(b *testing.B) {
			w := boxWorld(b, n)
			withContext(b, 1280, 720, func(win *glfw.Window) error {
				fw, fh := win.GetFramebufferSize()
				r, err := NewRenderer(Options{Quality: c.q})
				if err != nil {
					return err
				}
				defer r.Delete()
				r.SetStatics(Statics(w))
				v := NewWorldView(interp.Lerp)
				var lines, overlay LineBatch
				cam := Camera{Eye: mgl64.Vec3{-40, 25, 40}, Target: mgl64.Vec3{0, 2, 0}}
				frame := func(i int) error {
					lines.Reset()
					overlay.Reset()
					v.Build(w, float64(i%10)/10, 1.0/60, float64(i)/60, &lines, &overlay)
					return r.Render(&Frame{Width: fw, Height: fh, Camera: cam, Dynamic: v.Dynamic, Lines: &lines, Overlay: &overlay})
				}
				for i := 0; i < 3; i++ { // warm up: buffers grown, shaders compiled
					if err := frame(i); err != nil {
						return err
					}
				}
				gl.Finish()
				b.ReportAllocs()
				cpu0 := cpuSeconds()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := frame(i); err != nil {
						return err
					}
					gl.Finish()
					win.SwapBuffers()
				}
				b.StopTimer()
				// Process CPU time, llvmpipe's rasteriser threads included:
				// unlike ns/op it does not grow when other work shares the cores.
				b.ReportMetric((cpuSeconds()-cpu0)*1e3/float64(b.N), "cpu-ms/frame")
				return nil
			})
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

// BenchmarkBuild measures only the CPU side of a frame: interpolating every
// body and filling the instance slice (no GL).
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("boxes=%d", n), func(b *testing.B) {
			w := boxWorld(b, n)
			v := NewWorldView(interp.Lerp)
			var lines, overlay LineBatch
			v.Build(w, 0.5, 1.0/60, 0, &lines, &overlay)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				lines.Reset()
				overlay.Reset()
				v.Build(w, 0.5, 1.0/60, float64(i)/60, &lines, &overlay)
			}
		})
	}
}
