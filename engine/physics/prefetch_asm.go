//go:build amd64 || arm64

package physics

import "unsafe"

// prefetchRange asks the processor to load the cache lines of the size
// bytes at p into its caches (prefetch_amd64.s, prefetch_arm64.s). A
// prefetch never faults, whatever p.
//
//go:noescape
func prefetchRange(p unsafe.Pointer, size uintptr)
