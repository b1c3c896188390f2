package ui

// Why this file calls Dear ImGui's C function itself: cimgui-go's
// TextUnformatted copies every string into a C.CString and allocates a Go
// closure to free it, two allocations and a copy per line of text; the
// panel draws some fifty lines a frame. igTextUnformatted takes a begin and
// an end pointer and renders the text before it returns (it keeps no
// pointer), so the panel's own bytes can be handed over as they are: cgo
// allows passing Go memory that holds no Go pointers for the length of a
// call. The symbol comes from the cimgui library cimgui-go links; its
// prototype (cimgui.h of cimgui-go v1.4.0) is declared here because that
// header is not on this package's include path.

/*
void igTextUnformatted(const char* text, const char* text_end);

static void uiTextUnformatted(const char* text, int n) {
	if (n == 0) {
		text = "";
	}
	igTextUnformatted(text, text + n);
}
*/
import "C"

import "unsafe"

// textUnformatted draws s as one unformatted text item, without copying
// or allocating. An empty string still makes an (empty) item, as ImGui's
// own call does.
func textUnformatted(s string) {
	if len(s) == 0 {
		C.uiTextUnformatted(nil, 0)
		return
	}
	C.uiTextUnformatted((*C.char)(unsafe.Pointer(unsafe.StringData(s))), C.int(len(s)))
}
