package ui

import (
	"sandbox/engine/gfx"

	"fmt"
	"testing"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Text at new sizes makes ImGui 1.92 bake new glyphs into its atlas: the
// renderer must upload the changed rectangles (WantUpdates), create the
// bigger atlas when it grows (WantCreate) and free the old one when asked
// (WantDestroy), keeping the live-object count equal to the textures that
// exist.
func TestTextureUpdatesAndGrowth(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		frame(u, &s, 1.0/60)
		base := gfx.LiveObjects() - len(platformTextures())
		seen := map[imgui.TextureStatus]int{}
		big := func(size float32) {
			clearFrame()
			u.NewFrame(1.0 / 60)
			imgui.SetNextWindowPosV(imgui.Vec2{X: 10, Y: 10}, imgui.CondAlways, imgui.Vec2{})
			imgui.Begin("big text")
			imgui.PushFont(&imgui.Font{}, size) // nil font: the current one, at this size
			imgui.TextUnformatted("The quick brown fox 0123456789 äöüß ©±µ")
			imgui.PopFont()
			imgui.End()
			imgui.Render()
			u.inFrame = false
			dd := currentDrawData()
			for _, tex := range dd.textures() {
				seen[tex.Status]++
			}
			u.r.render(dd)
		}
		for _, size := range []float32{20, 32, 48, 64, 96, 128, 160, 200} {
			big(size)
			if err := glErr(fmt.Sprintf("text at %v px", size)); err != nil {
				return err
			}
		}
		for i := 0; i < 10; i++ { // let ImGui retire textures it no longer uses
			frame(u, &s, 1.0/60)
		}
		if seen[imgui.TextureStatusWantUpdates] == 0 {
			return fmt.Errorf("no WantUpdates seen while baking new sizes: %v", seen)
		}
		alive := 0
		for i, tex := range platformTextures() {
			switch tex.Status {
			case imgui.TextureStatusOK:
				if tex.TexID == 0 || !gl.IsTexture(uint32(tex.TexID)) {
					return fmt.Errorf("texture %d OK but id %d is not a GL texture", i, tex.TexID)
				}
				alive++
			case imgui.TextureStatusDestroyed:
				if tex.TexID != 0 {
					return fmt.Errorf("texture %d destroyed but keeps id %d", i, tex.TexID)
				}
			default:
				return fmt.Errorf("texture %d left in status %d", i, tex.Status)
			}
		}
		if got := gfx.LiveObjects(); got != base+alive {
			return fmt.Errorf("LiveObjects = %d, want %d + %d live textures", got, base, alive)
		}
		t.Logf("statuses seen before rendering: %v; live textures %d", seen, alive)
		return nil
	})
}
