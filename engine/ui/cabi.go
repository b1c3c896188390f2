package ui

import (
	"unsafe"

	"github.com/AllenDang/cimgui-go/imgui"
)

// Go mirrors of the few Dear ImGui 1.92 C structs the renderer walks every
// frame (cimgui.h as shipped in cimgui-go v1.4.0, 64-bit layout).
//
// Why mirror instead of calling cimgui-go's accessors: each accessor call
// there allocates (closures, wrapper structs, a runtime.Pinner per vector),
// which would put hundreds of allocations per frame into the render loop,
// and DrawData.Textures().Slice() builds its Go slice over the wrong
// pointer type, so only its first element is right. Reading the C memory
// directly costs nothing and allocates nothing.
// TestCLayoutMatchesAccessors cross-checks every field used here against
// cimgui-go's own accessors, so a layout change in a future version fails a
// test instead of drawing garbage.

// cVector mirrors ImVector<T>: {int Size; int Capacity; T* Data}.
type cVector struct {
	Size     int32
	Capacity int32
	Data     unsafe.Pointer
}

// cVec2 mirrors ImVec2.
type cVec2 struct{ X, Y float32 }

// cVec4 mirrors ImVec4.
type cVec4 struct{ X, Y, Z, W float32 }

// cDrawVert mirrors ImDrawVert: pos, uv, packed RGBA colour; 20 bytes, the
// stride the vertex layout in renderer.go is built on.
type cDrawVert struct {
	Pos cVec2
	UV  cVec2
	Col uint32
}

// cDrawCmd mirrors ImDrawCmd (72 bytes).
type cDrawCmd struct {
	ClipRect               cVec4
	TexData                *cTextureData // ImTextureRef._TexData
	TexID                  uint64        // ImTextureRef._TexID
	VtxOffset              uint32
	IdxOffset              uint32
	ElemCount              uint32
	UserCallback           unsafe.Pointer
	UserCallbackData       unsafe.Pointer
	UserCallbackDataSize   int32
	UserCallbackDataOffset int32
}

// texID is ImDrawCmd::GetTexID: a command that refers to a managed texture
// reads the id through it, because the id is only known once the renderer
// has created that texture, which may be after the command was recorded.
func (c *cDrawCmd) texID() uint64 {
	if c.TexData != nil {
		return c.TexData.TexID
	}
	return c.TexID
}

// cDrawList mirrors the leading fields of ImDrawList; the rest of the
// struct is never read.
type cDrawList struct {
	CmdBuffer cVector // ImDrawCmd
	IdxBuffer cVector // ImDrawIdx (uint16)
	VtxBuffer cVector // ImDrawVert
}

// cDrawData mirrors ImDrawData.
type cDrawData struct {
	Valid            bool
	CmdListsCount    int32
	TotalIdxCount    int32
	TotalVtxCount    int32
	CmdLists         cVector // ImDrawList*
	DisplayPos       cVec2
	DisplaySize      cVec2
	FramebufferScale cVec2
	OwnerViewport    unsafe.Pointer
	Textures         *cVector // ImTextureData*; points at PlatformIO.Textures
}

// cTextureRect mirrors ImTextureRect (texels).
type cTextureRect struct{ X, Y, W, H uint16 }

// cTextureData mirrors ImTextureData.
type cTextureData struct {
	UniqueID             int32
	Status               imgui.TextureStatus
	BackendUserData      unsafe.Pointer
	TexID                uint64
	Format               imgui.TextureFormat
	Width                int32
	Height               int32
	BytesPerPixel        int32
	Pixels               unsafe.Pointer
	UsedRect             cTextureRect
	UpdateRect           cTextureRect
	Updates              cVector // ImTextureRect
	UnusedFrames         int32
	RefCount             uint16
	UseColors            bool
	WantDestroyNextFrame bool
}

// Compile-time layout checks against cimgui-go's own cgo types (the C
// structs themselves): a size or offset that differs makes one of these
// array lengths negative and the package fails to build.
var (
	cgoCmd  = imgui.DrawCmd{}.CData
	cgoVert = imgui.DrawVert{}.CData
	cgoList = imgui.DrawList{}.CData
	cgoData = imgui.DrawData{}.CData
	cgoTex  = imgui.TextureData{}.CData
)

