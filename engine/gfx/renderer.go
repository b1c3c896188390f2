package gfx

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Quality trades image quality for fill rate.
type Quality uint8

const (
	// QualityAuto is QualityLow on software rasterisers (llvmpipe, softpipe,
	// swrast), QualityHigh otherwise.
	QualityAuto Quality = iota
	// QualityHigh: 2048-texel shadow map sampled with four bilinear taps.
	QualityHigh
	// QualityLow: 1024-texel shadow map, one bilinear tap. On llvmpipe the
	// lit pass costs about half as much.
	QualityLow
)

// Options configure a Renderer.
type Options struct {
	// Quality picks the shadow settings; zero is QualityAuto.
	Quality Quality
	// ShadowMapSize is the sun's shadow map width and height in texels,
	// 256..8192; 0 means the quality's size.
	ShadowMapSize int
	// CheckErrors calls glGetError after every pass and makes Render return
	// the first error (costs a driver round trip per pass; tests set it).
	CheckErrors bool
	// MSAA is the samples per pixel of the 3D view, drawn into a
	// multisampled framebuffer and resolved into the window's (whose own
	// framebuffer then needs no samples); 1 means none (draw straight into
	// the window's framebuffer); at most the driver's GL_MAX_SAMPLES. 0
	// means 4, or none on a software rasteriser, where 4 samples cost
	// about as much again as the rest of a frame (llvmpipe, 1,000 boxes at
	// 1280x720: about 160 instead of 70 CPU ms).
	MSAA int
	// NoCull draws every static every frame instead of only those in the
	// view's frustum (and, for shadows, the sun's): for comparisons.
	NoCull bool
}

// Frame is everything drawn in one frame. Slices are read during Render only.
type Frame struct {
	Width, Height int // framebuffer size in pixels (not window size); 0 skips drawing
	// View is the rectangle of the framebuffer the 3D view is drawn into,
	// with the camera's aspect set to its width / height; the rest of the
	// frame (where a panel goes) is only cleared to the sky. The zero
	// value, or a rectangle not inside the frame, means the whole frame.
	View         Viewport
	Camera       Camera
	Dynamic      []Instance // every dynamic box, drawn in one instanced call
	Lines        *LineBatch // depth-tested debug lines, may be nil
	Overlay      *LineBatch // lines drawn on top of everything, may be nil
	LineWidth    float32    // pixels for Lines; 0 means 1.5
	OverlayWidth float32    // pixels for Overlay; 0 means 2.5
}

// Renderer draws Frames: a shadow pass, then lit instanced boxes (statics,
// then dynamics) and debug lines, into a multisampled framebuffer that is
// then resolved into the window's default framebuffer (or straight into
// that with Options.MSAA 1); whatever is drawn after Render (the panel)
// goes onto the resolved image.
type Renderer struct {
	opts  Options
	Light Light

	box, shadow, line *Program
	cubeVBO, cubeIBO  *Buffer
	dynBuf, statBuf   *Buffer
	castBuf           *Buffer // culled: this frame's shadow casters
	dynVAO, statVAO   *VertexArray
	lineBuf           *Buffer
	lineVAO           *VertexArray
	castVAO           *VertexArray // statics that cast shadows: all but the floors
	shadowMap         *ShadowMap
	msaa              *msaaTarget // nil: draw straight into the window's framebuffer
	nStatic, nFloors  int32
	cells             staticCells // culled: the statics by grid cell
	viewCull          frustum
	// nView and nCast are the statics the last frame drew in the view and
	// into the shadow map.
	nView, nCast int32

	locBox struct {
		viewProj, lightViewProj, eye, sunDir, sunColor, skyColor, groundColor, fog, shadow, texel int32
	}
	locShadow struct{ lightViewProj int32 }
	locLine   struct{ viewProj, viewport, width int32 }

	// Matrices handed to glUniformMatrix4fv live here: a local passed to
	// cgo by pointer escapes, and would be allocated every frame.
	lightViewProj, viewProj mgl32.Mat4
}

