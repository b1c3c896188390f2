package physics

import (
	"testing"
	"unsafe"
)

// A prefetch never faults and its loop ends for any pointer and size: nil,
// a size of zero, a range that starts mid-line, and the last record of a
// slice.
func TestPrefetchRangeAnyPointer(t *testing.T) {
	ms := make([]manifold, 3)
	buf := make([]byte, 1000)
	cases := []struct {
		name string
		p    unsafe.Pointer
		size uintptr
	}{
		{"nil, empty", nil, 0},
		{"nil, one line", nil, 64},
		{"empty at a record", unsafe.Pointer(&ms[1]), 0},
		{"one byte", unsafe.Pointer(&buf[3]), 1},
		{"mid-line, across lines", unsafe.Pointer(&buf[37]), 200},
		{"last record", unsafe.Pointer(&ms[2]), unsafe.Sizeof(ms[2])},
	}
	for _, c := range cases {
		prefetchRange(c.p, c.size) // returns, and faults nothing
		t.Logf("%s: done", c.name)
	}
	prefetchManifold(&ms[2])
	prefetchManifoldHead(&ms[0])
	prefetchConstraint(&constraint{})
}
