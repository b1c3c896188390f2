package physics

import "unsafe"

// Prefetching: the walks over the contact cache and the constraints read
// records of 504 and 672 bytes at places the hardware prefetchers do not
// foresee (each pair's manifold in its pool slot, each constraint in its
// colour), and on a machine whose last-level cache other programs share,
// each of those reads waits on memory. The walks ask for the record a few
// places ahead (prefetchAhead) while they work on the current one. A
// prefetch changes no value, only when a load finds its line in the cache.

// prefetchAhead is how many records ahead a walk asks for.
const prefetchAhead = 6

// prefetchManifold starts loading manifold m into the cache.
func prefetchManifold(m *manifold) { prefetchRange(unsafe.Pointer(m), unsafe.Sizeof(*m)) }

// prefetchManifoldHead starts loading what a constraint's refresh reads of
// manifold m (refreshConstraint): its fields before relP.
func prefetchManifoldHead(m *manifold) { prefetchRange(unsafe.Pointer(m), unsafe.Offsetof(m.relP)) }

// prefetchConstraint starts loading constraint c into the cache.
func prefetchConstraint(c *constraint) { prefetchRange(unsafe.Pointer(c), unsafe.Sizeof(*c)) }
