package ui

import (
	"sandbox/engine/gfx"

	"fmt"
	"unsafe"

	"testing"

	"github.com/AllenDang/cimgui-go/imgui"
	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// The panel is drawn against the right edge, the rest of the window keeps
// the clear colour, and nothing is left behind on the GPU.
func TestPanelDrawsInItsRegion(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		if gfx.LiveObjects() < 4 {
			return fmt.Errorf("LiveObjects with a UI = %d, want at least 4 (program, vertex array, 2 buffers)", gfx.LiveObjects())
		}
		s, err := testState()
		if err != nil {
			return err
		}
		fillHistory(s.History, 300, 5)
		for i := 0; i < 3; i++ {
			frame(u, &s, 1.0/60)
			if err := glErr("frame"); err != nil {
				return err
			}
		}
		img := readBack()
		if err := img.maybeSave("panel"); err != nil {
			return err
		}
		x0 := testW - PanelWidth
		// The panel: a dark, nearly opaque window with text and plots.
		n, area := img.count(x0+2, 2, testW-2, testH-2, func(p [3]uint8) bool { return !isClear(p) })
		if n < area*95/100 {
			return fmt.Errorf("panel region: %d of %d pixels differ from the clear colour, want >= 95%%", n, area)
		}
		// Text: bright pixels inside the panel.
		bright, _ := img.count(x0, 0, testW, testH, func(p [3]uint8) bool { return p[0] > 200 && p[1] > 200 && p[2] > 200 })
		if bright < 500 {
			return fmt.Errorf("panel region: %d bright (text) pixels, want at least 500", bright)
		}
		// The plot strip: along the bottom, left of the panel, covered,
		// with lines and text in it.
		y0 := testH - PlotsHeight
		n, area = img.count(2, y0+2, x0-2, testH-2, func(p [3]uint8) bool { return !isClear(p) })
		if n < area*95/100 {
			return fmt.Errorf("plot strip: %d of %d pixels differ from the clear colour, want >= 95%%", n, area)
		}
		colours := map[[3]uint8]bool{}
		img.count(2, y0+2, x0-2, testH-2, func(p [3]uint8) bool { colours[p] = true; return true })
		if len(colours) < 50 {
			return fmt.Errorf("plot strip: %d distinct colours, want plots (at least 50)", len(colours))
		}
		// Everything else, the 3D view: untouched but for the crosshair
		// at its centre and the status line along its bottom, and where
		// SceneViewport says (GL origin at the bottom left).
		cx, cy := x0/2, y0/2
		top := y0 - statusHeight // the status line's strip starts here
		n, area = img.count(0, 0, x0-1, top, isClear)
		cross, _ := img.count(cx-15, cy-15, cx+16, cy+16, func(p [3]uint8) bool { return p[0] > 200 && p[1] > 200 && p[2] > 200 })
		if inBox, _ := img.count(cx-15, cy-15, cx+16, cy+16, isClear); n-inBox != area-31*31 {
			return fmt.Errorf("in the 3D view, away from the crosshair: %d of %d pixels keep the clear colour, want all",
				n-inBox, area-31*31)
		}
		if cross < 30 {
			return fmt.Errorf("crosshair: %d white pixels around the view's centre (%d, %d), want at least 30", cross, cx, cy)
		}
		if text, _ := img.count(0, top, x0/2, y0, func(p [3]uint8) bool { return p[0] > 180 && p[1] > 180 && p[2] > 180 }); text < 100 {
			return fmt.Errorf("status line: %d light (text) pixels at the bottom left of the view, want at least 100", text)
		}
		if x, y, w, h := u.SceneViewport(); x != 0 || y != PlotsHeight || w != x0 || h != y0 {
			return fmt.Errorf("SceneViewport = %d,%d %dx%d, want 0,%d %dx%d", x, y, w, h, PlotsHeight, x0, y0)
		}
		if s.SceneRequested || s.ResetRequested || s.StepRequested || s.FireRequested || s.ScreenshotRequested {
			return fmt.Errorf("a request flag was set without input: %+v", s)
		}
		return nil
	})
}

// With nothing built, the panel pass draws nothing and leaves the frame
// alone: the pixel test above can fail.
func TestEmptyFrameKeepsClearColour(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		clearFrame()
		u.NewFrame(1.0 / 60)
		u.Render()
		img := readBack()
		n, area := img.count(0, 0, testW, testH, isClear)
		if n != area {
			return fmt.Errorf("empty UI frame changed %d pixels", area-n)
		}
		return glErr("empty frame")
	})
}