// NewRenderer compiles the shaders and makes the buffers; a context must be
// current and Init called.
func NewRenderer(o Options) (r *Renderer, err error) {
	if o.Quality == QualityAuto {
		o.Quality = QualityHigh
		if IsSoftware() {
			o.Quality = QualityLow
		}
	}
	taps := int32(4)
	if o.Quality == QualityLow {
		taps = 1
	}
	if o.ShadowMapSize == 0 {
		o.ShadowMapSize = 2048
		if o.Quality == QualityLow {
			o.ShadowMapSize = 1024
		}
	}
	r = &Renderer{opts: o, Light: DefaultLight()}
	defer func() {
		if err != nil {
			r.Delete()
			r = nil
		}
	}()
	if r.box, err = NewProgramDefines("box", fmt.Sprintf("SHADOW_TAPS %d", taps)); err != nil {
		return
	}
	if r.shadow, err = NewProgram("shadow"); err != nil {
		return
	}
	if r.line, err = NewProgram("line"); err != nil {
		return
	}
	if r.shadowMap, err = NewShadowMap(o.ShadowMapSize); err != nil {
		return
	}
	if o.MSAA == 0 {
		o.MSAA = 4
		if IsSoftware() {
			o.MSAA = 1
		}
	}
	if o.MSAA = min(o.MSAA, maxSamples()); o.MSAA > 1 {
		if r.msaa, err = newMSAATarget(o.MSAA); err != nil {
			return
		}
	}
	r.opts.MSAA = max(o.MSAA, 1)
	for _, b := range []**Buffer{&r.cubeVBO, &r.dynBuf, &r.statBuf, &r.castBuf, &r.lineBuf} {
		if *b, err = NewBuffer(gl.ARRAY_BUFFER); err != nil {
			return
		}
	}
	if r.cubeIBO, err = NewBuffer(gl.ELEMENT_ARRAY_BUFFER); err != nil {
		return
	}
	for _, v := range []**VertexArray{&r.dynVAO, &r.statVAO, &r.castVAO, &r.lineVAO} {
		if *v, err = NewVertexArray(); err != nil {
			return
		}
	}
	r.cubeVBO.SetStatic(unsafe.Pointer(&cubeVertices[0]), len(cubeVertices)*4)
	r.statBuf.Stream(nil, 0)
	r.castBuf.Stream(nil, 0)
	r.instanceVAO(r.dynVAO, r.dynBuf, 0)
	r.instanceVAO(r.statVAO, r.statBuf, 0)
	r.instanceVAO(r.castVAO, r.castBuf, 0)
	r.cubeIBO.SetStatic(unsafe.Pointer(&cubeIndices[0]), len(cubeIndices)*2)
	r.lineVAO.Bind()
	r.lineBuf.Stream(nil, 0)
	attrib(0, 3, lineVertexFloats*4, 0, 0)
	attrib(1, 3, lineVertexFloats*4, 12, 0)
	gl.BindVertexArray(0)

	b := &r.locBox
	b.viewProj, b.lightViewProj, b.eye = r.box.Loc("uViewProj"), r.box.Loc("uLightViewProj"), r.box.Loc("uEye")
	b.sunDir, b.sunColor, b.skyColor = r.box.Loc("uSunDir"), r.box.Loc("uSunColor"), r.box.Loc("uSkyColor")
	b.groundColor, b.fog = r.box.Loc("uGroundColor"), r.box.Loc("uFogDistance")
	b.shadow, b.texel = r.box.Loc("uShadow"), r.box.Loc("uShadowTexel")
	r.locShadow.lightViewProj = r.shadow.Loc("uLightViewProj")
	r.locLine.viewProj, r.locLine.viewport, r.locLine.width = r.line.Loc("uViewProj"), r.line.Loc("uViewport"), r.line.Loc("uWidth")
	if o.CheckErrors {
		err = CheckError("renderer setup")
	}
	return r, err
}

// instanceVAO sets up vao to draw the unit cube once per instance of buf,
// starting first instances into the buffer.
func (r *Renderer) instanceVAO(vao *VertexArray, buf *Buffer, first int) {
	vao.Bind()
	r.cubeVBO.Bind()
	attrib(0, 3, 24, 0, 0)
	attrib(1, 3, 24, 12, 0)
	r.cubeIBO.Bind() // the element binding is part of the vertex array
	buf.Bind()
	off := uintptr(first * instanceBytes)
	attrib(2, 3, instanceBytes, off, 1)
	attrib(3, 3, instanceBytes, off+12, 1)
	attrib(4, 4, instanceBytes, off+24, 1)
	attrib(5, 4, instanceBytes, off+40, 1)
	gl.BindVertexArray(0)
}

// SetStatics takes the static boxes, drawn in one instanced call every
// frame; call it when the scene changes, not every frame. The first floors
// of them receive shadows but cast none (the ground: nothing is under it,
// and leaving it out of the shadow map saves filling every texel of it).
// Each frame uploads only those in the view's frustum (and, for the shadow
// map, in the sun's), found through a grid built here; with Options.NoCull
// they are uploaded once, here, and all drawn.
func (r *Renderer) SetStatics(s []Instance, floors int) {
	floors = max(0, min(floors, len(s)))
	r.nStatic, r.nFloors = int32(len(s)), int32(floors)
	r.nView, r.nCast = r.nStatic, r.nStatic-r.nFloors
	if !r.opts.NoCull {
		r.cells.build(s, floors)
		return
	}
	if len(s) == 0 {
		return
	}
	r.statBuf.Stream(unsafe.Pointer(&s[0]), len(s)*instanceBytes)
	r.castBuf.Stream(unsafe.Pointer(&s[0]), len(s)*instanceBytes)
	r.instanceVAO(r.castVAO, r.castBuf, floors)
}

