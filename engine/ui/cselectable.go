package ui

// Why the event list calls Dear ImGui's Selectable itself: cimgui-go's
// SelectableBoolV copies its label into a C string and allocates a closure
// to free it, for every row of every frame (the list's 100 rows were some
// 240 allocations a frame). igSelectable_Bool reads the NUL-terminated
// label during the call and keeps no pointer to it, so the line buffer's
// bytes (Go memory holding no Go pointers, which cgo allows for the length
// of a call) are handed over as they are, as ctext.go does for text. The
// prototype is cimgui.h's of cimgui-go v1.4.0; ImVec2 is declared by its
// layout (two floats), which is all the calling convention sees.

/*
#include <stdbool.h>

typedef struct { float x; float y; } uiVec2;

bool igSelectable_Bool(const char* label, bool selected, int flags, uiVec2 size);

static bool uiSelectable(const char* label, bool selected, int flags) {
	uiVec2 size = {0, 0};
	return igSelectable_Bool(label, selected, flags, size);
}
*/
import "C"

import (
	"unsafe"

	"github.com/AllenDang/cimgui-go/imgui"
)

// selectable is imgui.SelectableBoolV with the line as its label (text,
// then "##" and an ID if wanted) and size 0, without copying or
// allocating. The line keeps its text; a NUL is added and taken off
// around the call.
func (l *line) selectable(selected bool, flags imgui.SelectableFlags) bool {
	l.b = append(l.b, 0)
	clicked := C.uiSelectable((*C.char)(unsafe.Pointer(&l.b[0])), C.bool(selected), C.int(flags))
	l.b = l.b[:len(l.b)-1]
	return bool(clicked)
}