// Dropped time shows the red banner at the bottom right of the scene,
// beside the status line, and none at its top, where the wall labels are;
// without dropped time it is absent (checked by the test above).
func TestBehindBanner(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		fillHistory(s.History, 120, 2)
		s.History.Push(Sample{Time: 2.01, FrameSeconds: 0.3, DroppedSeconds: 0.05})
		for i := 0; i < 3; i++ {
			frame(u, &s, 1.0/60)
		}
		img := readBack()
		if err := img.maybeSave("banner"); err != nil {
			return err
		}
		isRed := func(p [3]uint8) bool { return p[0] > 150 && p[1] < 60 && p[2] < 60 }
		viewW, viewH := testW-PanelWidth, testH-PlotsHeight
		if red, _ := img.count(0, 0, viewW, viewH*2/3, isRed); red != 0 {
			return fmt.Errorf("banner: %d red pixels over the upper two thirds of the scene (the wall labels), want none", red)
		}
		if red, _ := img.count(viewW/2, viewH-60, viewW, viewH, isRed); red < 300 {
			return fmt.Errorf("banner: %d red pixels at the bottom right of the scene, want at least 300", red)
		}
		if got := s.History.DroppedWithin(1); got < 0.049 || got > 0.051 {
			return fmt.Errorf("DroppedWithin(1) = %v, want 0.05", got)
		}
		return glErr("banner")
	})
}

// F1's key help window appears over the middle of the window.
func TestKeyHelpWindow(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		frame(u, &s, 1.0/60)
		if !isClear(readBack().at(testW/2, testH/2)) {
			return fmt.Errorf("centre pixel covered before F1")
		}
		s.ShowKeys = true
		for i := 0; i < 3; i++ { // windows auto-size over their first frames
			frame(u, &s, 1.0/60)
		}
		img := readBack()
		if err := img.maybeSave("keys"); err != nil {
			return err
		}
		cx, cy := (testW-PanelWidth)/2, testH/2
		n, area := img.count(cx-50, cy-50, cx+50, cy+50, func(p [3]uint8) bool { return !isClear(p) })
		if n < area*9/10 {
			return fmt.Errorf("key help: %d of %d centre pixels covered, want 90%%", n, area)
		}
		return glErr("key help")
	})
}

// The texture protocol: after the first frame ImGui's atlas has a live GL
// texture, its status is OK, and Delete frees it.
func TestFontAtlasTexture(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		before := gfx.LiveObjects()
		frame(u, &s, 1.0/60)
		texs := platformTextures()
		if len(texs) == 0 {
			return fmt.Errorf("no textures in PlatformIO after a frame")
		}
		for i, tex := range texs {
			if tex.Status != imgui.TextureStatusOK {
				return fmt.Errorf("texture %d: status %d, want OK", i, tex.Status)
			}
			if tex.TexID == 0 || !gl.IsTexture(uint32(tex.TexID)) {
				return fmt.Errorf("texture %d: id %d is not a GL texture", i, tex.TexID)
			}
		}
		if got := gfx.LiveObjects(); got != before+len(texs) {
			return fmt.Errorf("LiveObjects = %d after the first frame, want %d + %d textures", got, before, len(texs))
		}
		return nil
	})
}

