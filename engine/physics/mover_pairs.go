package physics

// Movers in the broadphase and the narrowphase. A body-mover pair is keyed
// like a slab pair whose tag has pairMoverBit: (body << 32) | pairMoverBit
// | mover, so for each body its slab pairs come first, then its movers,
// then its body pairs. Its manifold has b = -1 (nothing of the body
// passes treats it as a body) and static = -2 - mover.

// pairMoverBit marks a pair tag that names a mover (below pairBodyBit).
const pairMoverBit = 1 << 30

func pairKeyMover(a, k int) uint64 { return uint64(a)<<32 | pairMoverBit | uint64(k) }

// keyMover returns the mover of pair key, if it names one.
func keyMover(key uint64) (int, bool) {
	tag := uint32(key)
	if tag&pairBodyBit != 0 || tag&pairMoverBit == 0 {
		return 0, false
	}
	return int(tag &^ pairMoverBit), true
}

// moverPairs adds to the step's sorted pairs every awake body's pairs with
// the movers whose box over the step its fat box meets. Every body is
// tested against every mover: there are few movers (MaxMovers).
func (w *World) moverPairs() {
	bp := &w.bp
	ms := &w.mv
	add := ms.keys[:0]
	for i := range w.bodies {
		if bp.asleep[i] {
			continue
		}
		f := &bp.fat[i]
		for k := range w.mv.list {
			if f.overlaps(&w.mv.list[k].box) {
				add = append(add, pairKeyMover(i, k))
			}
		}
	}
	ms.keys = add
	if len(add) == 0 {
		return
	}
	// Merge: both are sorted. The merge's buffer and the pairs' swap
	// roles (neither is kept anywhere else).
	out := grow(ms.merge, len(bp.keys)+len(add))[:0]
	j := 0
	for _, key := range bp.keys {
		for j < len(add) && add[j] < key {
			out = append(out, add[j])
			j++
		}
		out = append(out, key)
	}
	out = append(out, add[j:]...)
	bp.keys, ms.merge = out, bp.keys
}

// moverShape sets B to mover k's box at the start of the step and returns
// its orientation and speculative margin.
func (w *World) moverShape(k int, B *boxShape) (sq, float64) {
	m := &w.mv.list[k]
	B.set(&m.p0, &m.def.Half, &m.rot0)
	return sqAt(&m.q0), m.margin
}
