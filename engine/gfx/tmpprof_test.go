package gfx

import (
	"fmt"
	"testing"
	"time"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/interp"
)

func TestTmpProf(t *testing.T) {
	for _, n := range []int{24, 1000, 10000} {
		w := boxWorld(t, n)
		if n == 24 {
			_, w = rangeWorld(t, 1)
		}
		withContext(t, 1280, 720, func(win *glfw.Window) error {
			fw, fh := win.GetFramebufferSize()
			r, _ := NewRenderer(Options{})
			defer r.Delete()
			r.SetStatics(Statics(w))
			v := NewWorldView(interp.Lerp)
			v.Build(w, 0.5, 1.0/60, 0, nil, nil)
			cam := Camera{Eye: mgl64.Vec3{-40, 25, 40}, Target: mgl64.Vec3{0, 2, 0}}
			if n == 24 {
				cam = Camera{Eye: mgl64.Vec3{-4, 8, 26}, Target: mgl64.Vec3{21, 1, 0}}
			}
			f := &Frame{Width: fw, Height: fh, Camera: cam, Dynamic: v.Dynamic}
			var tu, ts, tb time.Duration
			for i := 0; i < 12; i++ {
				t0 := time.Now()
				r.dynBuf.Stream(unsafe.Pointer(&f.Dynamic[0]), len(f.Dynamic)*instanceBytes)
				gl.Finish()
				t1 := time.Now()
				r.shadowPass(f)
				gl.Finish()
				t2 := time.Now()
				r.boxPass(f)
				gl.Finish()
				t3 := time.Now()
				if i >= 2 {
					tu += t1.Sub(t0)
					ts += t2.Sub(t1)
					tb += t3.Sub(t2)
				}
			}
			fmt.Printf("n=%d upload %v shadow %v box %v\n", n, tu/10, ts/10, tb/10)
			return nil
		})
	}
}