// Every field the renderer reads through its C mirrors agrees with
// cimgui-go's own accessors.
func TestCLayoutMatchesAccessors(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		fillHistory(s.History, 300, 5)
		frame(u, &s, 1.0/60)
		clearFrame()
		u.NewFrame(1.0 / 60)
		u.Panel(&s)
		imgui.Render()
		u.inFrame = false
		dd := imgui.CurrentDrawData()
		m := currentDrawData()
		if m.CmdListsCount != dd.CmdListsCount() || m.TotalVtxCount != dd.TotalVtxCount() || m.TotalIdxCount != dd.TotalIdxCount() {
			return fmt.Errorf("draw data counts: mirror %d/%d/%d, cimgui-go %d/%d/%d", m.CmdListsCount, m.TotalVtxCount,
				m.TotalIdxCount, dd.CmdListsCount(), dd.TotalVtxCount(), dd.TotalIdxCount())
		}
		if m.DisplaySize.X != dd.DisplaySize().X || m.DisplaySize.Y != dd.DisplaySize().Y ||
			m.FramebufferScale.X != dd.FramebufferScale().X {
			return fmt.Errorf("display: mirror %+v, cimgui-go %+v", m.DisplaySize, dd.DisplaySize())
		}
		var vtx, idx int32
		for i, l := range m.drawLists() {
			vtx += l.VtxBuffer.Size
			idx += l.IdxBuffer.Size
			wl := imgui.NewDrawListFromC(unsafe.Pointer(l))
			if wl.CmdBuffer().Size != int(l.CmdBuffer.Size) {
				return fmt.Errorf("list %d: %d commands, cimgui-go %d", i, l.CmdBuffer.Size, wl.CmdBuffer().Size)
			}
			cmds := l.cmds()
			for j := range cmds {
				wc := imgui.NewDrawCmdFromC(unsafe.Pointer(&cmds[j]))
				if wc.ElemCount() != cmds[j].ElemCount || wc.VtxOffset() != cmds[j].VtxOffset ||
					wc.IdxOffset() != cmds[j].IdxOffset || uint64(wc.TexID()) != cmds[j].texID() {
					return fmt.Errorf("list %d cmd %d: mirror %+v disagrees with cimgui-go", i, j, cmds[j])
				}
			}
		}
		if vtx != m.TotalVtxCount || idx != m.TotalIdxCount {
			return fmt.Errorf("sum over lists %d/%d, totals %d/%d", vtx, idx, m.TotalVtxCount, m.TotalIdxCount)
		}
		pio := platformTextures()
		dtex := m.textures()
		if len(pio) != len(dtex) || len(pio) == 0 || pio[0] != dtex[0] {
			return fmt.Errorf("DrawData.Textures (%d) and PlatformIO.Textures (%d) differ", len(dtex), len(pio))
		}
		for i, tex := range pio {
			w := imgui.NewTextureDataFromC(unsafe.Pointer(tex))
			if w.Width() != tex.Width || w.Height() != tex.Height || uint64(w.TexID()) != tex.TexID ||
				w.Status() != tex.Status || w.BytesPerPixel() != tex.BytesPerPixel || w.UniqueID() != tex.UniqueID {
				return fmt.Errorf("texture %d: mirror %+v disagrees with cimgui-go", i, *tex)
			}
		}
		return nil
	})
}

// The panel pass restores the GL state the 3D renderer had set.
func TestRenderRestoresGLState(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		clearFrame()
		gl.Enable(gl.DEPTH_TEST)
		gl.Enable(gl.CULL_FACE)
		gl.Disable(gl.BLEND)
		gl.Disable(gl.SCISSOR_TEST)
		gl.BlendFunc(gl.ONE, gl.ZERO)
		gl.Viewport(10, 20, 300, 200)
		var vao uint32
		gl.GenVertexArrays(1, &vao)
		defer gl.DeleteVertexArrays(1, &vao)
		gl.BindVertexArray(vao)
		gl.ActiveTexture(gl.TEXTURE3)

		u.NewFrame(1.0 / 60)
		u.Panel(&s)
		u.Render()

		var vp [4]int32
		gl.GetIntegerv(gl.VIEWPORT, &vp[0])
		var boundVAO, active, src int32
		gl.GetIntegerv(gl.VERTEX_ARRAY_BINDING, &boundVAO)
		gl.GetIntegerv(gl.ACTIVE_TEXTURE, &active)
		gl.GetIntegerv(gl.BLEND_SRC_RGB, &src)
		switch {
		case !gl.IsEnabled(gl.DEPTH_TEST) || !gl.IsEnabled(gl.CULL_FACE):
			return fmt.Errorf("depth test or culling not restored")
		case gl.IsEnabled(gl.BLEND) || gl.IsEnabled(gl.SCISSOR_TEST):
			return fmt.Errorf("blend or scissor left enabled")
		case vp != [4]int32{10, 20, 300, 200}:
			return fmt.Errorf("viewport %v not restored", vp)
		case uint32(boundVAO) != vao:
			return fmt.Errorf("vertex array %d not restored (want %d)", boundVAO, vao)
		case active != gl.TEXTURE3:
			return fmt.Errorf("active texture 0x%x not restored", active)
		case src != gl.ONE:
			return fmt.Errorf("blend func not restored")
		}
		return glErr("state")
	})
}

