//go:build cgo

package window

import (
	"testing"
	"time"

	"sandbox/engine/gfx"
	"sandbox/engine/interp"
	"sandbox/engine/scene"
)

// BenchmarkF12Capture measures what an F12 screenshot costs the frame it
// is taken in, at 1280x720: "async" is the window's way (glReadPixels,
// then encoding and writing on a goroutine), "sync" reads and encodes in
// the frame as before, "none" is a frame without a capture. Each
// iteration is one frame; the previous capture is finished, untimed,
// before it (one F12 at a time, as a user presses it).
func BenchmarkF12Capture(b *testing.B) {
	for _, mode := range []string{"none", "async", "sync"} {
		b.Run(mode, func(b *testing.B) {
			defer lockWindowThread(b)()
			sc, err := scene.Load("range")
			if err != nil {
				b.Fatal(err)
			}
			dir := b.TempDir()
			o := Options{Scene: sc, VSync: false, CCD: true, Interp: interp.Lerp, Frames: 3, FireAtFrame: -1,
				Width: 1280, Height: 720, onExit: func(a *app) error {
					a.o.Frames = 0
					var worst time.Duration
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						b.StopTimer()
						a.shell.shots.wait()
						path := dir + "/" + mode + "-" + time.Now().Format("150405.000000000") + ".png"
						b.StartTimer()
						start := time.Now()
						switch mode {
						case "none", "async":
							if mode == "async" {
								a.shell.screenshotPending = path
							}
							if err := a.frameOnce(); err != nil {
								return err
							}
						default:
							if err := a.frameOnce(); err != nil {
								return err
							}
							img, err := gfx.ReadPixels(a.shell.fbWidth, a.shell.fbHeight)
							if err != nil {
								return err
							}
							if err := gfx.SaveNewPNG(path, img); err != nil {
								return err
							}
						}
						worst = max(worst, time.Since(start))
					}
					b.StopTimer()
					a.shell.shots.wait()
					b.ReportMetric(float64(worst.Microseconds())/1e3, "worst-ms")
					return nil
				}}
			if err := Run(o); err != nil {
				b.Fatal(err)
			}
		})
	}
}
