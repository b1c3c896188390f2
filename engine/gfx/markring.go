package gfx

// markCap is how many recent marks of one kind are kept; older ones are
// overwritten.
const markCap = 256

// stamped is a mark with the simulation time it was made at, s.
type stamped interface{ stamp() float64 }

// markRing keeps the newest markCap marks of one kind, oldest first, in a
// fixed array (nothing allocated per frame); expire drops the marks older
// than a lifetime. Hit markers and tunnel marks both age this way.
type markRing[T stamped] struct {
	ring    [markCap]T
	head, n int
}

// Add records a mark, overwriting the oldest when full.
func (r *markRing[T]) Add(t T) {
	if r.n == markCap {
		r.head = (r.head + 1) % markCap
		r.n--
	}
	r.ring[(r.head+r.n)%markCap] = t
	r.n++
}

// Len is the number of marks kept (some may have expired since the last Draw).
func (r *markRing[T]) Len() int { return r.n }

// At returns mark i, oldest first.
func (r *markRing[T]) At(i int) T { return r.ring[(r.head+i)%markCap] }

// Reset forgets every mark (a scene load or reset).
func (r *markRing[T]) Reset() { r.head, r.n = 0, 0 }

// faded is colour c dimmed with a mark's age: to 40% at the end of its
// life of seconds.
func faded(c [3]float32, age, seconds float64) [3]float32 {
	f := float32(1 - 0.6*age/seconds)
	return [3]float32{c[0] * f, c[1] * f, c[2] * f}
}

// expire drops the marks made more than seconds before now.
func (r *markRing[T]) expire(now, seconds float64) {
	for r.n > 0 && now-r.ring[r.head].stamp() > seconds {
		r.head = (r.head + 1) % markCap
		r.n--
	}
}