// DrawnStatics is how many statics the last frame drew in the view and
// into the shadow map: all of them (less the floors for shadows) without
// culling.
func (r *Renderer) DrawnStatics() (view, shadow int) { return int(r.nView), int(r.nCast) }

// cullStatics uploads the statics not outside f into buf (the floors too
// when withFloors) and returns how many.
func (r *Renderer) cullStatics(f *frustum, buf *Buffer, withFloors bool) int32 {
	v := r.cells.visible(f, withFloors)
	if len(v) > 0 {
		buf.Stream(unsafe.Pointer(&v[0]), len(v)*instanceBytes)
	}
	return int32(len(v))
}

// Samples is the samples per pixel the 3D view is drawn with (1: no MSAA).
func (r *Renderer) Samples() int { return r.opts.MSAA }

// IsSoftware reports whether the current context renders on the CPU.
func IsSoftware() bool {
	name := strings.ToLower(gl.GoStr(gl.GetString(gl.RENDERER)))
	for _, s := range []string{"llvmpipe", "softpipe", "swrast", "software"} {
		if strings.Contains(name, s) {
			return true
		}
	}
	return false
}

// SkyRGB is the clear colour as written to the framebuffer (sRGB, 0..1).
func (r *Renderer) SkyRGB() [3]float32 { return srgb(r.Light.SkyColor) }

func srgb(c [3]float32) [3]float32 {
	var o [3]float32
	for i, v := range c {
		o[i] = float32(math.Pow(math.Max(float64(v), 0), 1/2.2))
	}
	return o
}

// Viewport is a rectangle of the framebuffer in pixels, with OpenGL's
// bottom-left origin (as glViewport takes it).
type Viewport struct{ X, Y, W, H int }

// view is the 3D view's rectangle: f.View, or the whole frame when f.View
// is empty or does not fit.
func (f *Frame) view() Viewport {
	v := f.View
	if v.W <= 0 || v.H <= 0 || v.X < 0 || v.Y < 0 || v.X+v.W > f.Width || v.Y+v.H > f.Height {
		return Viewport{0, 0, f.Width, f.Height}
	}
	return v
}

// Render draws f into the default framebuffer. A frame of zero size (a
// minimised window) draws nothing.
func (r *Renderer) Render(f *Frame) error {
	if f.Width <= 0 || f.Height <= 0 {
		return nil
	}
	if n := len(f.Dynamic); n > 0 {
		r.dynBuf.Stream(unsafe.Pointer(&f.Dynamic[0]), n*instanceBytes)
	}
	err := r.check(nil, "instance upload")
	r.shadowPass(f)
	err = r.check(err, "shadow pass")
	if r.msaa != nil {
		if e := r.msaa.bind(f.Width, f.Height); e != nil && err == nil {
			err = e
		}
	} else {
		gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	}
	r.boxPass(f)
	err = r.check(err, "box pass")
	r.linePass(f)
	err = r.check(err, "line pass")
	if r.msaa != nil {
		r.msaa.resolve()
		err = r.check(err, "MSAA resolve")
	}
	gl.BindVertexArray(0)
	return err
}

// check returns err, or when it is nil and error checks are on, the GL
// error after pass.
func (r *Renderer) check(err error, pass string) error {
	if err != nil || !r.opts.CheckErrors {
		return err
	}
	return CheckError(pass)
}

func (r *Renderer) shadowPass(f *Frame) {
	r.lightViewProj = r.sunViewProj(f.Camera)
	gl.BindFramebuffer(gl.FRAMEBUFFER, r.shadowMap.fbo)
	gl.Viewport(0, 0, r.shadowMap.size, r.shadowMap.size)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthMask(true)
	gl.Clear(gl.DEPTH_BUFFER_BIT)
	gl.Disable(gl.CULL_FACE)
	gl.Enable(gl.POLYGON_OFFSET_FILL)
	gl.PolygonOffset(1.5, 2)
	r.shadow.Use()
	gl.UniformMatrix4fv(r.locShadow.lightViewProj, 1, false, &r.lightViewProj[0])
	if !r.opts.NoCull {
		r.viewCull.set(&r.lightViewProj)
		r.nCast = r.cullStatics(&r.viewCull, r.castBuf, false)
	}
	if n := r.nCast; n > 0 {
		r.castVAO.Bind()
		gl.DrawElementsInstanced(gl.TRIANGLES, int32(len(cubeIndices)), gl.UNSIGNED_SHORT, nil, n)
	}
	r.drawDynamic(f)
	gl.Disable(gl.POLYGON_OFFSET_FILL)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}