// Real input: the cursor warped over the "Keys (F1)" button, a press and a
// release forwarded as the app's callbacks would, toggles ShowKeys; the
// mouse over the panel is captured, over the scene it is not.
func TestMouseClickThroughForwardedEvents(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		s, err := testState()
		if err != nil {
			return err
		}
		var keysMin, keysMax imgui.Vec2
		itemHook = func(name string) {
			if name == "keys" {
				keysMin, keysMax = imgui.ItemRectMin(), imgui.ItemRectMax()
			}
		}
		defer func() { itemHook = nil }()
		frame(u, &s, 1.0/60)
		frame(u, &s, 1.0/60)
		if keysMax.X <= keysMin.X {
			return fmt.Errorf("Keys button not found")
		}

		win.SetCursorPos(100, 100) // over the scene
		glfw.PollEvents()
		frame(u, &s, 1.0/60)
		frame(u, &s, 1.0/60)
		if u.WantCaptureMouse() {
			return fmt.Errorf("WantCaptureMouse over the scene")
		}

		cx, cy := float64(keysMin.X+keysMax.X)/2, float64(keysMin.Y+keysMax.Y)/2
		win.SetCursorPos(cx, cy)
		glfw.PollEvents()
		if x, y := win.GetCursorPos(); int(x) != int(cx) || int(y) != int(cy) {
			return fmt.Errorf("cursor warp to %v,%v landed at %v,%v", cx, cy, x, y)
		}
		frame(u, &s, 1.0/60)
		if !u.WantCaptureMouse() {
			return fmt.Errorf("no WantCaptureMouse over the panel (focused %v, hovered %v)",
				win.GetAttrib(glfw.Focused), win.GetAttrib(glfw.Hovered))
		}
		u.MouseButton(glfw.MouseButtonLeft, glfw.Press)
		frame(u, &s, 1.0/60)
		u.MouseButton(glfw.MouseButtonLeft, glfw.Release)
		frame(u, &s, 1.0/60)
		if !s.ShowKeys {
			return fmt.Errorf("click on Keys (F1) at %v,%v did not set ShowKeys", cx, cy)
		}
		return glErr("input")
	})
}

// The layout: panel at the right, plots under the view, the view in the
// rest; the panel never takes more than half the width and the plots not
// more than 30 % of the height, so the view keeps at least half the width
// (issue 10: at 400x300 the panel hid the whole view).
func TestComputeLayout(t *testing.T) {
	for _, c := range []struct {
		w, h   float32
		plots  bool
		panelW float32
		want   layout
	}{
		{1280, 720, true, PanelWidth, layout{viewW: 1280 - PanelWidth, viewH: 720 - PlotsHeight, panelW: PanelWidth, plots: true}},
		{1280, 720, false, PanelWidth, layout{viewW: 1280 - PanelWidth, viewH: 720, panelW: PanelWidth}},
		{1280, 400, true, PanelWidth, layout{viewW: 1280 - PanelWidth, viewH: 280, panelW: PanelWidth, plots: true}},
		{600, 720, true, PanelWidth, layout{viewW: 300, viewH: 720 - PlotsHeight, panelW: 300, plots: true}},
		{800, 500, true, PanelWidth, layout{viewW: 400, viewH: 350, panelW: 400, plots: true}},
		{400, 300, true, PanelWidth, layout{viewW: 200, viewH: 300, panelW: 200}},        // strip too short to read
		{1280, 720, true, 0, layout{viewW: 1280, viewH: 720 - PlotsHeight, plots: true}}, // hidden (F2)
		{1280, 720, true, 100, layout{viewW: 1280 - MinPanelWidth, viewH: 720 - PlotsHeight, panelW: MinPanelWidth, plots: true}},
		{0, 0, true, PanelWidth, layout{}},
	} {
		got := computeLayout(c.w, c.h, c.plots, c.panelW)
		if got != c.want {
			t.Errorf("layout of %gx%g plots %v panel %g = %+v, want %+v", c.w, c.h, c.plots, c.panelW, got, c.want)
		}
		if got.viewW < c.w/2 {
			t.Errorf("%gx%g: view %g wide, less than half the window", c.w, c.h, got.viewW)
		}
		if c.panelW == PanelWidth {
			if w, h := SceneSize(c.w, c.h, c.plots); w != c.want.viewW || h != c.want.viewH {
				t.Errorf("SceneSize(%g, %g) = %g x %g", c.w, c.h, w, h)
			}
		}
	}
}

// textUnformatted (the panel's direct, copy-free call into ImGui) makes
// one text item as wide as its text; the empty string is an empty item.
func TestTextUnformattedDirect(t *testing.T) {
	withUI(t, func(win *glfw.Window, u *UI) error {
		clearFrame()
		u.NewFrame(1.0 / 60)
		imgui.Begin("text test")
		textUnformatted("100% of 12 ms")
		full := imgui.ItemRectSize()
		textUnformatted("100%")
		part := imgui.ItemRectSize()
		textUnformatted("")
		empty := imgui.ItemRectSize()
		l := newLine()
		l.reset().s("100").s("%").text()
		fromLine := imgui.ItemRectSize()
		imgui.End()
		u.Render()
		if !(full.X > part.X && part.X > 0 && empty.X == 0 && empty.Y > 0 && fromLine == part) {
			return fmt.Errorf("text item sizes: %v, %v, empty %v, from a line %v", full, part, empty, fromLine)
		}
		return glErr("text")
	})
}
