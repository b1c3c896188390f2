package gfx

import (
	"errors"
	"math"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Options configure a Renderer.
type Options struct {
	// ShadowMapSize is the sun's shadow map width and height in texels,
	// 256..8192; 0 means 2048.
	ShadowMapSize int
	// CheckErrors calls glGetError after every pass and makes Render return
	// the first error (costs a driver round trip per pass; tests set it).
	CheckErrors bool
}

// Light is the scene lighting. Colours are linear RGB.
type Light struct {
	SunDir    mgl64.Vec3 // direction the sunlight travels (need not be unit)
	SunColor  [3]float32
	SkyColor  [3]float32 // ambient from above, the clear colour and the fog colour
	Ground    [3]float32 // ambient bounced from below
	FogMeters float64    // distance at which fog covers ~63%, m
}

// DefaultLight is a sun 45 degrees high whose light travels toward +x and a
// little +z: the default camera (looking down the range toward +x, -z) sees
// lit -x faces, and shadows fall to its right where they are seen rather
// than hidden behind what casts them.
func DefaultLight() Light {
	return Light{
		SunDir:    mgl64.Vec3{0.66, -0.7, 0.26},
		SunColor:  [3]float32{1.05, 0.98, 0.88},
		SkyColor:  [3]float32{0.42, 0.60, 0.88},
		Ground:    [3]float32{0.30, 0.27, 0.22},
		FogMeters: 260,
	}
}

// Frame is everything drawn in one frame. Slices are read during Render only.
type Frame struct {
	Width, Height int // framebuffer size in pixels (not window size); 0 skips drawing
	Camera        Camera
	Dynamic       []Instance // every dynamic box, drawn in one instanced call
	Lines         *LineBatch // depth-tested debug lines, may be nil
	Overlay       *LineBatch // lines drawn on top of everything, may be nil
	LineWidth     float32    // pixels for Lines; 0 means 1.5
	OverlayWidth  float32    // pixels for Overlay; 0 means 2.5
}

// Renderer draws Frames: a shadow pass, then lit instanced boxes (statics,
// then dynamics) and debug lines into the current default framebuffer.
type Renderer struct {
	opts  Options
	Light Light

	box, shadow, line *Program
	cubeVBO, cubeIBO  *Buffer
	dynBuf, statBuf   *Buffer
	dynVAO, statVAO   *VertexArray
	lineBuf           *Buffer
	lineVAO           *VertexArray
	shadowMap         *ShadowMap
	nStatic           int32

	locBox struct {
		viewProj, lightViewProj, eye, sunDir, sunColor, skyColor, groundColor, fog, shadow, texel int32
	}
	locShadow struct{ lightViewProj int32 }
	locLine   struct{ viewProj, viewport, width int32 }

	lightViewProj mgl32.Mat4
}

// NewRenderer compiles the shaders and makes the buffers; a context must be
// current and Init called.
func NewRenderer(o Options) (r *Renderer, err error) {
	if o.ShadowMapSize == 0 {
		o.ShadowMapSize = 2048
	}
	r = &Renderer{opts: o, Light: DefaultLight()}
	defer func() {
		if err != nil {
			r.Delete()
			r = nil
		}
	}()
	if r.box, err = NewProgram("box"); err != nil {
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
	for _, b := range []**Buffer{&r.cubeVBO, &r.dynBuf, &r.statBuf, &r.lineBuf} {
		if *b, err = NewBuffer(gl.ARRAY_BUFFER); err != nil {
			return
		}
	}
	if r.cubeIBO, err = NewBuffer(gl.ELEMENT_ARRAY_BUFFER); err != nil {
		return
	}
	for _, v := range []**VertexArray{&r.dynVAO, &r.statVAO, &r.lineVAO} {
		if *v, err = NewVertexArray(); err != nil {
			return
		}
	}
	r.cubeVBO.SetStatic(unsafe.Pointer(&cubeVertices[0]), len(cubeVertices)*4)
	for _, p := range [2]struct {
		vao *VertexArray
		buf *Buffer
	}{{r.dynVAO, r.dynBuf}, {r.statVAO, r.statBuf}} {
		p.vao.Bind()
		r.cubeVBO.Bind()
		attrib(0, 3, 24, 0, 0)
		attrib(1, 3, 24, 12, 0)
		r.cubeIBO.Bind() // element binding is part of the vertex array
		p.buf.Stream(nil, 0)
		attrib(2, 3, instanceBytes, 0, 1)
		attrib(3, 3, instanceBytes, 12, 1)
		attrib(4, 4, instanceBytes, 24, 1)
		attrib(5, 4, instanceBytes, 40, 1)
	}
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

// SetStatics uploads the static boxes (drawn in one instanced call every
// frame); call it when the scene changes, not every frame.
func (r *Renderer) SetStatics(s []Instance) {
	r.nStatic = int32(len(s))
	if len(s) == 0 {
		return
	}
	r.statBuf.Stream(unsafe.Pointer(&s[0]), len(s)*instanceBytes)
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

// Render draws f into the default framebuffer. A frame of zero size (a
// minimised window) draws nothing.
func (r *Renderer) Render(f *Frame) error {
	if f.Width <= 0 || f.Height <= 0 {
		return nil
	}
	var errs []error
	check := func(pass string) {
		if r.opts.CheckErrors {
			if err := CheckError(pass); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if n := len(f.Dynamic); n > 0 {
		r.dynBuf.Stream(unsafe.Pointer(&f.Dynamic[0]), n*instanceBytes)
	}
	check("instance upload")
	r.shadowPass(f)
	check("shadow pass")
	r.boxPass(f)
	check("box pass")
	r.linePass(f)
	check("line pass")
	gl.BindVertexArray(0)
	return errors.Join(errs...)
}

// sunViewProj fits the sun's orthographic frustum around the camera target,
// larger the further the camera is, snapped to whole shadow texels so that
// shadow edges do not crawl as the camera moves.
func (r *Renderer) sunViewProj(cam Camera) mgl32.Mat4 {
	dir := r.Light.SunDir
	if dir.Len() == 0 {
		dir = mgl64.Vec3{0, -1, 0}
	}
	dir = dir.Normalize()
	focus := cam.Target
	radius := math.Min(math.Max(cam.Eye.Sub(cam.Target).Len()*1.3+6, 14), 120)
	up := mgl64.Vec3{0, 1, 0}
	if math.Abs(dir[1]) > 0.99 {
		up = mgl64.Vec3{0, 0, 1}
	}
	view := mgl64.LookAtV(mgl64.Vec3{}, dir, up)
	// Snap the focus in light space to texels.
	texel := 2 * radius / float64(r.shadowMap.Size())
	fl := view.Mul4x1(focus.Vec4(1))
	fl[0] = math.Floor(fl[0]/texel) * texel
	fl[1] = math.Floor(fl[1]/texel) * texel
	depth := radius * 4
	proj := mgl64.Ortho(fl[0]-radius, fl[0]+radius, fl[1]-radius, fl[1]+radius, -fl[2]-depth, -fl[2]+depth)
	return mat32(proj.Mul4(view))
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
	r.drawBoxes(f)
	gl.Disable(gl.POLYGON_OFFSET_FILL)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}

func (r *Renderer) drawBoxes(f *Frame) {
	if r.nStatic > 0 {
		r.statVAO.Bind()
		gl.DrawElementsInstanced(gl.TRIANGLES, int32(len(cubeIndices)), gl.UNSIGNED_SHORT, nil, r.nStatic)
	}
	if n := len(f.Dynamic); n > 0 {
		r.dynVAO.Bind()
		gl.DrawElementsInstanced(gl.TRIANGLES, int32(len(cubeIndices)), gl.UNSIGNED_SHORT, nil, int32(n))
	}
}

func (r *Renderer) boxPass(f *Frame) {
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	gl.Viewport(0, 0, int32(f.Width), int32(f.Height))
	sky := r.SkyRGB()
	gl.ClearColor(sky[0], sky[1], sky[2], 1)
	gl.DepthMask(true)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthFunc(gl.LESS)
	gl.Enable(gl.CULL_FACE)
	gl.CullFace(gl.BACK)
	gl.Enable(gl.MULTISAMPLE)

	vp := f.Camera.ViewProj(f.Width, f.Height)
	l := &r.Light
	sun := l.SunDir
	if sun.Len() == 0 {
		sun = mgl64.Vec3{0, -1, 0}
	}
	sun = sun.Normalize()
	eye := f.Camera.Eye
	b := &r.locBox
	r.box.Use()
	gl.UniformMatrix4fv(b.viewProj, 1, false, &vp[0])
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
	vp := f.Camera.ViewProj(f.Width, f.Height)
	r.line.Use()
	gl.UniformMatrix4fv(r.locLine.viewProj, 1, false, &vp[0])
	gl.Uniform2f(r.locLine.viewport, float32(f.Width), float32(f.Height))
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
	for _, b := range []*Buffer{r.cubeVBO, r.cubeIBO, r.dynBuf, r.statBuf, r.lineBuf} {
		b.Delete()
	}
	for _, v := range []*VertexArray{r.dynVAO, r.statVAO, r.lineVAO} {
		v.Delete()
	}
}