func (r *Renderer) drawBoxes(f *Frame) {
	if !r.opts.NoCull {
		r.viewCull.set(&r.viewProj)
		r.nView = r.cullStatics(&r.viewCull, r.statBuf, true)
	}
	if r.nView > 0 {
		r.statVAO.Bind()
		gl.DrawElementsInstanced(gl.TRIANGLES, int32(len(cubeIndices)), gl.UNSIGNED_SHORT, nil, r.nView)
	}
	r.drawDynamic(f)
}

func (r *Renderer) drawDynamic(f *Frame) {
	if n := len(f.Dynamic); n > 0 {
		r.dynVAO.Bind()
		gl.DrawElementsInstanced(gl.TRIANGLES, int32(len(cubeIndices)), gl.UNSIGNED_SHORT, nil, int32(n))
	}
}

// boxPass draws into the bound framebuffer (the MSAA target or the
// window's).
func (r *Renderer) boxPass(f *Frame) {
	vp := f.view()
	gl.Viewport(int32(vp.X), int32(vp.Y), int32(vp.W), int32(vp.H))
	sky := r.SkyRGB()
	gl.ClearColor(sky[0], sky[1], sky[2], 1)
	gl.DepthMask(true)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthFunc(gl.LESS)
	gl.Enable(gl.CULL_FACE)
	gl.CullFace(gl.BACK)
	gl.Enable(gl.MULTISAMPLE)

	r.viewProj = f.Camera.ViewProj(vp.W, vp.H)
	l := &r.Light
	sun := l.SunDir
	if sun.Len() == 0 {
		sun = mgl64.Vec3{0, -1, 0}
	}
	sun = sun.Normalize()
	eye := f.Camera.Eye
	b := &r.locBox
	r.box.Use()
	gl.UniformMatrix4fv(b.viewProj, 1, false, &r.viewProj[0])
	gl.UniformMatrix4fv(b.lightViewProj, 1, false, &r.lightViewProj[0])
	gl.Uniform3f(b.eye, float32(eye[0]), float32(eye[1]), float32(eye[2]))
	gl.Uniform3f(b.sunDir, float32(sun[0]), float32(sun[1]), float32(sun[2]))
	gl.Uniform3fv(b.sunColor, 1, &l.SunColor[0])
	gl.Uniform3fv(b.skyColor, 1, &l.SkyColor[0])
	gl.Uniform3fv(b.groundColor, 1, &l.Ground[0])
	gl.Uniform1f(b.fog, float32(max(l.FogMeters, 1)))
	gl.Uniform1f(b.texel, 1/float32(r.shadowMap.size))
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_2D, r.shadowMap.tex)
	gl.Uniform1i(b.shadow, 0)
	r.drawBoxes(f)
	gl.Disable(gl.CULL_FACE)
}

func (r *Renderer) linePass(f *Frame) {
	if (f.Lines == nil || f.Lines.Len() == 0) && (f.Overlay == nil || f.Overlay.Len() == 0) {
		return
	}
	r.line.Use()
	gl.UniformMatrix4fv(r.locLine.viewProj, 1, false, &r.viewProj[0])
	vp := f.view()
	gl.Uniform2f(r.locLine.viewport, float32(vp.W), float32(vp.H))
	r.lineVAO.Bind()
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthMask(false)
	r.drawLines(f.Lines, f.LineWidth, 1.5)
	gl.Disable(gl.DEPTH_TEST)
	r.drawLines(f.Overlay, f.OverlayWidth, 2.5)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthMask(true)
}

func (r *Renderer) drawLines(l *LineBatch, width, def float32) {
	if l == nil || l.Len() == 0 {
		return
	}
	if width <= 0 {
		width = def
	}
	gl.Uniform1f(r.locLine.width, width)
	v := l.Vertices()
	r.lineBuf.Stream(unsafe.Pointer(&v[0]), len(v)*4)
	gl.DrawArrays(gl.LINES, 0, int32(len(v)/lineVertexFloats))
}

// Delete frees every GL object the renderer made; later calls do nothing.
func (r *Renderer) Delete() {
	if r == nil {
		return
	}
	r.box.Delete()
	r.shadow.Delete()
	r.line.Delete()
	r.shadowMap.Delete()
	r.msaa.Delete()
	r.msaa = nil
	for _, b := range []*Buffer{r.cubeVBO, r.cubeIBO, r.dynBuf, r.statBuf, r.castBuf, r.lineBuf} {
		b.Delete()
	}
	for _, v := range []*VertexArray{r.dynVAO, r.statVAO, r.castVAO, r.lineVAO} {
		v.Delete()
	}
}
