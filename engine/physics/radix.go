package physics

// LSD radix sorts on 8-bit digits. They are stable, allocation-free once the
// scratch buffers have grown, and skip every digit that is the same for all
// keys, so small keys cost one or two passes. Rejected alternative:
// slices.SortFunc, which is O(n log n) and not stable (ties would need an
// explicit tie-break to stay deterministic).

// cellEntry places one body in one broadphase grid cell.
type cellEntry struct {
	key  uint64
	body int32
}

// sortCells sorts a by key, keeping the input order among equal keys; tmp is
// scratch of at least len(a). It returns the sorted slice (a or tmp).
func sortCells(a, tmp []cellEntry) []cellEntry {
	if len(a) == 0 {
		return a
	}
	var hist [8][256]int32
	for i := range a {
		k := a[i].key
		for d := 0; d < 8; d++ {
			hist[d][byte(k>>(8*d))]++
		}
	}
	n := int32(len(a))
	src, dst := a, tmp[:len(a)]
	for d := 0; d < 8; d++ {
		h := &hist[d]
		if h[byte(src[0].key>>(8*d))] == n {
			continue // every key has the same digit here
		}
		var sum int32
		for i := range h {
			c := h[i]
			h[i] = sum
			sum += c
		}
		shift := uint(8 * d)
		for i := range src {
			e := src[i]
			b := byte(e.key >> shift)
			dst[h[b]] = e
			h[b]++
		}
		src, dst = dst, src
	}
	return src
}

// sortKeys sorts a ascending; tmp is scratch of at least len(a). It returns
// the sorted slice (a or tmp).
func sortKeys(a, tmp []uint64) []uint64 {
	if len(a) == 0 {
		return a
	}
	var hist [8][256]int32
	for _, k := range a {
		for d := 0; d < 8; d++ {
			hist[d][byte(k>>(8*d))]++
		}
	}
	n := int32(len(a))
	src, dst := a, tmp[:len(a)]
	for d := 0; d < 8; d++ {
		h := &hist[d]
		if h[byte(src[0]>>(8*d))] == n {
			continue
		}
		var sum int32
		for i := range h {
			c := h[i]
			h[i] = sum
			sum += c
		}
		shift := uint(8 * d)
		for _, k := range src {
			b := byte(k >> shift)
			dst[h[b]] = k
			h[b]++
		}
		src, dst = dst, src
	}
	return src
}
