//go:build !amd64 && !arm64

package physics

import "unsafe"

// prefetchRange does nothing where no assembly asks for the lines.
func prefetchRange(p unsafe.Pointer, size uintptr) {}
