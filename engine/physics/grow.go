package physics

// grow returns s resized to length n, reusing its array when it holds n
// and otherwise allocating a new one with half as much room again (plus a
// little, for tiny worlds), so that a world that grows by a few bodies at
// a time (shots) does not allocate on every step. The contents are kept
// only when the array is reused: callers overwrite, or clear, what they
// read. This is the one resize of the step's scratch buffers.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/2+16)
	}
	return s[:n]
}