const (
	_ = uint(unsafe.Sizeof(cDrawVert{}) - unsafe.Sizeof(*cgoVert))
	_ = uint(unsafe.Sizeof(*cgoVert) - unsafe.Sizeof(cDrawVert{}))
	_ = uint(unsafe.Sizeof(cDrawCmd{}) - unsafe.Sizeof(*cgoCmd))
	_ = uint(unsafe.Sizeof(*cgoCmd) - unsafe.Sizeof(cDrawCmd{}))
	_ = uint(unsafe.Offsetof(cDrawCmd{}.VtxOffset) - unsafe.Offsetof(cgoCmd.VtxOffset))
	_ = uint(unsafe.Offsetof(cgoCmd.VtxOffset) - unsafe.Offsetof(cDrawCmd{}.VtxOffset))
	_ = uint(unsafe.Offsetof(cDrawCmd{}.ElemCount) - unsafe.Offsetof(cgoCmd.ElemCount))
	_ = uint(unsafe.Offsetof(cgoCmd.ElemCount) - unsafe.Offsetof(cDrawCmd{}.ElemCount))
	_ = uint(unsafe.Offsetof(cDrawCmd{}.UserCallback) - unsafe.Offsetof(cgoCmd.UserCallback))
	_ = uint(unsafe.Offsetof(cgoCmd.UserCallback) - unsafe.Offsetof(cDrawCmd{}.UserCallback))
	_ = uint(unsafe.Offsetof(cDrawList{}.VtxBuffer) - unsafe.Offsetof(cgoList.VtxBuffer))
	_ = uint(unsafe.Offsetof(cgoList.VtxBuffer) - unsafe.Offsetof(cDrawList{}.VtxBuffer))
	_ = uint(unsafe.Sizeof(cDrawData{}) - unsafe.Sizeof(*cgoData))
	_ = uint(unsafe.Sizeof(*cgoData) - unsafe.Sizeof(cDrawData{}))
	_ = uint(unsafe.Offsetof(cDrawData{}.CmdLists) - unsafe.Offsetof(cgoData.CmdLists))
	_ = uint(unsafe.Offsetof(cgoData.CmdLists) - unsafe.Offsetof(cDrawData{}.CmdLists))
	_ = uint(unsafe.Offsetof(cDrawData{}.Textures) - unsafe.Offsetof(cgoData.Textures))
	_ = uint(unsafe.Offsetof(cgoData.Textures) - unsafe.Offsetof(cDrawData{}.Textures))
	_ = uint(unsafe.Sizeof(cTextureData{}) - unsafe.Sizeof(*cgoTex))
	_ = uint(unsafe.Sizeof(*cgoTex) - unsafe.Sizeof(cTextureData{}))
	_ = uint(unsafe.Offsetof(cTextureData{}.TexID) - unsafe.Offsetof(cgoTex.TexID))
	_ = uint(unsafe.Offsetof(cgoTex.TexID) - unsafe.Offsetof(cTextureData{}.TexID))
	_ = uint(unsafe.Offsetof(cTextureData{}.Pixels) - unsafe.Offsetof(cgoTex.Pixels))
	_ = uint(unsafe.Offsetof(cgoTex.Pixels) - unsafe.Offsetof(cTextureData{}.Pixels))
	_ = uint(unsafe.Offsetof(cTextureData{}.Updates) - unsafe.Offsetof(cgoTex.Updates))
	_ = uint(unsafe.Offsetof(cgoTex.Updates) - unsafe.Offsetof(cTextureData{}.Updates))
	_ = uint(unsafe.Offsetof(cTextureData{}.WantDestroyNextFrame) - unsafe.Offsetof(cgoTex.WantDestroyNextFrame))
	_ = uint(unsafe.Offsetof(cgoTex.WantDestroyNextFrame) - unsafe.Offsetof(cTextureData{}.WantDestroyNextFrame))
)

// drawLists returns the draw data's list of ImDrawList pointers.
func (d *cDrawData) drawLists() []*cDrawList {
	if d.CmdLists.Size <= 0 || d.CmdLists.Data == nil {
		return nil
	}
	return unsafe.Slice((**cDrawList)(d.CmdLists.Data), d.CmdLists.Size)
}

// textures returns every texture ImGui knows (PlatformIO.Textures), read
// through the C array of pointers.
func (d *cDrawData) textures() []*cTextureData {
	if d.Textures == nil {
		return nil
	}
	return texturesOf(d.Textures)
}

// texturesOf views an ImVector<ImTextureData*> as a Go slice.
func texturesOf(v *cVector) []*cTextureData {
	if v.Size <= 0 || v.Data == nil {
		return nil
	}
	return unsafe.Slice((**cTextureData)(v.Data), v.Size)
}

// cmds returns the list's draw commands.
func (l *cDrawList) cmds() []cDrawCmd {
	if l.CmdBuffer.Size <= 0 || l.CmdBuffer.Data == nil {
		return nil
	}
	return unsafe.Slice((*cDrawCmd)(l.CmdBuffer.Data), l.CmdBuffer.Size)
}

// updates returns the texture's pending update rectangles.
func (t *cTextureData) updates() []cTextureRect {
	if t.Updates.Size <= 0 || t.Updates.Data == nil {
		return nil
	}
	return unsafe.Slice((*cTextureRect)(t.Updates.Data), t.Updates.Size)
}

// pixelsAt is ImTextureData::GetPixelsAt.
func (t *cTextureData) pixelsAt(x, y int) unsafe.Pointer {
	return unsafe.Add(t.Pixels, (y*int(t.Width)+x)*int(t.BytesPerPixel))
}

// currentDrawData returns ImGui's draw data after imgui.Render, or nil.
func currentDrawData() *cDrawData {
	dd := imgui.CurrentDrawData()
	if dd == nil || dd.CData == nil {
		return nil
	}
	return (*cDrawData)(unsafe.Pointer(dd.CData))
}

// platformTextures reads PlatformIO.Textures through its C array (used at
// shut-down, when there is no draw data).
func platformTextures() []*cTextureData {
	v := imgui.CurrentPlatformIO().Textures()
	if v.Size <= 0 || v.Data == nil {
		return nil
	}
	// cimgui-go stores the ImTextureData** array pointer in the first
	// wrapper's CData; reinterpret it as the array it really is.
	return unsafe.Slice((**cTextureData)(unsafe.Pointer(v.Data.CData)), v.Size)
}
